/// The checklist a task's body holds, as Markdown task lists write one: lines that start (after spaces or tabs)
/// with a list marker (`-`, `*` or `+`), a space and `[ ]` (open) or `[x]`/`[X]` (done), then a space or the line's
/// end. A card and a task page show how many items are done ("2/5"); other lines are the body's text.
public enum Checklist {
  /// How many of the body's checklist items are done, and how many there are; (0, 0) without a checklist.
  public static func progress(utf8 body: Span<UInt8>) -> (done: Int, total: Int) {
    var (done, total) = (0, 0)
    var start = 0
    while start < body.count {
      var end = start
      while end < body.count, body[end] != 0x0A { end += 1 }
      if let item = item(body, start, end) {
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
}
