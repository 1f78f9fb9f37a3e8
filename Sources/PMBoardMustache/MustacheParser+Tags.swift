/// One parser per kind of tag, each called with the parser standing on the tag's sigil (the character after `{{`).
///
/// Each mirrors one case of swift-mustache's parse loop, including what it does with the whitespace held back at
/// the start of the line (``Block/whitespaceBefore``), which differs from tag to tag.
extension MustacheParser {
  /// `{{#name}}` or `{{^name}}`: parses the body up to the closing tag.
  mutating func parseSection(_ sigil: Character, at tagStart: Int, in block: inout Block) -> TagOutcome {
    position += 1
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil) else { return .unterminated }
    recordTag(sigil == "^" ? .invertedSection : .section, name, from: tagStart)
    guard block.state.depth < Self.maximumSectionDepth else { return tooDeep(sigil, name, at: tagStart) }
    var setNewLine = false
    if isStandalone(block.state) {
      setNewLine = true
    } else {
      block.flushWhitespace()
    }
    let open = OpenSection(name: name, sigil: sigil, location: locations[tagStart])
    let body = parseBlock(BlockState(newLine: setNewLine, section: open, depth: block.state.depth + 1))
    block.nodes.append(.section(name: name, inverted: sigil == "^", body: body, at: open.location))
    return .next(newLine: setNewLine)
  }

  /// `{{/name}}`: ends the block, or is reported when no section is open.
  mutating func parseClosingTag(at tagStart: Int, in block: inout Block) -> TagOutcome {
    position += 1
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: "/") else { return .unterminated }
    recordTag(.closing, name, from: tagStart)
    guard let open = block.state.section else {
      report(at: tagStart, "stray-close", "{{/\(name)}} has no open section to close")
      return .next(newLine: isStandalone(block.state))
    }
    if name != open.name {
      // Recover by closing the innermost section anyway: the likeliest typo is in one of the two names.
      report(
        at: tagStart, "mismatched-close", "{{/\(name)}} closes {{\(open.sigil)\(open.name)}} opened at \(open.location)"
      )
    }
    if !isStandalone(block.state) {
      block.flushWhitespace()
    }
    return .endOfBlock
  }

  /// `{{! … }}`: skipped up to the first `}}`.
  mutating func parseComment(at tagStart: Int, in block: inout Block) -> TagOutcome {
    position += 1
    if skip(past: "}}") {
      recordTag(.comment, from: tagStart)
    } else {
      report(at: tagStart, "unclosed-comment", "comment {{! is never closed with }}")
      position = characters.count
    }
    // Unlike other tags, a comment that is not standalone keeps `whitespaceBefore` for the next text.
    return .next(newLine: isStandalone(block.state))
  }

  /// `{{{name}}}` or `{{& name}}`.
  mutating func parseUnescapedVariable(_ sigil: Character, at tagStart: Int, in block: inout Block) -> TagOutcome {
    block.flushWhitespace()
    position += 1
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil) else { return .unterminated }
    if sigil == "{" {
      if current == "}" {
        position += 1
      } else {
        report(at: tagStart, "unclosed-triple", "tag {{{\(name)}} must end with }}}")
      }
    }
    recordTag(.unescapedVariable, name, from: tagStart)
    block.nodes.append(.variable(name: name, escaped: false, at: locations[tagStart]))
    return .next(newLine: false)
  }

  /// `{{name}}`: the parser stands on the name's first character (there is no sigil).
  mutating func parseVariable(at tagStart: Int, in block: inout Block) -> TagOutcome {
    block.flushWhitespace()
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: nil) else { return .unterminated }
    recordTag(.variable, name, from: tagStart)
    block.nodes.append(.variable(name: name, escaped: true, at: locations[tagStart]))
    return .next(newLine: false)
  }

  /// `{{> name}}`; a standalone one keeps its line's indentation, to indent every line of the partial with.
  mutating func parsePartial(at tagStart: Int, in block: inout Block) -> TagOutcome {
    position += 1
    _ = readWhile(\.isWhitespace)
    let dynamic = current == "*"
    if dynamic {
      position += 1
      report(at: tagStart, "unsupported", "dynamic partials {{>*name}} are not supported")
    }
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: ">", partial: true) else {
      return .unterminated
    }
    recordTag(.partial, name, from: tagStart)
    // swift-mustache writes the indentation as text even before a standalone partial, and indents it again.
    if !block.whitespaceBefore.isEmpty {
      block.nodes.append(.text(block.whitespaceBefore))
    }
    let indentation: String? = isStandalone(block.state) ? block.whitespaceBefore : nil
    if !dynamic {
      block.nodes.append(.partial(name: name, indentation: indentation, at: locations[tagStart]))
    }
    block.whitespaceBefore = ""
    return .next(newLine: indentation != nil)
  }

  /// `{{<name}}` or `{{$name}}` (template inheritance): reported once, then parsed only to find where it ends.
  mutating func parseUnsupportedBlock(_ sigil: Character, at tagStart: Int, in block: inout Block) -> TagOutcome {
    position += 1
    _ = readWhile(\.isWhitespace)
    let feature = sigil == "<" ? "template inheritance {{<name}} is" : "blocks {{$name}} are"
    report(at: tagStart, "unsupported", "\(feature) not supported")
    guard case .name(let name) = readTagName(tagStart: tagStart, sigil: sigil, partial: sigil == "<") else {
      return .unterminated
    }
    recordTag(.unsupported, name, from: tagStart)
    guard block.state.depth < Self.maximumSectionDepth else { return tooDeep(sigil, name, at: tagStart) }
    let setNewLine = isStandalone(block.state)
    let open = OpenSection(name: name, sigil: sigil, location: locations[tagStart])
    _ = parseBlock(BlockState(newLine: true, section: open, depth: block.state.depth + 1))
    block.whitespaceBefore = ""
    return .next(newLine: setNewLine)
  }

  /// Reports a section opened inside ``maximumSectionDepth`` others, and reports nothing after it: each closing
  /// tag that follows would be a problem too. The section's body is read as part of the enclosing block, so tags
  /// are still read (for ``tags(in:)``) without nesting any deeper.
  private mutating func tooDeep(_ sigil: Character, _ name: String, at tagStart: Int) -> TagOutcome {
    report(
      at: tagStart, "too-deep",
      "section {{\(sigil)\(name)}} is nested \(Self.maximumSectionDepth + 1) deep; sections may nest at most "
        + "\(Self.maximumSectionDepth) deep (problems after it are not reported)")
    quiet = true
    return .next(newLine: false)
  }

  /// `{{=<% %>=}}`: everything after a delimiter change uses delimiters this parser does not read, so it stops.
  mutating func parseSetDelimiters(at tagStart: Int) -> TagOutcome {
    report(at: tagStart, "unsupported", "set delimiters {{=<% %>=}} are not supported")
    if let close = find("}}", from: tagStart + 2) {
      recordTag(.unsupported, from: tagStart, to: close + 2)
    }
    abandoned = true
    position = characters.count
    return .next(newLine: false)
  }

  /// `{{%…}}`: reported and skipped.
  mutating func parsePragma(at tagStart: Int, in block: inout Block) -> TagOutcome {
    report(at: tagStart, "unsupported", "pragmas {{%…}} are not supported")
    if skip(past: "}}") {
      recordTag(.unsupported, from: tagStart)
    } else {
      position = characters.count
    }
    return .next(newLine: isStandalone(block.state))
  }
}
