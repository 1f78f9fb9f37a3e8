import PMBoardCore
import PMBoardTestSupport
import Testing

/// A body's checklist as a card counts it: Markdown task-list lines, and nothing that only looks like one.
@Suite struct ChecklistTests {
  @Test(arguments: [
    ("", 0, 0), ("no list here", 0, 0), ("- [ ] a", 0, 1), ("- [x] a\n- [X] b\n- [ ] c", 2, 3),
    ("  * [ ] indented\n\t+ [x] tab", 1, 2), ("- [ ]", 0, 1), ("- [x]\r\n- [ ] crlf", 1, 2),
    ("-[ ] no space\n- [y] not a box\n- [ ]x glued\n[ ] no marker\n- ( ) round", 0, 0),
    ("text\n- [x] done & <b>\nmore text", 1, 1), ("- [ ] 할 일\n- [x] 終わり", 1, 2),
  ])
  func countsItemsAndDoneOnes(body: String, done: Int, total: Int) {
    let found = Checklist.progress(in: body)
    #expect(found.done == done && found.total == total, "\(body.debugDescription)")
  }

  /// A checklist quoted in a fenced code block is code: only the items outside the fence count (issue #57).
  @Test(arguments: [
    ("```\n- [ ] quoted\n- [x] quoted\n```\n- [x] real", 1, 1),
    ("~~~md\n- [ ] quoted\n~~~\n- [ ] real", 0, 1),
    ("  ```swift\n  - [ ] indented fence\n  ```\n- [ ] after", 0, 1),
    ("````\n```\n- [ ] a shorter run does not close\n````\n- [x] after", 1, 1),
    ("```\n~~~\n- [ ] the other byte does not close\n```\n- [ ] after", 0, 1),
    ("```\n- [ ] an unclosed fence runs to the end", 0, 0),
    ("``` a\n- [ ] a closing line has nothing after its run\n``` b\n- [ ] still code\n```\n- [ ] x", 0, 1),
    ("```a```\n- [ ] inline code is no fence", 0, 1), ("``\n- [ ] two are no fence", 0, 1),
    ("```\r\n- [ ] crlf\r\n```\r\n- [x] after", 1, 1),
  ])
  func itemsInACodeFenceDoNotCount(body: String, done: Int, total: Int) {
    let found = Checklist.progress(in: body)
    #expect(found.done == done && found.total == total, "\(body.debugDescription)")
  }

  /// The byte scan against a plain reference on random bodies made of the pieces items are made of.
  @Test func matchesALineByLineReference() {
    var random = SplitMix64(seed: 7)
    let pieces = ["- ", "* ", "+ ", "[ ]", "[x]", "[X]", "[y]", " ", "\t", "\n", "\r\n", "a", "-", "[", "]", "한"]
    for _ in 0..<5_000 {
      let body = (0..<random.below(12)).map { _ in pieces[random.below(pieces.count)] }.joined()
      let found = Checklist.progress(in: body)
      let expected = Self.reference(body)
      #expect(found.done == expected.done && found.total == expected.total, "\(body.debugDescription)")
    }
  }

  private static func reference(_ body: String) -> (done: Int, total: Int) {
    var (done, total) = (0, 0)
    // By scalars: "\r\n" is one `Character`, which a split on "\n" would not cut.
    for line in body.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
      let scalars = Array(line.drop { $0 == " " || $0 == "\t" })
      guard scalars.count >= 5, ["-", "*", "+"].contains(scalars[0]), scalars[1] == " ", scalars[2] == "[",
        scalars[4] == "]", scalars.count == 5 || scalars[5] == " " || scalars[5] == "\r"
      else { continue }
      switch scalars[3] {
      case " ": total += 1
      case "x", "X":
        total += 1
        done += 1
      default: break
      }
    }
    return (done, total)
  }
}
