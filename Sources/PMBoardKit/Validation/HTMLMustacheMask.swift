import Foundation

/// A template's UTF-8 bytes with every Mustache tag blanked out, plus the sections those tags formed.
///
/// Each byte of a tag (`{{x}}`, `{{{x}}}`, `{{#x}}`, `{{/x}}`, `{{^x}}`, `{{> p}}`, `{{! … }}`) becomes a space,
/// except line breaks, so byte offsets, lines and columns in the masked text are those of the original. Blanking
/// whole tags works wherever a tag appears: in text, inside attribute values, and between attributes.
struct HTMLMustacheMask {
  /// A `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}` range, from the opening tag's `{{` to the closing tag's end.
  struct Section: Equatable {
    var name: String
    var isInverted: Bool
    var range: Range<Int>
  }

  /// The masked bytes; the same length as the original's UTF-8.
  let bytes: [UInt8]
  /// Sections in order of their opening tags. Unbalanced tags are left out (the Mustache check reports them).
  let sections: [Section]
  /// Offsets of partial tags (`{{> name}}`), whose markup is not visible here.
  let partials: [Int]

  init(_ source: String) {
    var bytes = Array(source.utf8)
    var sections: [Section] = []
    var partials: [Int] = []
    var open: [(name: String, isInverted: Bool, start: Int)] = []
    var index = 0
    while let start = Self.find([0x7B, 0x7B], in: bytes, from: index) {
      // A triple mustache ends with `}}}`; everything else, comments included, ends at the first `}}`.
      let isTriple = start + 2 < bytes.count && bytes[start + 2] == 0x7B
      let closer: [UInt8] = isTriple ? [0x7D, 0x7D, 0x7D] : [0x7D, 0x7D]
      guard let close = Self.find(closer, in: bytes, from: start + 2) else { break }
      let end = close + closer.count
      let content = bytes[(start + 2)..<close]
      if content.first(where: { !HTMLBytes.isSpace($0) }) == UInt8(ascii: ">") {
        partials.append(start)
      }
      Self.recordSection(content, range: start..<end, open: &open, into: &sections)
      for offset in start..<end where bytes[offset] != 0x0A && bytes[offset] != 0x0D {
        bytes[offset] = 0x20
      }
      index = end
    }
    self.bytes = bytes
    self.partials = partials
    self.sections = sections.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// Whether the two offsets lie in mutually exclusive branches (`{{#x}}…{{/x}}` and `{{^x}}…{{/x}}`), so markup at
  /// one never renders together with markup at the other.
  func areExclusive(_ first: Int, _ second: Int) -> Bool {
    let around = sections.filter { $0.range.contains(first) && !$0.range.contains(second) }
    let aroundOther = sections.filter { $0.range.contains(second) && !$0.range.contains(first) }
    return around.contains { section in
      aroundOther.contains { $0.name == section.name && $0.isInverted != section.isInverted }
    }
  }

  /// Tracks section tags: `#` and `^` open a section, `/` closes the innermost one of the same name.
  private static func recordSection(
    _ content: ArraySlice<UInt8>, range: Range<Int>,
    open: inout [(name: String, isInverted: Bool, start: Int)], into sections: inout [Section]
  ) {
    let text = String(decoding: content, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let sigil = text.first, "#^/".contains(sigil) else { return }
    let name = text.dropFirst().trimmingCharacters(in: .whitespacesAndNewlines)
    if sigil != "/" {
      open.append((name, sigil == "^", range.lowerBound))
    } else if let match = open.lastIndex(where: { $0.name == name }) {
      let opened = open[match]
      sections.append(Section(name: name, isInverted: opened.isInverted, range: opened.start..<range.upperBound))
      open.removeSubrange(match...)
    }
  }

  /// The offset of the first occurrence of `needle` at or after `start`.
  static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard needle.count <= bytes.count else { return nil }
    var offset = start
    while offset + needle.count <= bytes.count {
      if bytes[offset] == needle[0] && bytes[offset..<(offset + needle.count)].elementsEqual(needle) {
        return offset
      }
      offset += 1
    }
    return nil
  }
}
