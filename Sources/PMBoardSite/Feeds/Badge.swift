/// A two-part badge, `label | value`, in the familiar shields.io look, sized to its text: `badges/*.svg`.
struct Badge: Sendable {
  var label: String
  var value: String
  /// The value side's fill.
  var color: String

  static let grey = "#555"
  static let green = "#4c1"
  static let red = "#e05d44"
  static let blue = "#007ec6"

  func svg() -> [UInt8] {
    let labelWidth = Self.textWidth(label) + 10
    let valueWidth = Self.textWidth(value) + 10
    let width = labelWidth + valueWidth
    let (label, value) = (MarkupText.xml(self.label), MarkupText.xml(self.value))
    // Text at 10× scale, as shields draws it, so half-pixel centres stay whole numbers.
    func text(_ content: String, centre: Int, width: Int) -> String {
      """
      <text aria-hidden="true" x="\(centre * 10)" y="150" fill="#010101" fill-opacity=".3" transform="scale(.1)" \
      textLength="\(width * 10)">\(content)</text>\
      <text x="\(centre * 10)" y="140" transform="scale(.1)" fill="#fff" textLength="\(width * 10)">\(content)</text>
      """
    }
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="20" role="img" aria-label="\(label): \(value)">
      <title>\(label): \(value)</title>
      <linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/>\
      <stop offset="1" stop-opacity=".1"/></linearGradient>
      <clipPath id="r"><rect width="\(width)" height="20" rx="3" fill="#fff"/></clipPath>
      <g clip-path="url(#r)"><rect width="\(labelWidth)" height="20" fill="\(Self.grey)"/>\
      <rect x="\(labelWidth)" width="\(valueWidth)" height="20" fill="\(color)"/>\
      <rect width="\(width)" height="20" fill="url(#s)"/></g>
      <g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" \
      text-rendering="geometricPrecision" font-size="110">
      \(text(label, centre: labelWidth / 2, width: labelWidth - 10))
      \(text(value, centre: labelWidth + valueWidth / 2, width: valueWidth - 10))
      </g>
      </svg>

      """
    return Array(svg.utf8)
  }

  /// Approximate width in pixels of `text` in 11 px Verdana: per-character classes are close enough for a badge,
  /// and `textLength` makes the renderer fit the text to exactly this width.
  static func textWidth(_ text: String) -> Int {
    var tenths = 0
    for character in text {
      switch character {
      case "i", "l", "j", "I", "!", "|", ".", ",", ":", ";", "'", " ": tenths += 35
      case "f", "r", "t", "(", ")", "[", "]", "-": tenths += 48
      case "m", "w", "M", "W": tenths += 100
      case "0"..."9", "a"..."z": tenths += 68
      case "A"..."Z": tenths += 77
      default: tenths += character.isASCII ? 68 : 110
      }
    }
    return (tenths + 9) / 10
  }
}
