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
  /// Work-in-progress limits by column (`TaskState.order`).
  var wipLimits: [Int?] = [nil, nil, nil]
  /// Whether the site has task pages (`task-pages`), which a task's `link` leads to; else its card on its column's
  /// page.
  var taskPages = true
  /// Without task pages, the columns cut into pages: a task links its card on its own page.
  var pagedLinks: ColumnPages?

  /// The document, handed to `emit` in pieces of about ``SiteRenderer/outputChunk`` bytes: with its tasks, or
  /// with an empty `tasks` and the list of `pieces` that hold them (``taskPieces``). The tasks go from the card
  /// arena straight into a byte writer, escaped there (``MarkupText/json(_:into:)`` is the plain reference of the
  /// rules); a due date's text and the link's text before the id are made once (``TaskLines``).
  func render(pieces: [TaskPiece]? = nil, emit: (Span<UInt8>) -> Void) {
    var out = ByteWriter(capacity: SiteRenderer.outputChunk + 8192)
    func raw(_ text: String) { out.append(text) }
    func string(_ text: String) {
      out.appendByte(UInt8(ascii: "\""))
      out.appendJSONEscaped(text)
      out.appendByte(UInt8(ascii: "\""))
    }
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
    // Only the published columns: a left-out column's 0 would claim it is empty.
    raw(policy.stateList.map { "\"\($0.rawValue)\": \(column($0))" }.joined(separator: ", "))
    // Only the limits set, on published columns, and the columns that hold more than theirs.
    let limited = policy.stateList.compactMap { state in wipLimits[state.order].map { (state, $0) } }
    if !limited.isEmpty {
      raw("},\n  \"wipLimits\": {")
      raw(limited.map { "\"\($0.0.rawValue)\": \($0.1)" }.joined(separator: ", "))
      raw("},\n  \"overWipLimit\": [")
      raw(limited.filter { column($0.0) > $0.1 }.map { "\"\($0.0.rawValue)\"" }.joined(separator: ", "))
      raw("]")
    } else {
      raw("}")
    }
    raw(",\n  \"overdue\": \(tables.overdueCount),\n  \"published\": {\"bodies\": \(policy.bodies), \"states\": [")
    raw(policy.stateList.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
    raw("], \"history\": \"\(policy.history.rawValue)\"}")
    appendDeclarations(to: &out)
    if let pieces {
      appendPieceList(pieces, to: &out)
      out.flush(keeping: 0, to: emit)
      return
    }
    raw(",\n  \"tasks\": [")
    let lines = TaskLines(self)
    for index in 0..<tables.cards.count {
      lines.append(index, first: index == 0, of: self, to: &out)
      if out.pending > SiteRenderer.outputChunk { out.flush(keeping: 0, to: emit) }
    }
    out.appendStatic(tables.cards.count == 0 ? "]\n}\n" : "\n  ]\n}\n")
    out.flush(keeping: 0, to: emit)
  }

  /// What every task's line shares, made once a file: the due dates' JSON and, by state, the link's text around
  /// the id, escaped, in an arena of their own; the built-in names' members.
  struct TaskLines {
    let cards: FixedTable<CardRecord>
    let names: CardNames
    let nameText: ArenaBytes
    let text: ArenaBytes
    let fixedText: ArenaBytes
    let dues: [RawRef]
    /// By link slot (``CardLinkSlots``).
    let linkParts: [(before: RawRef, after: RawRef)]
    let slots: CardLinkSlots
    /// The built-in names' members, named by their task fields (`pmboard/1`'s `labels` and `assignees`), each with
    /// its field's place in the card names and the text that opens it.
    let builtInMembers: [(Int, String)]
    let withValues: Bool

    init(_ json: BoardJSON) {
      let tables = json.tables
      withValues = !json.declaredFields.isEmpty
      builtInMembers = TaskField.allCases.filter { $0.shape == .names }.enumerated().map { index, member in
        (NameField.place(of: member) ?? 0, (index == 0 ? ", \"" : "], \"") + member.rawValue + "\": [")
      }
      text = ArenaBytes(tables.cardBytes)
      var fixed = ByteWriter(capacity: tables.dueDates.count * 12 + 256)
      dues = tables.dueDates.map { fixed.appendRef("\"\($0)\"") }
      func escaped(_ text: String) -> String {
        var quoted: [UInt8] = []
        MarkupText.json(text, into: &quoted)
        return String(decoding: quoted.dropFirst().dropLast(), as: UTF8.self)
      }
      var linkParts: [(before: RawRef, after: RawRef)] = []
      slots = CardLinkSlots(taskPages: json.taskPages, paged: json.pagedLinks)
      for around in slots.arounds {
        let before = fixed.appendRef(escaped(json.links.root(SiteAddresses.locale(json.locale, around.before))))
        linkParts.append((before, fixed.appendRef(escaped(around.after))))
      }
      self.linkParts = linkParts
      fixedText = ArenaBytes(ByteArena(fixed))
      cards = FixedTable(tables.cards)
      names = tables.cardNames
      nameText = ArenaBytes(names.bytes)
    }

    /// Card `index`'s line: `{"id": …, "link": …}`, after a comma unless `first`.
    func append(_ index: Int, first: Bool, of json: BoardJSON, to out: inout ByteWriter) {
      let card = cards[index]
      out.appendStatic(first ? "\n    {\"id\": \"" : ",\n    {\"id\": \"")
      out.appendJSONEscaped(card.id.raw, from: text)
      out.appendStatic("\", \"title\": \"")
      out.appendJSONEscaped(card.title.raw, from: text)
      out.appendStatic("\", \"body\": \"")
      out.appendJSONEscaped(card.body.raw, from: text)
      out.appendStatic("\", \"state\": \"")
      switch card.state {
      case .todo: out.appendStatic("todo")
      case .doing: out.appendStatic("doing")
      case .done: out.appendStatic("done")
      }
      out.appendStatic("\", \"due\": ")
      if card.dueIndex < 0 { out.appendStatic("null") } else { out.append(dues[Int(card.dueIndex)], from: fixedText) }
      out.appendStatic(", \"overdue\": ")
      out.appendStatic(card.overdue ? "true" : "false")
      out.appendStatic(", \"dueToday\": ")
      out.appendStatic(card.dueToday ? "true" : "false")
      for (field, opening) in builtInMembers {
        out.append(opening)
        for (position, name) in names.range(of: field, card: index).enumerated() {
          out.appendStatic(position == 0 ? "\"" : ", \"")
          out.appendJSONEscaped(names.names[Int(names.cardNames[name])].text.raw, from: nameText)
          out.appendStatic("\"")
        }
      }
      out.appendStatic("], \"url\": ")
      if names.isEmpty || names.links[index].rawCount == 0 {
        out.appendStatic("null")
      } else {
        out.appendStatic("\"")
        out.appendJSONEscaped(names.links[index].raw, from: nameText)
        out.appendStatic("\"")
      }
      if withValues { json.appendValues(ofCard: index, to: &out) }
      out.appendStatic(", \"link\": \"")
      let slot = slots.slot(ofCard: index, state: card.state)
      out.append(linkParts[slot].before, from: fixedText)
      out.appendJSONEscaped(card.id.raw, from: text)
      out.append(linkParts[slot].after, from: fixedText)
      out.appendStatic("\"}")
    }
  }
}
