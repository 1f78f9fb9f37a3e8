import Foundation
import PMBoardBytes
import PMBoardStore
import Testing

extension PostgresURLTests {
  /// A password becomes a fixed `***` whatever its length: `ps` must not tell how long it is either.
  @Test func argumentsShowAFixedMaskForThePassword() {
    let cases: [(String, String?)] = [
      ("postgres://alice:s%40cret@db/team?board=x", "postgres://alice:***@db/team?board=x"),
      (
        "--store=postgresql:///t?host=/tmp&password=hunter2&board=b",
        "--store=postgresql:///t?host=/tmp&password=***&board=b"
      ),
      ("POSTGRES://u:pw@h/d?password=x", "POSTGRES://u:***@h/d?password=***"),
      ("postgres://u:a-much-longer-password@h/d", "postgres://u:***@h/d"),
      ("postgresql:///t?mypassword=x", nil),
      ("postgresql:///t?password=", nil),
      ("board.sqlite", nil),
      ("postgres://alice@db/team", nil),
      // libpq's keyword form: unquoted, spaced, quoted with an escaped quote, and a keyword that only ends so.
      ("host=db password=hunter2 dbname=t", "host=db password=*** dbname=t"),
      ("password = 'two words\\' and more' host=db", "password = *** host=db"),
      ("PASSWORD=x", "PASSWORD=***"),
      ("mypassword=x host=db", nil),
      ("password= host=db", "password= ***"),
    ]
    for (argument, expected) in cases {
      #expect(PostgresURL.maskingPassword(in: argument) == expected, "\(argument)")
    }
  }

  /// The masked line fills the process's argument area: a shorter one ends with a NUL and the area's last byte
  /// is not one, the mark for Linux to show the area only up to that NUL, so the leftover bytes tell nothing.
  @Test func theMaskedLineHidesWhatIsLeftOfTheArea() {
    let original = ["pmboard", "list", "--store", "postgres://a:a-long-secret@h/d"]
    let masked = original.map { PostgresURL.maskingPassword(in: $0) ?? $0 }
    let capacity = original.map { $0.utf8.count + 1 }.reduce(0, +)
    let area = ProcessArguments.line(masked, capacity: capacity)
    #expect(area.count == capacity)
    let shown = area.prefix { $0 != 0 }
    #expect(String(decoding: shown, as: UTF8.self) == "pmboard list --store postgres://a:***@h/d")
    #expect(area.last != 0)
    #expect(!String(decoding: area, as: UTF8.self).contains("secret"))
    // Exactly full: the line's own NUL ends the area, which Linux then shows whole.
    let full = ProcessArguments.line(["ab", "c"], capacity: 5)
    #expect(full == Array("ab c".utf8) + [0])
    // Too long (a one-letter password becomes three stars): cut, still NUL-terminated.
    #expect(ProcessArguments.line(["abcdef"], capacity: 4) == Array("abc".utf8) + [0])
  }
}
