/// The checklist a task's body holds, as Markdown task lists write one: lines that start (after spaces or tabs)
/// with a list marker (`-`, `*` or `+`), a space and `[ ]` (open) or `[x]`/`[X]` (done), then a space or the line's
/// end. A card and a task page show how many items are done ("2/5"); other lines are the body's text.
///
/// A line inside a fenced code block is code, not an item: a body that quotes a Markdown checklist between
/// "```" lines (or "~~~" ones) counts none of it. A fence is three or more backticks or tildes after spaces or
/// tabs (any indentation, as items take any: a fence under a list item is indented); it closes at a line of the
/// same byte, at least as many of them and nothing else, or at the body's end, as CommonMark has it.
public enum Checklist {
  /// An open fenced code block: its byte (a backtick or a tilde) and how many of them opened it.
  public struct Fence: Sendable, Equatable {
    public var byte: UInt8
    public var length: Int
  }

  /// How many of the body's checklist items are done, and how many there are; (0, 0) without a checklist.
  public static func progress(utf8 body: Span<UInt8>) -> (done: Int, total: Int) {
    var (done, total) = (0, 0)
    var start = 0
    var fence: Fence?
    while start < body.count {
      var end = start
      while end < body.count, body[end] != 0x0A { end += 1 }
      if !isCode(body, start, end, fence: &fence), let item = item(body, start, end) {
        total += 1
        if item.checked { done += 1 }
      }
      start = end + 1
    }
    return (done, total)
  }

  /// ``progress(utf8:)`` of a `String`: the reference the tests and the reference model use.
  public static func progress(in body: String) -> (done: Int, total: Int) {
    progress(utf8: body.utf8.span)
  }

  /// Whether the line `start..<end` of `body` (`end` at its line break or the body's end) is a checklist item,
  /// and if so where its marker starts (the `-` of `- [ ]`; the box is 5 bytes long) and whether it is done.
  public static func item(_ body: Span<UInt8>, _ start: Int, _ end: Int) -> (marker: Int, checked: Bool)? {
    var at = start
    while at < end, body[at] == 0x20 || body[at] == 0x09 { at += 1 }
    // "- [ ]" and what follows it: a marker, a space, three bytes of box, then a space or the end.
    guard end - at >= 5, body[at] == 0x2D || body[at] == 0x2A || body[at] == 0x2B, body[at + 1] == 0x20,
      body[at + 2] == 0x5B, body[at + 4] == 0x5D
    else { return nil }
    guard at + 5 == end || body[at + 5] == 0x20 || body[at + 5] == 0x0D else { return nil }
    switch body[at + 3] {
    case 0x20: return (at, false)
    case 0x78, 0x58: return (at, true)
    default: return nil
    }
  }

  /// Whether the line `start..<end` is code: a fence's line, or a line inside the fenced block `fence` (nil: none
  /// open), which the line opens or closes. Read every line in order, from the body's first, with one `fence`.
  public static func isCode(_ body: Span<UInt8>, _ start: Int, _ end: Int, fence: inout Fence?) -> Bool {
    let mark = Self.mark(body, start, end)
    guard let open = fence else {
      fence = mark.map { Fence(byte: $0.byte, length: $0.length) }
      return fence != nil
    }
    if let mark, mark.byte == open.byte, mark.length >= open.length, mark.bare { fence = nil }
    return true
  }

  /// The run of three or more backticks or tildes the line starts with (after spaces or tabs), and whether only
  /// spaces follow it (a closing fence); nil when it has none, or when backticks are followed by another backtick
  /// (inline code such as "```a```", which CommonMark does not take for a fence).
  private static func mark(_ body: Span<UInt8>, _ start: Int, _ end: Int) -> (byte: UInt8, length: Int, bare: Bool)? {
    var at = start
    while at < end, body[at] == 0x20 || body[at] == 0x09 { at += 1 }
    guard at < end, body[at] == 0x60 || body[at] == 0x7E else { return nil }
    let byte = body[at]
    var after = at
    while after < end, body[after] == byte { after += 1 }
    guard after - at >= 3 else { return nil }
    var bare = true
    for index in after..<end {
      switch body[index] {
      case 0x20, 0x09, 0x0D: continue
      case 0x60 where byte == 0x60: return nil
      default: bare = false
      }
    }
    return (byte, after - at, bare)
  }
}
