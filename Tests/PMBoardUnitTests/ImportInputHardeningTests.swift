import Foundation
import PMBoardCore
import PMBoardImport
import PMBoardTestSupport
import Testing

/// Inputs `import --from` once read wrong without a word (issue 31): a member given twice in GitHub's JSON, a CSV
/// whose two byte order marks hid its `id` column, and a CSV id too long for the store, which the store then named
/// by a task id of its own making.
@Suite("import inputs, round 3")
struct ImportInputHardeningTests {
  let utc = ImportSettings(timeZone: TimeZone(identifier: "UTC")!)

  func read(_ data: Data, _ format: ImportFormat) -> Result<[ImportedItem], ImportFailure> {
    Result { () throws(ImportFailure) in try ImportReader.items(data, format: format, settings: utc) }
  }

  func failure(_ text: String, _ format: ImportFormat) -> String? {
    failure(Data(text.utf8), format)
  }

  func failure(_ data: Data, _ format: ImportFormat) -> String? {
    guard case .failure(let error) = read(data, format) else { return nil }
    return error.description
  }

  @Test func aGitHubIssueWithAMemberGivenTwiceIsRefused() {
    let issue = """
      [{"number": 7, "title": "First", "title": "Second", "body": "", "state": "OPEN", "milestone": null,
        "labels": [], "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null}]
      """
    #expect(failure(issue, .github) == "[0].title is given twice; keep one")
    let label = """
      [{"number": 7, "title": "T", "body": "", "state": "OPEN", "milestone": {"dueOn": null, "dueOn": null},
        "labels": [], "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null}]
      """
    #expect(failure(label, .github) == "[0].milestone.dueOn is given twice; keep one")
    // A member pmboard does not read may repeat: it is read over, as before.
    let other = """
      [{"number": 7, "title": "T", "repo": "a", "repo": "b", "state": "OPEN", "milestone": null, "labels": [],
        "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null}]
      """
    #expect(failure(other, .github) == nil)
    // The issue's address is read now: given twice, it is refused like the others.
    let url = other.replacingOccurrences(of: "\"repo\"", with: "\"url\"")
    #expect(failure(url, .github) == "[0].url is given twice; keep one")
  }

  @Test func aCSVWithTwoByteOrderMarksKeepsItsIDColumn() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let data = Data(bom + bom + Array("id,title\n7,Seven\n8,Eight\n".utf8))
    let items = try read(data, .csv).get()
    #expect(items.map(\.sourceID) == ["7", "8"])
  }

  @Test func aKnownColumnNameWithAnInvisibleCharacterIsRefused() {
    #expect(
      failure("title,\u{FEFF}id\nSeven,7\n", .csv)
        == "row 1, column 2: the name \"id\" holds the invisible character U+FEFF; remove it, or save the file "
        + "again as CSV UTF-8, so that the column is read as id")
    #expect(failure("title,i\u{200B}d\nSeven,7\n", .csv)?.hasPrefix("row 1, column 2: the name \"id\"") == true)
    // An unknown column stays read over, invisible characters or not.
    #expect(failure("title,no\u{FEFF}tes\nSeven,x\n", .csv) == nil)
  }

  @Test func aTooLongCSVIDNamesItsRowAndColumn() {
    let long = String(repeating: "9", count: TaskRules.authorByteLimit + 1)
    #expect(
      failure("title,id\nSeven,7\nEight,\(long)\n", .csv)
        == "row 3, column id: the id is 201 bytes of UTF-8; at most 200 are allowed")
    // 70 characters, a good title, but 210 bytes: too long to name the task in its source.
    let longTitle = String(repeating: "가", count: 70)
    #expect(
      failure("title\n\(longTitle)\n", .csv)
        == "row 2, column title: without an id column the title is the row's id, and it is 210 bytes of UTF-8; "
        + "at most 200 are allowed; add an id column")
  }
}
