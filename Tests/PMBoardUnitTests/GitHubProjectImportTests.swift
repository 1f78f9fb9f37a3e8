import Foundation
import PMBoardCore
import PMBoardImport
import PMBoardTestSupport
import Testing

/// `import --from github-project`: the items of `gh project item-list N --format json`
/// (`Tests/Scripts/fixtures/import/project-items.json`) with and without the project's `gh project field-list`
/// (`project-fields.json`), the Status as the column, and the one line bad input gives.
@Suite("import github-project")
struct GitHubProjectImportTests {
  static let folder = Golden.repositoryRoot.appendingPathComponent("Tests/Scripts/fixtures/import")
  static let items = try! Data(contentsOf: folder.appendingPathComponent("project-items.json"))
  static let fieldList = try! Data(contentsOf: folder.appendingPathComponent("project-fields.json"))

  func settings(fields: Bool = true, statusMap: String = "Blocked=doing") throws -> ImportSettings {
    ImportSettings(
      timeZone: TimeZone(identifier: "Asia/Seoul")!, statusMap: try ProjectStatusMap(option: statusMap),
      projectFields: fields ? try ProjectField.list(Self.fieldList) : nil)
  }

  func resolved(_ data: Data, settings: ImportSettings) throws -> (FieldImport, [ImportedItem]) {
    let source = try ImportReader.read(data, format: .githubProject, settings: settings)
    var plan = try FieldImport(board: .none, source: source.fields)
    var items = source.items
    try plan.resolve(&items)
    return (plan, items)
  }

  func failure(_ text: String, settings: ImportSettings? = nil) throws -> String? {
    do {
      _ = try resolved(Data(text.utf8), settings: settings ?? self.settings(fields: false))
      return nil
    } catch let failure as ImportFailure {
      return failure.description
    }
  }

  @Test func itemsBecomeTasksInTheColumnsTheirStatusSays() throws {
    let (_, items) = try resolved(Self.items, settings: settings())
    #expect(items.map(\.sourceID) == ["PVTI_lADOBx1", "PVTI_lADOBx2", "PVTI_lADOBx3", "PVTI_lADOBx4", "PVTI_lADOBx5"])
    #expect(items.map(\.state) == [.doing, .todo, .done, .doing, .todo], "Blocked by the map, no status is todo")
    #expect(items[0].title == "Login fails on Android 15" && items[0].body == "Steps:\n1. open the app")
    #expect(items[0].url == "https://github.com/acme/app/issues/17" && items[1].url == "")
    #expect(items[0].labels == ["bug"] && items[0].assignees == ["mina"] && items[2].assignees == ["kyo"])
    #expect(items[0].due == CalendarDate(iso: "2026-12-15"), "an item is due when its milestone is")
    let unmapped = try failure(String(decoding: Self.items, as: UTF8.self), settings: settings(statusMap: ""))
    #expect(
      unmapped
        == #"items[3].status: "Blocked" is no column; say where it goes, e.g. --status-map "Blocked=doing" "#
        + "(todo, doing or done)")
  }

  @Test func theFieldListDeclaresEveryFieldOfItsType() throws {
    let (plan, items) = try resolved(Self.items, settings: settings())
    let declared = plan.fields.valued.filter { $0.builtIn == nil }
    #expect(declared.map(\.key) == ["priority", "story-points", "target-date", "iteration", "team", "risk"])
    #expect(declared.map(\.type) == [.select, .number, .date, .milestone, .text, .select])
    #expect(declared[0].options.map(\.name) == ["P0", "P1", "P2"], "in the project's order")
    #expect(declared[5].options.map(\.name) == ["Low", "High"], "declared though no item has a value")
    #expect(declared[1].displayName(in: "en") == "Story Points")
    let sprints = declared[3].options
    #expect(sprints.map(\.name) == ["Sprint 4", "Sprint 3"])
    #expect(sprints[0].start == CalendarDate(iso: "2026-11-02") && sprints[0].due == CalendarDate(iso: "2026-11-15"))
    let milestone = try #require(plan.fields.field(id: BuiltInField.milestone.id))
    #expect(milestone.options.map(\.name) == ["Release 2.0"])
    func text(_ item: ImportedItem) -> [String] {
      ([milestone] + declared).map { item.values[$0.id]?.text(in: $0) ?? "" }
    }
    #expect(text(items[0]) == ["Release 2.0", "P1", "3", "2026-12-01", "Sprint 4", "Mobile", ""])
    #expect(text(items[1]) == ["", "P2", "1.5", "", "", "", ""])
    #expect(plan.changes.count == 7, "the milestone's new option and six fields")
  }

  @Test func withoutTheFieldListTheValuesSayTheTypes() throws {
    let (plan, items) = try resolved(Self.items, settings: settings(fields: false))
    let declared = plan.fields.valued.filter { $0.builtIn == nil }
    #expect(declared.map(\.key) == ["iteration", "priority", "story-points", "target-date", "team"])
    #expect(declared.map(\.type) == [.milestone, .text, .number, .date, .text])
    #expect(items[0].values[declared[1].id] == .text("P1"))
  }

  @Test func aDataTypeTellsANumberFromTextWithoutValues() throws {
    let list = """
      {"fields": [{"id": "1", "name": "Estimate", "type": "ProjectV2Field", "dataType": "NUMBER"},
        {"id": "2", "name": "Due", "type": "ProjectV2Field", "dataType": "DATE"},
        {"id": "3", "name": "Reviewers", "type": "ProjectV2Field", "dataType": "REVIEWERS"}], "totalCount": 3}
      """
    var settings = try settings()
    settings.projectFields = try ProjectField.list(Data(list.utf8))
    let (plan, _) = try resolved(Data(#"{"items": [], "totalCount": 0}"#.utf8), settings: settings)
    #expect(
      plan.changes.compactMap { $0.after.map { "\($0.key) \($0.type.rawValue)" } } == [
        "estimate number", "due date",
      ])
    let text = #"{"items": [{"id": "PVTI_1", "content": {"title": "T"}, "estimate": "three"}]}"#
    #expect(
      try failure(text, settings: settings)
        == #"items[0].estimate: "three" is not a number such as 3 or 2.5 (estimate is a number field)"#)
  }

  @Test func gitHubsMemberNamesAreTheFieldNamesWithTheFirstLetterLowercased() {
    #expect(ProjectField(name: "Story Points", type: "ProjectV2Field").member == "story Points")
    #expect(ProjectField(name: "우선순위", type: "ProjectV2Field").member == "\u{FFFD}\u{FFFD}\u{FFFD}선순위")
  }

  @Test func badInputNamesTheJSONPath() throws {
    func item(_ members: String) -> String {
      #"{"items": [{"id": "PVTI_1", "content": {"title": "T", "type": "DraftIssue"}, "status": "Todo"}, "#
        + #"{"id": "PVTI_2", "content": {"title": "U", "type": "DraftIssue"}"# + members + "}]}"
    }
    #expect(try failure(item(#", "status": "Todo", "story Points": 3"#)) == nil)
    #expect(
      try failure(item(#", "iteration": {"title": "S1", "startDate": "soon", "duration": 14}"#))
        == #"items[1].iteration.startDate: "soon" is not a day such as 2026-11-02"#)
    #expect(
      try failure(item(#", "milestone": {"title": "v1", "dueOn": "someday"}"#))
        == #"items[1].milestone.dueOn: "someday" is not a date and time like 2026-12-15T00:00:00Z"#)
    #expect(try failure(item(#", "status": 3"#)) == "items[1].status: expected a status (a string)")
    #expect(try failure(#"{"items": [{"content": {"title": "T"}}]}"#) == "items[0].id: missing")
    #expect(try failure(#"{"totalCount": 0}"#)?.hasPrefix(#"expected a JSON object with "items""#) == true)
    #expect(
      try failure(#"{"items": [{"id": "PVTI_1", "content": {"title": "T"}, "labels": "bug"}]}"#)
        == "items[0].labels: expected a list of names")
    let badList = #"{"fields": [{"id": "1", "type": "ProjectV2Field"}]}"#
    #expect(throws: ImportFailure("fields[0].name: missing")) { try ProjectField.list(Data(badList.utf8)) }
    #expect(throws: ImportFailure(#"--status-map: "later" (for Blocked) is not a column; use todo, doing or done"#)) {
      try ProjectStatusMap(option: "Blocked=later")
    }
  }
}
