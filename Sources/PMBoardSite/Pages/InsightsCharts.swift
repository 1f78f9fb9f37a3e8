import Foundation
import PMBoardBytes
import PMBoardCore

/// The insights page's charts as HTML: each a `<figure>` with an inline SVG (`role="img"`, its `<title>` and a
/// `<desc>` saying what it shows in words) and the numbers drawn in a `<table>` a screen reader can walk. No
/// script; colours come from the theme's custom properties, so dark mode and print follow the stylesheet.
///
/// A chart is 640 units wide and shrinks with the page: on a 390 px phone to about 358 px. The stylesheet sets its
/// words at 13 units where it is drawn full size and at ``phoneFont`` units on a narrow screen (12 px and more
/// there), so every place a word goes leaves room for it at ``phoneFont``: the axis's numbers get a margin as wide
/// as their digits, the labels under the axis and the numbers over the bars stay inside the chart, and the aging
/// chart's names are cut to what its name column holds (``fitted(_:em:)``).
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
  static let height = 232
  /// The plot's least left edge and its bottom, leaving room for the axis labels (``left(top:)``).
  static let leastLeft = 44
  static let bottom = 190
  /// How far down the top of the scale sits: room above the tallest bar for its number (at ``phoneFont``, a CJK
  /// font's ascent is 28 units).
  static let topRoom = 36
  /// The size of a chart's words, in its units, on a narrow screen: the layout's worst case (Public/style.css).
  static let phoneFont = 24
  /// The width of a digit at ``phoneFont``, a little more than the 0.55 em of the theme's fonts.
  static let digitWidth = 14

  var html: String {
    [flowSection, throughputSection, cycleSection, agingSection].joined(separator: "\n")
  }

  func text(_ key: String) -> String { escape(catalog.string(key)) }

  func message(_ key: String, _ values: [String: String]) -> String {
    escape(formatter.message(key, values))
  }

  func escape(_ text: String) -> String { HTMLEscaper.escaped(text) }

  private func date(_ day: CalendarDate) -> String { escape(formatter.longDate(day)) }

  private func stateLabel(_ state: TaskState) -> String { escape(formatter.label(state)) }

  /// One chart: heading, figure with the SVG and its words, then the table.
  func section(
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

  func table(caption: String, headers: [String], rows: [[String]]) -> String {
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

  /// The plot's left edge for a scale up to `top`: the top's digits fit left of it ("1745" was drawn as "745").
  static func left(top: Int) -> Int {
    max(Self.leastLeft, String(top).count * digitWidth + 12)
  }

  /// x of week `index` of the 12, on a plot whose left edge is `left`.
  private func x(_ index: Int, of count: Int, left: Int) -> Int {
    left + (Self.width - left - 10) * index / max(1, count - 1)
  }

  /// y of `value` on a scale up to `top`, whose top sits ``topRoom`` units down.
  private func y(_ value: Int, top: Int) -> Int {
    Self.bottom - (Self.bottom - Self.topRoom) * value / max(1, top)
  }

  /// The baseline of the words under the axis: low enough that their line (a CJK font's is 1.45 em tall) clears the
  /// number over a bar of 0, high enough that their descent stays in the chart.
  private static var labelY: Int { bottom + 32 }

  private func axis(top: Int, firstLabel: String, lastLabel: String) -> String {
    let left = Self.left(top: top)
    return """
      <g class="axis"><line x1="\(left)" y1="\(Self.bottom)" x2="\(Self.width - 10)" y2="\(Self.bottom)"/>\
      <text x="\(left - 6)" y="\(Self.bottom)" text-anchor="end">0</text>\
      <text x="\(left - 6)" y="\(y(top, top: top) + 8)" text-anchor="end">\(top)</text>\
      <text x="\(left)" y="\(Self.labelY)">\(firstLabel)</text>\
      <text x="\(Self.width - 10)" y="\(Self.labelY)" text-anchor="end">\(lastLabel)</text></g>
      """
  }

  private var flowSection: String {
    let weeks = insights.weekStarts.count
    let top = max(1, insights.flow.map { $0.reduce(0, +) }.max() ?? 0)
    let left = Self.left(top: top)
    // DONE at the bottom, then DOING, then TODO, as cumulative flow charts stack them.
    var lower = Array(repeating: 0, count: weeks)
    var layers: [String] = []
    for state in TaskState.allCases.reversed() {
      let upper = (0..<weeks).map { lower[$0] + insights.flow[$0][state.order] }
      let top2 = (0..<weeks).map { "\(x($0, of: weeks, left: left)),\(y(upper[$0], top: top))" }
      let bottom2 = (0..<weeks).reversed().map { "\(x($0, of: weeks, left: left)),\(y(lower[$0], top: top))" }
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
    let plotLeft = Self.left(top: top)
    let slot = (Self.width - plotLeft - 10) / max(1, values.count)
    return values.enumerated().map { index, value in
      let left = plotLeft + slot * index + slot / 6
      let barTop = y(value, top: top)
      let label =
        labels.map {
          "<text x=\"\(left + slot / 3)\" y=\"\(Self.labelY)\" text-anchor=\"middle\">\($0[index])</text>"
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
    let left = Self.left(top: top)
    return section(
      id: "cycle", heading: text("insights.cycle"), summary: summary,
      svg: bars(buckets, labels: names)
        + "<g class=\"axis\"><line x1=\"\(left)\" y1=\"\(Self.bottom)\" x2=\"\(Self.width - 10)\" y2=\"\(Self.bottom)\"/>"
        + "<text x=\"\(left - 6)\" y=\"\(y(top, top: top) + 8)\" text-anchor=\"end\">\(top)</text></g>",
      table: table(
        caption: text("insights.cycle"), headers: [text("insights.bucket"), text("insights.tasks")], rows: rows))
  }
}
