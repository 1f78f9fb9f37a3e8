import PMBoardMustache

/// A template's UTF-8 bytes with every Mustache tag blanked out, plus the sections those tags formed.
///
/// Each byte of a tag (`{{x}}`, `{{{x}}}`, `{{#x}}`, `{{/x}}`, `{{^x}}`, `{{> p}}`, `{{! … }}`) becomes a space,
/// except line breaks, so byte offsets, lines and columns in the masked text are those of the original. Blanking
/// whole tags works wherever a tag appears: in text, inside attribute values, and between attributes.
///
/// The tags are the ones ``MustacheParser`` reads (``MustacheParser/tags(in:)``), so the markup checked here is
/// the markup the renderer writes around them; a tag the parser cannot read (it reports why) stays as written.
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

  /// Masks the tags of `source` as ``MustacheParser`` reads them.
  public init(_ source: String) {
    self.init(source, tags: MustacheParser.tags(in: source))
  }

  /// Masks `tags`, which must be in order and lie within `source`'s UTF-8.
  public init(_ source: String, tags: [MustacheTag]) {
    var bytes = Array(source.utf8)
    var isTag = [Bool](repeating: false, count: bytes.count)
    var sections: [Section] = []
    var partials: [Int] = []
    var open: [(name: String, isInverted: Bool, start: Int)] = []
    for tag in tags {
      switch tag.kind {
      case .partial:
        partials.append(tag.bytes.lowerBound)
      case .section, .invertedSection:
        open.append((tag.name, tag.kind == .invertedSection, tag.bytes.lowerBound))
      case .closing:
        // Closes the innermost open section of that name; sections left open inside it are unbalanced.
        if let match = open.lastIndex(where: { $0.name == tag.name }) {
          let opened = open[match]
          sections.append(
            Section(name: tag.name, isInverted: opened.isInverted, range: opened.start..<tag.bytes.upperBound))
          open.removeSubrange(match...)
        }
      case .variable, .unescapedVariable, .comment, .unsupported:
        break
      }
      for offset in tag.bytes {
        isTag[offset] = true
        if bytes[offset] != UInt8(ascii: "\n") && bytes[offset] != UInt8(ascii: "\r") {
          bytes[offset] = UInt8(ascii: " ")
        }
      }
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
}
