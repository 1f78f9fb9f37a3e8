import Foundation
import PMBoardBytes
import PMBoardCore

/// The insights page's charts as HTML: each a `<figure>` with an inline SVG (`role="img"`, its `<title>` and a
/// `<desc>` saying what it shows in words) and the numbers drawn in a `<table>` a screen reader can walk. No
/// script; colours come from the theme's custom properties, so dark mode and print follow the stylesheet.
struct InsightsCharts {
  let insights: FlowInsights
  let tables: BoardTables
  let catalog: LocaleCatalog
  let formatter: LocaleFormatter
  /// The way to task pages from the page (`{{localeDir}}`); nil without task pages.
  let taskLinks: String?

  /// At most this many tasks of the aging chart and its table; the rest are counted.
  static let agingShown = 25
  static let width = 640
  static let height = 220
  /// The plot's left edge and bottom, leaving room for the axis labels.
  static let left = 44
  static let bottom = 190

  var html: String {
    [flowSection, throughputSection, cycleSection, agingSection].joined(separator: "\n")
  }

  private func text(_ key: String) -> String { escape(catalog.string(key)) }

  private func message(_ key: String, _ values: [String: String]) -> String {
    escape(formatter.message(key, values))
  }

  private func escape(_ text: String) -> String { HTMLEscaper.escaped(text) }

  private func date(_ day: CalendarDate) -> String { escape(formatter.longDate(day)) }

  private func stateLabel(_ state: TaskState) -> String { escape(formatter.label(state)) }

  /// One chart: heading, figure with the SVG and its words, then the table.
  private func section(
    id: String, heading: String, summary: String, svg body: String, table: String, height: Int = Self.height
  ) -> String {
    """
    <section class="insight" aria-labelledby="\(id)-heading">
    <h3 id="\(id)-heading">\(heading)</h3>
    <figure>
    <svg class="chart" viewBox="0 0 \(Self.width) \(height)" role="img" aria-labelledby="\(id)-title \(id)-desc">
    <title id="\(id)-title">\(heading)</title>
    <desc id="\(id)-desc">\(summary)</desc>
    \(body)
    </svg>
    <figcaption>\(summary)</figcaption>
    </figure>
    \(table)
    </section>
    """
  }

  private func table(caption: String, headers: [String], rows: [[String]]) -> String {
    let head = headers.map { "<th scope=\"col\">\($0)</th>" }.joined()
    let body = rows.map { row in
      "<tr><th scope=\"row\">\(row[0])</th>" + row.dropFirst().map { "<td>\($0)</td>" }.joined() + "</tr>"
    }
    return """
      <div class="table-wrap"><table>
      <caption>\(caption)</caption>
      <thead><tr>\(head)</tr></thead>
      <tbody>
      \(body.joined(separator: "\n"))
      </tbody>
      </table></div>
      """
  }

  /// x of week `index` of the 12, and y of `value` on a scale up to `top`.
  private func x(_ index: Int, of count: Int) -> Int {
    Self.left + (Self.width - Self.left - 10) * index / max(1, count - 1)
  }

  /// The top of the scale sits 24 units down: room for a bar's number above it.
  private func y(_ value: Int, top: Int) -> Int {
    Self.bottom - (Self.bottom - 24) * value / max(1, top)
  }

  private func axis(top: Int, firstLabel: String, lastLabel: String) -> String {
    """
    <g class="axis"><line x1="\(Self.left)" y1="\(Self.bottom)" x2="\(Self.width - 10)" y2="\(Self.bottom)"/>\
    <text x="\(Self.left - 6)" y="\(Self.bottom)" text-anchor="end">0</text>\
    <text x="\(Self.left - 6)" y="\(y(top, top: top) + 4)" text-anchor="end">\(top)</text>\
    <text x="\(Self.left)" y="\(Self.bottom + 20)">\(firstLabel)</text>\
    <text x="\(Self.width - 10)" y="\(Self.bottom + 20)" text-anchor="end">\(lastLabel)</text></g>
    """
  }

  private var flowSection: String {
    let weeks = insights.weekStarts.count
    let top = max(1, insights.flow.map { $0.reduce(0, +) }.max() ?? 0)
    // DONE at the bottom, then DOING, then TODO, as cumulative flow charts stack them.
    var lower = Array(repeating: 0, count: weeks)
    var layers: [String] = []
    for state in TaskState.allCases.reversed() {
      let upper = (0..<weeks).map { lower[$0] + insights.flow[$0][state.order] }
      let top2 = (0..<weeks).map { "\(x($0, of: weeks)),\(y(upper[$0], top: top))" }
      let bottom2 = (0..<weeks).reversed().map { "\(x($0, of: weeks)),\(y(lower[$0], top: top))" }
      layers.append("<polygon class=\"flow-\(state.rawValue)\" points=\"\((top2 + bottom2).joined(separator: " "))\"/>")
      lower = upper
    }
    let last = insights.flow.last ?? [0, 0, 0]
    let counts = TaskState.allCases.map { "\(formatter.label($0)) \(last[$0.order])" }
      .joined(separator: catalog.string("field.separator"))
    let summary = message("insights.flow_text", ["counts": counts])
    let rows = (0..<weeks).map { week in
      [date(insights.weekStarts[week])] + TaskState.allCases.map { String(insights.flow[week][$0.order]) }
    }
    let legend = TaskState.allCases.map {
      "<li><span class=\"swatch flow-\($0.rawValue)\"></span>\(stateLabel($0))</li>"
    }
    return section(
      id: "flow", heading: text("insights.flow"),
      summary: summary,
      svg: layers.joined() + axis(top: top, firstLabel: date(insights.weekStarts[0]), lastLabel: date(today)),
      table: "<ul class=\"legend\">\(legend.joined())</ul>\n"
        + table(
          caption: text("insights.flow"), headers: [text("insights.week")] + TaskState.allCases.map(stateLabel),
          rows: rows))
  }

  private var today: CalendarDate {
    insights.weekStarts.last.map { CalendarDate(daysSinceEpoch: $0.daysSinceEpoch + 6) }
      ?? CalendarDate(daysSinceEpoch: 0)
  }

  private func bars(_ values: [Int], labels: [String]?) -> String {
    let top = max(1, values.max() ?? 0)
    let slot = (Self.width - Self.left - 10) / max(1, values.count)
    return values.enumerated().map { index, value in
      let left = Self.left + slot * index + slot / 6
      let barTop = y(value, top: top)
      let label =
        labels.map {
          "<text x=\"\(left + slot / 3)\" y=\"\(Self.bottom + 20)\" text-anchor=\"middle\">\($0[index])</text>"
        } ?? ""
      return
        "<rect class=\"bar\" x=\"\(left)\" y=\"\(barTop)\" width=\"\(slot * 2 / 3)\" height=\"\(Self.bottom - barTop)\"/>"
        + "<text class=\"value\" x=\"\(left + slot / 3)\" y=\"\(barTop - 4)\" text-anchor=\"middle\">\(value)</text>"
        + label
    }.joined()
  }

  private var throughputSection: String {
    let total = insights.throughput.reduce(0, +)
    let summary = message(
      "insights.throughput_text", ["total": String(total), "last": String(insights.throughput.last ?? 0)])
    let rows = insights.weekStarts.indices.map { [date(insights.weekStarts[$0]), String(insights.throughput[$0])] }
    let top = max(1, insights.throughput.max() ?? 0)
    return section(
      id: "throughput", heading: text("insights.throughput"), summary: summary,
      svg: bars(insights.throughput, labels: nil)
        + axis(top: top, firstLabel: date(insights.weekStarts[0]), lastLabel: date(today)),
      table: table(
        caption: text("insights.throughput"), headers: [text("insights.week"), text("insights.tasks")], rows: rows))
  }

  /// Days with one decimal, from seconds.
  static func days(_ seconds: Int) -> String {
    let tenths = (seconds * 10 + 43_200) / 86_400
    return "\(tenths / 10).\(tenths % 10)"
  }

  static let bucketNames: [String] = {
    let limits = FlowInsights.bucketLimits
    return ["<\(limits[0])"] + zip(limits, limits.dropFirst()).map { "\($0)–\($1)" } + ["\(limits.last ?? 0)+"]
  }()

  private var cycleSection: String {
    let buckets = insights.cycleBuckets
    let summary: String
    if let median = insights.medianSeconds, let p85 = insights.p85Seconds {
      summary = message(
        "insights.cycle_text",
        ["count": String(insights.cycleSeconds.count), "median": Self.days(median), "p85": Self.days(p85)])
    } else {
      summary = text("insights.cycle_none")
    }
    let names = Self.bucketNames.map(escape)
    let rows = buckets.indices.map { [names[$0], String(buckets[$0])] }
    let top = max(1, buckets.max() ?? 0)
    return section(
      id: "cycle", heading: text("insights.cycle"), summary: summary,
      svg: bars(buckets, labels: names)
        + "<g class=\"axis\"><line x1=\"\(Self.left)\" y1=\"\(Self.bottom)\" x2=\"\(Self.width - 10)\" y2=\"\(Self.bottom)\"/>"
        + "<text x=\"\(Self.left - 6)\" y=\"\(y(top, top: top) + 4)\" text-anchor=\"end\">\(top)</text></g>",
      table: table(
        caption: text("insights.cycle"), headers: [text("insights.bucket"), text("insights.tasks")], rows: rows))
  }

  private var agingSection: String {
    let shown = insights.aging.prefix(Self.agingShown)
    let count = insights.aging.count + insights.agingUnknown
    var summary =
      count == 0
      ? text("insights.aging_none")
      : message("insights.aging_text", ["count": String(count), "days": String(insights.aging.first?.days ?? 0)])
    if insights.aging.count > shown.count {
      summary +=
        " " + message("insights.aging_shown", ["shown": String(shown.count), "more": String(count - shown.count)])
    }
    let top = max(1, shown.first?.days ?? 0)
    let rowHeight = 18
    let height = max(40, 20 + rowHeight * shown.count)
    let rows = shown.enumerated().map { index, item in
      let rowY = 10 + rowHeight * index
      let width = (Self.width - 240) * item.days / top
      return "<text x=\"186\" y=\"\(rowY + 13)\" text-anchor=\"end\">\(escape(shortTitle(item.card)))</text>"
        + "<rect class=\"bar\" x=\"192\" y=\"\(rowY + 2)\" width=\"\(max(1, width))\" height=\"\(rowHeight - 4)\"/>"
        + "<text class=\"value\" x=\"\(196 + width)\" y=\"\(rowY + 13)\">\(item.days)</text>"
    }
    let tableRows = shown.map { [taskCell($0.card), String($0.days)] }
    return section(
      id: "aging", heading: text("insights.aging"), summary: summary, svg: rows.joined(),
      table: table(
        caption: text("insights.aging"), headers: [text("insights.task"), text("insights.days")], rows: tableRows),
      height: height)
  }

  private func title(_ card: Int) -> String { tables.cardBytes.string(tables.cards[card].title) }

  /// A title short enough for the chart's label column: 22 characters and "…".
  private func shortTitle(_ card: Int) -> String {
    let title = title(card)
    return title.count > 22 ? String(title.prefix(21)) + "…" : title
  }

  private func taskCell(_ card: Int) -> String {
    let title = "<bdi>\(escape(title(card)))</bdi>"
    guard let taskLinks else { return title }
    let id = tables.cardBytes.string(tables.cards[card].id)
    return "<a href=\"\(escape(taskLinks))\(SiteAddresses.task(id))\">\(title)</a>"
  }
}
