import Foundation
import PMBoardBytes
import PMBoardCore

/// A milestone's page's progress, as HTML above its columns: how many of its tasks are done, how many are open in
/// each column, its due day and whether it is on track, and a burn-up chart (its tasks done by day against its
/// scope) as an inline SVG with the numbers beside it in a table. No script, the theme's colours (as
/// ``InsightsCharts``).
///
/// On track: every task done, or the share done at least the share of the milestone's span gone by, less a tenth
/// (the span runs from its start, else its first task done, else today, to its due day). Past its due day with work
/// open it is late; without a due day it says none.
struct MilestoneProgress {
  let option: FieldOption
  /// The milestone's cards (indices into the board's cards).
  let cards: [Int32]
  let tables: BoardTables
  let catalog: LocaleCatalog
  let formatter: LocaleFormatter
  let today: CalendarDate

  static let width = 640
  static let height = 220
  static let left = 44
  static let bottom = 180
  static let top = 24

  /// Open cards by column (`TaskState.order`), and the day each done card was done (sorted).
  private var counts: [Int] {
    cards.reduce(into: [0, 0, 0]) { counts, card in counts[tables.cards[Int(card)].state.order] += 1 }
  }

  private var doneDays: [CalendarDate] {
    cards.compactMap { card -> CalendarDate? in
      let index = tables.doneDayIndex[Int(card)]
      return tables.cards[Int(card)].state == .done && index >= 0 ? tables.doneDays[Int(index)] : nil
    }.sorted { $0.daysSinceEpoch < $1.daysSinceEpoch }
  }

  /// The words of the milestone's standing: `complete`, `closed`, `late`, `on_track`, `at_risk`, or nil without a
  /// due day.
  var standing: String? {
    let total = cards.count
    let done = counts[TaskState.done.order]
    if option.isClosed { return "closed" }
    if total > 0, done == total { return "complete" }
    guard let due = option.due else { return nil }
    if due.daysSinceEpoch < today.daysSinceEpoch { return "late" }
    let start = span.start.daysSinceEpoch
    let length = max(1, due.daysSinceEpoch - start)
    let gone = Double(max(0, today.daysSinceEpoch - start)) / Double(length)
    return Double(done) / Double(max(1, total)) >= gone - 0.1 ? "on_track" : "at_risk"
  }

  /// The chart's first and last day.
  private var span: (start: CalendarDate, end: CalendarDate) {
    let start = option.start ?? doneDays.first ?? today
    let ends = [option.due, doneDays.last, today].compactMap { $0 }
    let end = ends.max { $0.daysSinceEpoch < $1.daysSinceEpoch } ?? today
    return (start.daysSinceEpoch <= end.daysSinceEpoch ? start : end, end)
  }

  /// The milestone's page's section: the progress line, bar and open counts, the chart, and a link to the index
  /// of milestones (`indexHref`).
  func html(indexHref: String) -> String {
    """
    <section class="progress" aria-labelledby="progress-heading">
    <h3 id="progress-heading">\(text("milestone.progress"))</h3>
    \(standingLines)
    \(chart(total: cards.count))
    <p><a href="\(escape(indexHref))">\(text("milestone.index"))</a></p>
    </section>
    """
  }

  /// The index's section of the milestone: its name linking its page (`href`), then its progress line, bar and
  /// open counts.
  func summary(heading: String, href: String) -> String {
    """
    <section class="progress">
    <h3><a href="\(escape(href))"><bdi>\(escape(heading))</bdi></a></h3>
    \(standingLines)
    </section>
    """
  }

  /// Done of total, the due day and the standing; the bar; the open tasks by column.
  private var standingLines: String {
    let total = cards.count
    let done = counts[TaskState.done.order]
    let percent = total == 0 ? 0 : done * 100 / total
    var line = [
      message("milestone.done_of", ["done": String(done), "total": String(total), "percent": String(percent)])
    ]
    if let due = option.due { line.append(message("milestone.due", ["date": formatter.longDate(due)])) }
    if let standing { line.append("<strong class=\"standing \(standing)\">\(text("milestone.\(standing)"))</strong>") }
    let open = TaskState.allCases.filter { $0 != .done }.map { state in
      "<div><dt>\(escape(formatter.label(state)))</dt> <dd>\(counts[state.order])</dd></div>"
    }
    return """
      <p>\(line.joined(separator: " · "))</p>
      <progress max="\(max(1, total))" value="\(done)">\(percent)%</progress>
      <dl class="values">\(open.joined())</dl>
      """
  }

  /// The burn-up chart and its table: done tasks by day from the span's start, the scope as a line at the total.
  private func chart(total: Int) -> String {
    let (start, end) = span
    let days = max(1, end.daysSinceEpoch - start.daysSinceEpoch)
    let x = { (day: CalendarDate) in
      Self.left + (Self.width - Self.left - 10) * (day.daysSinceEpoch - start.daysSinceEpoch) / days
    }
    let y = { (value: Int) in Self.bottom - (Self.bottom - Self.top) * value / max(1, total) }
    let doneDays = doneDays
    var points = ["\(x(start)),\(y(0))"]
    var rows: [[String]] = []
    var count = 0
    // A step a day: up from the day's first done task to its last.
    while count < doneDays.count {
      let day = doneDays[count]
      var next = count
      while next < doneDays.count, doneDays[next].daysSinceEpoch == day.daysSinceEpoch { next += 1 }
      points.append("\(x(day)),\(y(count))")
      points.append("\(x(day)),\(y(next))")
      rows.append([escape(formatter.longDate(day)), String(next)])
      count = next
    }
    // Done so far: the line stops at the build's day, short of a due day still ahead.
    points.append("\(x(today.daysSinceEpoch < end.daysSinceEpoch ? today : end)),\(y(count))")
    let ideal =
      option.due.map {
        "<line class=\"ideal\" x1=\"\(x(start))\" y1=\"\(y(0))\" x2=\"\(x($0))\" y2=\"\(y(total))\"/>"
      } ?? ""
    let summary = message(
      "milestone.chart_text",
      [
        "done": String(count), "total": String(total), "from": formatter.longDate(start),
        "to": formatter.longDate(end),
      ])
    let table =
      rows.isEmpty
      ? ""
      : """
      <div class="table-wrap"><table>
      <caption>\(text("milestone.chart"))</caption>
      <thead><tr><th scope="col">\(text("milestone.day"))</th>
      <th scope="col">\(text("milestone.done"))</th></tr></thead>
      <tbody>
      \(rows.map { "<tr><th scope=\"row\">\($0[0])</th><td>\($0[1])</td></tr>" }.joined(separator: "\n"))
      </tbody>
      </table></div>
      """
    return """
      <figure>
      <svg class="chart burn-up" viewBox="0 0 \(Self.width) \(Self.height)" role="img"
       aria-labelledby="burn-up-title burn-up-desc">
      <title id="burn-up-title">\(text("milestone.chart"))</title>
      <desc id="burn-up-desc">\(summary)</desc>
      <g class="axis"><line x1="\(Self.left)" y1="\(Self.bottom)" x2="\(Self.width - 10)" y2="\(Self.bottom)"/>
      <line x1="\(Self.left)" y1="\(Self.top)" x2="\(Self.left)" y2="\(Self.bottom)"/></g>
      <text x="\(Self.left - 6)" y="\(Self.top + 5)" text-anchor="end">\(total)</text>
      <text x="\(Self.left - 6)" y="\(Self.bottom + 5)" text-anchor="end">0</text>
      <line class="scope" x1="\(Self.left)" y1="\(y(total))" x2="\(Self.width - 10)" y2="\(y(total))"/>
      \(ideal)
      <polyline class="done" points="\(points.joined(separator: " "))"/>
      <text x="\(Self.left)" y="\(Self.bottom + 28)">\(escape(formatter.longDate(start)))</text>
      <text x="\(Self.width - 10)" y="\(Self.bottom + 28)" text-anchor="end">\(escape(formatter.longDate(end)))</text>
      </svg>
      <figcaption>\(summary)</figcaption>
      </figure>
      \(table)
      """
  }

  private func text(_ key: String) -> String { escape(catalog.string(key)) }

  private func message(_ key: String, _ values: [String: String]) -> String { escape(formatter.message(key, values)) }

  private func escape(_ text: String) -> String { HTMLEscaper.escaped(text) }
}
