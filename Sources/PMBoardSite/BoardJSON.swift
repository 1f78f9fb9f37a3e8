import Foundation
import PMBoardBytes
import PMBoardCore

/// `board.json` at the site root: the published board for other tools. Its shape is `docs/board.schema.json`.
struct BoardJSON: Sendable {
  var tables: BoardTables
  var info: BoardInfo
  var moment: BuildMoment
  var policy: PublishPolicy
  var links: FeedLinks
  /// The locale whose board page the tasks link to.
  var locale: String

  /// The document, handed to `emit` in pieces of about ``SiteRenderer/outputChunk`` bytes.
  func render(emit: (Span<UInt8>) -> Void) {
    var out: [UInt8] = []
    out.reserveCapacity(SiteRenderer.outputChunk + 8192)
    func flush(over threshold: Int) {
      guard out.count > threshold else { return }
      emit(out.span)
      out.removeAll(keepingCapacity: true)
    }
    func raw(_ text: String) { out.append(contentsOf: text.utf8) }
    func string(_ text: String) { MarkupText.json(text, into: &out) }
    func column(_ state: TaskState) -> Int { tables.columnStarts[state.order + 1] - tables.columnStarts[state.order] }
    raw("{\n  \"board\": ")
    string(info.title)
    raw(",\n  \"asOf\": ")
    string(moment.asOf.map(Instant.format) ?? moment.today.description)
    raw(",\n  \"today\": ")
    string(moment.today.description)
    raw(",\n  \"timeZone\": ")
    string(info.timeZoneID)
    raw(",\n  \"counts\": {")
    raw(TaskState.allCases.map { "\"\($0.rawValue)\": \(column($0))" }.joined(separator: ", "))
    raw("},\n  \"overdue\": \(tables.overdueCount),\n  \"published\": {\"bodies\": \(policy.bodies), \"states\": [")
    raw(policy.stateList.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    raw("], \"history\": \"\(policy.history.rawValue)\"},\n  \"tasks\": [")
    let text = tables.cardBytes
    for index in 0..<tables.cards.count {
      let card = tables.cards[index]
      let id = text.string(card.id)
      raw(index == 0 ? "\n    {\"id\": " : ",\n    {\"id\": ")
      string(id)
      raw(", \"title\": ")
      string(text.string(card.title))
      raw(", \"body\": ")
      string(text.string(card.body))
      raw(", \"state\": \"\(card.state.rawValue)\", \"due\": ")
      raw(card.dueIndex < 0 ? "null" : "\"\(tables.dueDates[Int(card.dueIndex)])\"")
      raw(", \"overdue\": \(card.overdue), \"dueToday\": \(card.dueToday), \"link\": ")
      string(links.root("\(locale)/index.html#t-\(id)"))
      raw("}")
      flush(over: SiteRenderer.outputChunk)
    }
    raw(tables.cards.count == 0 ? "]\n}\n" : "\n  ]\n}\n")
    flush(over: 0)
  }
}
