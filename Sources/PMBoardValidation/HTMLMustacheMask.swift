import PMBoardCore
import PMBoardMustache

/// A template's UTF-8 bytes with every Mustache tag blanked out, plus the sections those tags formed.
///
/// Each byte of a tag (`{{x}}`, `{{{x}}}`, `{{#x}}`, `{{/x}}`, `{{^x}}`, `{{> p}}`, `{{! … }}`) becomes a space,
/// except line breaks, so byte offsets, lines and columns in the masked text are those of the original. Blanking
/// whole tags works wherever a tag appears: in text, inside attribute values, and between attributes.
public struct HTMLMustacheMask {
  /// A `{{#name}}…{{/name}}` or `{{^name}}…{{/name}}` range, from the opening tag's `{{` to the closing tag's end.
  public struct Section: Equatable {
    public var name: String
    public var isInverted: Bool
    public var range: Range<Int>
    /// The index of the innermost section around this one.
    public var parent: Int?
  }

  /// The masked bytes; the same length as the original's UTF-8.
  public let bytes: [UInt8]
  /// Whether each byte belonged to a Mustache tag (a blank in `bytes` may have been a space in the original too).
  public let isTag: [Bool]
  /// Sections in order of their opening tags, properly nested. Unbalanced tags are left out (the Mustache check
  /// reports them).
  public let sections: [Section]
  /// Offsets of partial tags (`{{> name}}`), whose markup is not visible here.
  public let partials: [Int]

  public init(_ source: String) {
    var bytes = Array(source.utf8)
    var isTag = [Bool](repeating: false, count: bytes.count)
    var sections: [Section] = []
    var partials: [Int] = []
    var open: [(name: String, isInverted: Bool, start: Int)] = []
    var index = 0
    while let start = HTMLBytes.find(Self.opening, in: bytes, from: index) {
      // A triple mustache ends with `}}}`; everything else, comments included, ends at the first `}}`.
      let isTriple = start + 2 < bytes.count && bytes[start + 2] == UInt8(ascii: "{")
      let closer = isTriple ? Self.tripleClosing : Self.closing
      guard let close = HTMLBytes.find(closer, in: bytes, from: start + 2) else {
        // An unterminated tag (the Mustache check reports it) stays as written; later tags are still masked.
        index = start + 2
        continue
      }
      let end = close + closer.count
      // Read the tag before blanking it (a slice still pointing into `bytes` would make each blanking copy it).
      let (sigil, name) = Self.sigilAndName(bytes[(start + 2)..<close])
      switch sigil {
      case UInt8(ascii: ">"):
        partials.append(start)
      case UInt8(ascii: "#"), UInt8(ascii: "^"):
        open.append((name, sigil == UInt8(ascii: "^"), start))
      case UInt8(ascii: "/"):
        // Closes the innermost open section of that name; sections left open inside it are unbalanced.
        if let match = open.lastIndex(where: { $0.name == name }) {
          let opened = open[match]
          sections.append(Section(name: name, isInverted: opened.isInverted, range: opened.start..<end))
          open.removeSubrange(match...)
        }
      default:
        break
      }
      for offset in start..<end {
        isTag[offset] = true
        if bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
          bytes[offset] = UInt8(ascii: " ")
        }
      }
      index = end
    }
    self.bytes = bytes
    self.isTag = isTag
    self.partials = partials
    self.sections = Self.linkingParents(sections.sorted { $0.range.lowerBound < $1.range.lowerBound })
  }

  /// Whether the two offsets lie in mutually exclusive branches (`{{#x}}…{{/x}}` and `{{^x}}…{{/x}}`), so markup at
  /// one never renders together with markup at the other.
  public func areExclusive(_ first: Int, _ second: Int) -> Bool {
    let aroundFirst = enclosingSections(of: first)
    let aroundSecond = enclosingSections(of: second)
    return aroundFirst.subtracting(aroundSecond).contains { mine in
      aroundSecond.subtracting(aroundFirst).contains { other in
        sections[mine].name == sections[other].name && sections[mine].isInverted != sections[other].isInverted
      }
    }
  }

  /// The indices of the sections around `offset`, innermost first.
  private func enclosingSections(of offset: Int) -> Set<Int> {
    // The last section starting at or before the offset either contains it or is nested in a section that does.
    var low = 0
    var high = sections.count
    while low < high {
      let middle = (low + high) / 2
      if sections[middle].range.lowerBound <= offset { low = middle + 1 } else { high = middle }
    }
    var result: Set<Int> = []
    var candidate = low > 0 ? low - 1 : nil
    while let index = candidate {
      if sections[index].range.contains(offset) { result.insert(index) }
      candidate = sections[index].parent
    }
    return result
  }

  /// Sets each section's `parent`, given sections sorted by start and properly nested.
  private static func linkingParents(_ sorted: [Section]) -> [Section] {
    var sections = sorted
    var stack: [Int] = []
    for index in sections.indices {
      while let top = stack.last, sections[top].range.upperBound <= sections[index].range.lowerBound {
        stack.removeLast()
      }
      sections[index].parent = stack.last
      stack.append(index)
    }
    return sections
  }

  private static let opening = Array("{{".utf8)
  private static let closing = Array("}}".utf8)
  private static let tripleClosing = Array("}}}".utf8)

  /// A tag's first non-blank character (`#`, `^`, `/`, `>`, `!`, …) and the trimmed text after it.
  private static func sigilAndName(_ content: ArraySlice<UInt8>) -> (sigil: UInt8?, name: String) {
    guard let first = content.firstIndex(where: { !HTMLBytes.isSpace($0) }),
      let last = content.lastIndex(where: { !HTMLBytes.isSpace($0) })
    else { return (nil, "") }
    let name = content[(first + 1)..<(last + 1)].drop(while: HTMLBytes.isSpace)
    return (content[first], String(decoding: name, as: UTF8.self))
  }
}
