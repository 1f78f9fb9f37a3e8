import Foundation
import PMBoardStore
import Testing

extension PostgresURLTests {
  @Test func argumentsKeepTheirLengthWithThePasswordMasked() {
    let cases: [(String, String?)] = [
      ("postgres://alice:s%40cret@db/team?board=x", "postgres://alice:********@db/team?board=x"),
      (
        "--store=postgresql:///t?host=/tmp&password=hunter2&board=b",
        "--store=postgresql:///t?host=/tmp&password=*******&board=b"
      ),
      ("POSTGRES://u:pw@h/d?password=x", "POSTGRES://u:**@h/d?password=*"),
      ("postgresql:///t?mypassword=x", nil),
      ("board.sqlite", nil),
      ("postgres://alice@db/team", nil),
    ]
    for (argument, expected) in cases {
      let masked = PostgresURL.maskingPassword(in: argument)
      #expect(masked == expected, "\(argument)")
      if let masked { #expect(masked.utf8.count == argument.utf8.count) }
    }
  }
}
