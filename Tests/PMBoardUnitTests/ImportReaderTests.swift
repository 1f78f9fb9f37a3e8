import Foundation
import PMBoardCore
import PMBoardImport
import PMBoardTestSupport
import Testing

/// The readers of other tools' exports: what each makes of good input, and the one line each gives for bad input.
@Suite("import readers")
struct ImportReaderTests {
  let seoul = ImportSettings(timeZone: TimeZone(identifier: "Asia/Seoul")!)

  func items(_ text: String, _ format: ImportFormat, settings: ImportSettings? = nil) throws -> [ImportedItem] {
    try ImportReader.items(Data(text.utf8), format: format, settings: settings ?? seoul)
  }

  /// The one-line failure reading `text` gives.
  func failure(_ text: String, _ format: ImportFormat) -> String? {
    failure(Data(text.utf8), format)
  }

  func failure(_ data: Data, _ format: ImportFormat) -> String? {
    do {
      _ = try ImportReader.items(data, format: format, settings: seoul)
      return nil
    } catch {
      return error.description
    }
  }

  static func issue(
    _ number: Any = 17, title: String = "Fix login", body: String = "Steps", state: String = "OPEN",
    milestone: String = "null", labels: String = "[]", closedAt: String = "null"
  ) -> String {
    """
    {"number": \(number), "title": "\(title)", "body": "\(body)", "state": "\(state)", "milestone": \(milestone),
     "labels": \(labels), "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z",
     "closedAt": \(closedAt)}
    """
  }

  @Test func gitHubIssuesBecomeTasks() throws {
    let json =
      "["
      + [
        Self.issue(body: "line 1\\r\\nline 2", milestone: #"{"title": "v1", "dueOn": "2026-11-30T15:00:00Z"}"#),
        Self.issue(18, title: "Ship", labels: #"[{"name": "bug"}, {"name": "In Progress"}]"#),
        Self.issue(19, title: "Done", state: "CLOSED", closedAt: #""2026-11-03T08:00:00Z""#),
      ].joined(separator: ",") + "]"
    let read = try items(json, .github)
    #expect(read.map(\.sourceID) == ["17", "18", "19"])
    #expect(read.map(\.state) == [.todo, .doing, .done])
    #expect(read[0].body == "line 1\nline 2")
    // 15:00 UTC on the 30th is already the 1st in Seoul.
    #expect(read[0].due == CalendarDate(iso: "2026-12-01"))
    #expect(read[0].created == Instant.parse("2026-11-01T09:00:00Z"))
    #expect(read[0].updated == Instant.parse("2026-11-02T10:00:00Z"))
    #expect(read[2].stateChanged == Instant.parse("2026-11-03T08:00:00Z"))
    let noLabel = try items(json, .github, settings: ImportSettings(timeZone: .utc, doingLabel: nil))
    #expect(noLabel[1].state == .todo)
    #expect(noLabel[0].due == CalendarDate(iso: "2026-11-30"))
  }

  @Test func aLongBodyIsCutWithANoteAndALongTitleEndsInAnEllipsis() throws {
    let long = String(repeating: "가", count: 1500)
    let read = try items("[" + Self.issue(title: String(repeating: "t", count: 256), body: long) + "]", .github)
    #expect(read[0].body.count == TaskRules.bodyLimit)
    #expect(read[0].body.hasSuffix("longer than pmboard keeps]"))
    #expect(read[0].title.count == TaskRules.titleLimit)
    #expect(read[0].title.hasSuffix("…"))
  }

  @Test func badGitHubInputNamesTheJSONPath() {
    let dueOn = #"{"title": "v1", "dueOn": "x"}"#
    #expect(
      failure("[" + Self.issue() + "," + Self.issue(18, milestone: dueOn) + "]", .github)
        == #"[1].milestone.dueOn: "x" is not a date and time like 2026-11-02T10:00:00Z"#)
    #expect(
      failure("[" + Self.issue(#""17""#) + "]", .github)
        == #"[0].number: expected an issue number, found the string "17""#)
    #expect(failure("[" + Self.issue(state: "MERGED") + "]", .github) == #"[0].state: "MERGED" is not OPEN or CLOSED"#)
    #expect(failure("[" + Self.issue(title: " ") + "]", .github)?.hasPrefix("[0].title: the title is empty") == true)
    #expect(
      failure("[" + Self.issue(body: "bell \\u0007") + "]", .github)?.hasPrefix(
        "[0].body: the body has the control character U+0007") == true)
    #expect(failure("[" + Self.issue(labels: #"[{"color": "red"}]"#) + "]", .github) == "[0].labels[0].name: missing")
    #expect(
      failure("[" + Self.issue() + "," + Self.issue() + "]", .github)?.hasPrefix(
        #"[1]: the id "17" was already given at [0]"#) == true)
    #expect(
      failure(#"{"number": 1}"#, .github) == "expected a JSON array of issues (gh issue list --json …), found an object"
    )
    #expect(failure("[{\"number\": 1,]", .github)?.hasPrefix("not valid JSON: line 1, column") == true)
    #expect(failure(Data([0x5B, 0xFF, 0x5D]), .github) == "the file is not UTF-8 text; save it as UTF-8")
  }

  @Test func csvFromSpreadsheets() throws {
    let comma =
      "Notes,STATE,title,due,body\r\nx,doing,Write README,2026-11-30,\"Cover install,\r\nand \"\"usage\"\"\"\r\n,,,,\r\n"
    let read = try items(comma, .csv)
    #expect(read.count == 1)
    #expect(read[0].title == "Write README")
    #expect(read[0].body == "Cover install,\nand \"usage\"")
    #expect(read[0].state == .doing)
    #expect(read[0].due == CalendarDate(iso: "2026-11-30"))
    #expect(read[0].sourceID == "Write README")
    #expect(read[0].path == "row 2")
    // A byte order mark, semicolons (a comma in a field is text then), an id column, an empty state.
    let semicolon = "\u{FEFF}id;title;state\n7;Eins, zwei;\n8;Drei;DONE"
    let second = try items(semicolon, .csv)
    #expect(second.map(\.sourceID) == ["7", "8"])
    #expect(second.map(\.title) == ["Eins, zwei", "Drei"])
    #expect(second.map(\.state) == [.todo, .done])
  }

  /// #57: a sheet may say when a row was made and done, so a closed task is not "Done" on the import's day.
  @Test func csvCreatedAndDoneColumns() throws {
    let sheet = "title,created,Closed,state\nA,2026-11-01,2026-11-03T10:00:00Z,\nB,2026-11-02,,doing\nC,,,done\n"
    let read = try items(sheet, .csv)
    #expect(read.map(\.state) == [.done, .doing, .done])
    // A day starts at midnight in the board's time zone (Seoul, UTC+9).
    #expect(read.map(\.created) == [Instant.parse("2026-10-31T15:00:00Z"), Instant.parse("2026-11-01T15:00:00Z"), nil])
    #expect(read.map(\.stateChanged) == [Instant.parse("2026-11-03T10:00:00Z"), nil, nil])
    #expect(
      failure("title,done\nA,3 Nov\n", .csv)
        == #"row 2, column done: "3 Nov" is not a date (YYYY-MM-DD) or a date and time like 2026-11-03T10:00:00Z"#)
    #expect(
      failure("title,state,done\nA,todo,2026-11-03\n", .csv)?.hasPrefix(
        "row 2, column done: a done time on a task whose state is todo") == true)
    #expect(
      failure("title,created,done\nA,2026-11-05,2026-11-03\n", .csv)?.hasPrefix(
        "row 2, column done: 2026-11-02T15:00:00Z is before the task was created") == true)
  }

  @Test func badCSVNamesRowAndColumn() {
    #expect(
      failure("title,due\nA,2026-11-30\nB,11/30/2026\n", .csv)
        == #"row 3, column due: "11/30/2026" is not a date (YYYY-MM-DD)"#)
    #expect(
      failure("title,state\nA,blocked\n", .csv)
        == #"row 2, column state: "blocked" is not a state; use todo, doing or done"#)
    #expect(failure("name,due\nA,\n", .csv)?.hasPrefix("row 1: no column is named title") == true)
    #expect(
      failure("title,Title\nA,B\n", .csv)?.hasPrefix("row 1, column 2: \"title\" is also the name of column 1") == true)
    #expect(failure("title\n\"A\nB", .csv) == "row 2, column 1: a quoted field is never closed (a missing \")")
    #expect(failure("title,body\n\"A\"x,b\n", .csv)?.hasPrefix("row 2, column 1: text after a closing quote") == true)
    #expect(
      failure("title\nSame\nSame\n", .csv)?.hasPrefix(#"row 3: the id "Same" was already given at row 2"#) == true)
    #expect(failure("", .csv) == "the file is empty; expected a header row")
    #expect(
      failure(Data([0x74, 0x69, 0x74, 0x6C, 0x65, 0x0A, 0xC3]), .csv)?.hasPrefix("the file is not UTF-8") == true)
  }

  static let taskwarrior = """
    [{"id":1,"description":"Pending","entry":"20261101T090000Z","modified":"20261102T090000Z","status":"pending",
      "uuid":"5B2E1E0C-0E0F-4E43-9F0C-0D7C1A3E9F01","due":"20261130T150000Z",
      "annotations":[{"entry":"20261101T100000Z","description":"first note"},{"description":"second"}]},
     {"id":2,"description":"Started","entry":"20261101T090000Z","modified":"20261102T090000Z","status":"pending",
      "uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f02","start":"20261102T090000Z"},
     {"id":0,"description":"Finished","entry":"20261101T090000Z","modified":"20261104T090000Z","status":"completed",
      "uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f03","end":"20261103T090000Z"},
     {"id":0,"description":"Gone","entry":"20261101T090000Z","modified":"20261104T090000Z","status":"deleted",
      "uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f04","end":"20261104T090000Z"},
     {"id":0,"description":"Weekly","entry":"20261101T090000Z","status":"recurring",
      "uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f05","recur":"weekly"}]
    """

  @Test func taskwarriorExportBecomesTasks() throws {
    let read = try items(Self.taskwarrior, .taskwarrior)
    #expect(read.map(\.title) == ["Pending", "Started", "Finished", "Gone"])
    #expect(read.map(\.state) == [.todo, .doing, .done, .todo])
    #expect(read.map(\.removed) == [false, false, false, true])
    #expect(read[0].sourceID == "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01")
    #expect(read[0].body == "first note\nsecond")
    #expect(read[0].due == CalendarDate(iso: "2026-12-01"))
    #expect(read[2].stateChanged == Instant.parse("2026-11-03T09:00:00Z"))
    #expect(read[2].updated == Instant.parse("2026-11-04T09:00:00Z"))
  }

  @Test func badTaskwarriorInputNamesTheJSONPath() {
    let base = #"{"description":"A","status":"pending","uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01""#
    #expect(
      failure("[" + base + #","due":"2026-11-30"}]"#, .taskwarrior)
        == #"[0].due: "2026-11-30" is not a date and time like 20261130T150000Z"#)
    #expect(
      failure(#"[{"description":"A","status":"pending","uuid":"nope"}]"#, .taskwarrior)
        == #"[0].uuid: "nope" is not a UUID"#)
    #expect(
      failure(#"[{"description":"A","status":"odd","uuid":"5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01"}]"#, .taskwarrior)?
        .hasPrefix(#"[0].status: "odd" is not a Taskwarrior status"#) == true)
    #expect(
      failure("[" + base + #","annotations":[{"entry":"x"}]}]"#, .taskwarrior)
        == "[0].annotations[0].description: missing")
    #expect(failure("[" + base + "}," + base + "}]", .taskwarrior)?.hasPrefix("[1]: the id") == true)
  }
}

/// The fast paths of importing text against Foundation's: NFC's quick check and the line-break walk.
@Suite("import text fast paths")
struct ImportTextParityTests {
  @Test func nfcQuickCheckAgreesWithFoundation() {
    let pieces = [
      "a", "é", "e\u{301}", "가", "\u{1100}\u{1161}", "각", "가\u{11A8}", "か", "か\u{3099}", "が", "ｶﾞ", "漢", "\u{F900}",
      "Å", "\u{212B}", "ñ", "ß", "\u{2000}", "\u{2001}", "…", "‘", "\u{2060}", "ｱ", "ー", "、", "\u{0344}", "ǅ", "ʰ",
    ]
    var generator = SplitMix64(seed: 19)
    for _ in 0..<2000 {
      let text = (0..<Int(generator.next() % 6 + 1)).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }
        .joined()
      let expected = text.precomposedStringWithCanonicalMapping
      #expect(Array(TaskRules.nfc(text).utf8) == Array(expected.utf8), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func windowsLineEndsBecomeNewlines() throws {
    let read = try ImportReader.items(
      Data(#"[{"number": 1, "title": "T", "body": "a\r\nb\rc\n\r\nd\r", "state": "OPEN"}]"#.utf8), format: .github,
      settings: ImportSettings(timeZone: .utc))
    #expect(read[0].body == "a\nb\nc\n\nd\n")
  }
}
