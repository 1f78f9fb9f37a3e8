import PMBoardCore

/// The aging chart: a row per task in DOING, longest there first, each its name, a bar as long as its days and the
/// days' number. The names sit in a column of their own, each cut to what the column holds at the phone's size of
/// the chart's words (``InsightsCharts/phoneFont``), so that none runs off the chart's left edge or under a bar.
extension InsightsCharts {
  /// A row's height: a line of words at ``phoneFont`` (a CJK font's line is 1.45 em, 35 units) and a little air.
  static let agingRow = 36
  /// The names' column: from ``agingNameX`` to ``agingBarX``, less a gap.
  static let agingNameX = 8
  static let agingBarX = 336
  /// How many `em` of the phone's font a name may take: the column, less its gap.
  static var agingNameEm: Double { Double(agingBarX - agingNameX - 16) / Double(phoneFont) }

  var agingSection: String {
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
    // The longest bar leaves room after it for its number.
    let longest = Self.width - Self.agingBarX - 14 - String(top).count * Self.digitWidth
    let height = max(48, 16 + Self.agingRow * shown.count)
    let rows = shown.enumerated().map { index, item in
      let middle = 8 + Self.agingRow * index + Self.agingRow / 2
      let width = max(1, longest * item.days / top)
      let title = title(item.card)
      return "<text x=\"\(Self.agingNameX)\" y=\"\(middle)\" dominant-baseline=\"central\"\(langAttribute(title))>"
        + "\(escape(Self.fitted(title, em: Self.agingNameEm)))</text>"
        + "<rect class=\"bar\" x=\"\(Self.agingBarX)\" y=\"\(middle - 10)\" width=\"\(width)\" height=\"20\"/>"
        + "<text class=\"value\" x=\"\(Self.agingBarX + width + 6)\" y=\"\(middle)\" dominant-baseline=\"central\">"
        + "\(item.days)</text>"
    }
    let tableRows = shown.map { [taskCell($0.card), String($0.days)] }
    return section(
      id: "aging", heading: text("insights.aging"), summary: summary, svg: rows.joined(),
      table: table(
        caption: text("insights.aging"), headers: [text("insights.task"), text("insights.days")], rows: tableRows),
      height: height)
  }

  private func title(_ card: Int) -> String { tables.cardBytes.string(tables.cards[card].title) }

  /// ` lang="ko"` when `text` is written in another language than the page's (``ScriptGuess``), as a card's title
  /// says it: a Korean title on the English page is read out in Korean.
  private func langAttribute(_ text: String) -> String {
    guard let lang = ScriptGuess.lang(of: text), lang != catalog.code else { return "" }
    return " lang=\"\(lang)\""
  }

  private func taskCell(_ card: Int) -> String {
    let title = title(card)
    let cell = "<bdi\(langAttribute(title))>\(escape(title))</bdi>"
    guard let taskLinks else { return cell }
    let id = tables.cardBytes.string(tables.cards[card].id)
    return "<a href=\"\(escape(taskLinks))\(SiteAddresses.task(id))\">\(cell)</a>"
  }

  /// `title` as it fits in `em` widths of the chart's font: whole, or cut with "…". Each character counts what
  /// the theme's fonts give it, rounded up: Korean, Japanese, Chinese, full-width forms and emoji an em, a capital
  /// 0.72, a lowercase letter 0.56 (a title is seldom all "m" and "w"), a digit 0.58, a space 0.3. The table
  /// below the chart has the whole title.
  static func fitted(_ title: String, em: Double) -> String {
    var used = 0.0
    // The end of the longest start that leaves room for "…" (an em).
    var cut = title.startIndex
    for index in title.indices {
      used += Self.em(of: title[index])
      if used > em {
        var kept = title[..<cut]
        while kept.last == " " { kept = kept.dropLast() }
        return kept + "…"
      }
      if used <= em - 1 { cut = title.index(after: index) }
    }
    return title
  }

  /// A character's width in em, a little over what the theme's fonts draw (``fitted(_:em:)``).
  static func em(of character: Character) -> Double {
    guard let scalar = character.unicodeScalars.first else { return 0 }
    switch scalar.value {
    case 0x20: return 0.3
    case 0x41...0x5A: return 0.72
    case 0x61...0x7A: return 0.56
    case 0x30...0x39: return 0.58
    case 0x21...0x7E: return 0.45
    case 0x1100...0x11FF, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F000...0x3FFFF:
      return 1
    default: return 0.7
    }
  }
}
