import Foundation
import PMBoardCore
import PMBoardImport
import Testing

/// The sources' fields: what each reader gives (a GitHub milestone, Taskwarrior's project, priority and attributes,
/// a CSV column given with `--field`), and how ``FieldImport`` declares board fields for them and reads the values.
@Suite("import fields")
struct ImportFieldsTests {
  let utc = ImportSettings(timeZone: .utc)

  func resolved(
    _ text: String, _ format: ImportFormat, board: BoardFields = .none, settings: ImportSettings? = nil
  ) throws -> (FieldImport, [ImportedItem]) {
    let source = try ImportReader.read(Data(text.utf8), format: format, settings: settings ?? utc)
    var plan = try FieldImport(board: board, source: source.fields)
    var items = source.items
    try plan.resolve(&items)
    return (plan, items)
  }

  func failure(
    _ text: String, _ format: ImportFormat, board: BoardFields = .none, settings: ImportSettings? = nil
  ) -> String? {
    do {
      _ = try resolved(text, format, board: board, settings: settings)
      return nil
    } catch let failure as ImportFailure {
      return failure.description
    } catch {
      return "\(error)"
    }
  }

  static func issue(_ number: Int, milestone: String) -> String {
    """
    {"number": \(number), "title": "Issue \(number)", "body": "", "state": "OPEN", "labels": [{"name": "bug"}],
     "milestone": \(milestone), "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z"}
    """
  }

  @Test func aGitHubMilestoneIsTheBuiltInFieldWithItsDueDateAndState() throws {
    let json =
      "["
      + [
        Self.issue(1, milestone: #"{"title": "v2.0", "dueOn": "2026-12-15T08:00:00Z"}"#),
        Self.issue(2, milestone: #"{"title": "v2.0", "dueOn": "2026-12-15T08:00:00Z"}"#),
        Self.issue(3, milestone: #"{"title": "v1.0", "due_on": null, "state": "closed"}"#),
        Self.issue(4, milestone: "null"),
      ].joined(separator: ",") + "]"
    let (plan, items) = try resolved(json, .github)
    #expect(items.map(\.labels) == [["bug"], ["bug"], ["bug"], ["bug"]], "the milestone is no label any more")
    #expect(items[0].due == CalendarDate(iso: "2026-12-15") && items[2].due == nil)
    let milestone = try #require(plan.fields.field(id: BuiltInField.milestone.id))
    #expect(milestone.options.map(\.name) == ["v2.0", "v1.0"])
    #expect(milestone.options[0].due == CalendarDate(iso: "2026-12-15") && !milestone.options[0].isClosed)
    #expect(milestone.options[1].due == nil && milestone.options[1].isClosed)
    #expect(
      items.map { $0.values[BuiltInField.milestone.id] } == [
        .option(milestone.options[0].id), .option(milestone.options[0].id), .option(milestone.options[1].id), nil,
      ])
    #expect(items.allSatisfy { $0.valueFields == [BuiltInField.milestone.id] }, "a missing milestone clears it")
    #expect(plan.changes.count == 1 && plan.changes[0].before == BuiltInField.milestone.definition)
    // Imported again with the milestone moved: the option keeps its id and takes the new date.
    let moved = json.replacingOccurrences(of: "2026-12-15T08", with: "2026-12-22T08")
    let (again, reread) = try resolved(moved, .github, board: plan.fields)
    let options = try #require(again.fields.field(id: BuiltInField.milestone.id)?.options)
    #expect(options[0].id == milestone.options[0].id && options[0].due == CalendarDate(iso: "2026-12-22"))
    #expect(reread[0].values == items[0].values)
    #expect(again.changes.map(\.described).first?.map(\.after) == ["v2.0 (due 2026-12-22)"])
  }

  @Test func taskwarriorProjectPriorityAndAttributesAreFields() throws {
    let json = """
      [{"uuid": "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01", "description": "Call the bank", "status": "pending",
        "entry": "20261101T090000Z", "tags": ["errand"], "project": "home", "priority": "H", "estimate": 2,
        "client": "ACME", "review": "20261210T150000Z", "urgency": 5.2, "id": 1, "depends": ["x"]},
       {"uuid": "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f02", "description": "Fix the sink", "status": "pending",
        "entry": "20261101T090000Z", "project": "home.kitchen", "estimate": 1.50, "client": 7}]
      """
    let seoul = ImportSettings(timeZone: TimeZone(identifier: "Asia/Seoul")!)
    let (plan, items) = try resolved(json, .taskwarrior, settings: seoul)
    #expect(items[0].labels == ["errand"])
    let fields = plan.fields.valued.filter { $0.builtIn == nil }
    #expect(fields.map(\.key) == ["project", "priority", "estimate", "client", "review"])
    #expect(fields.map(\.type) == [.select, .select, .number, .text, .date])
    #expect(fields[0].options.map(\.name) == ["home", "home.kitchen"])
    #expect(fields[1].options.map(\.name) == ["H", "M", "L"])
    let values = items.map { item in fields.map { item.values[$0.id]?.text(in: $0) ?? "" } }
    #expect(values[0] == ["home", "H", "2", "ACME", "2026-12-11"])
    #expect(values[1] == ["home.kitchen", "", "1.5", "7", ""], "a number among texts is text")
  }

  @Test func csvColumnsGivenWithFieldBecomeFields() throws {
    let csv = "id,title,Story Points,Team,Notes\n1,Fix login,3,web,x\n2,Docs,,infra,\n"
    var settings = utc
    settings.fieldColumns = [("Story Points", "estimate"), ("team", nil)]
    let (plan, items) = try resolved(csv, .csv, settings: settings)
    let estimate = try #require(plan.fields.field(key: "estimate"))
    let team = try #require(plan.fields.field(key: "team"))
    #expect(estimate.type == .text && estimate.displayName(in: "en") == "Story Points")
    #expect(items[0].values[estimate.id] == .text("3") && items[1].values[estimate.id] == nil)
    #expect(items.map { $0.values[team.id] } == [.text("web"), .text("infra")])
    #expect(plan.fields.field(key: "notes") == nil, "a column not given is read over")
    // A board whose estimate is a number reads the column as numbers, and refuses what is not one.
    var board = BoardFields.none
    board.put(FieldDefinition(id: UUID(), key: "estimate", type: .number))
    let (numbers, read) = try resolved(csv, .csv, board: board, settings: settings)
    #expect(read[0].values[board.field(key: "estimate")!.id] == .number("3"))
    #expect(numbers.changes.map { $0.after?.key } == ["team"], "only the new field is declared")
    let bad = csv.replacingOccurrences(of: ",3,", with: ",three,")
    #expect(
      failure(bad, .csv, board: board, settings: settings)
        == #"row 2, column Story Points: "three" is not a number such as 3 or 2.5 (estimate is a number field)"#)
  }

  @Test func aSelectOfTheBoardRefusesAnOptionACSVGivesButASourceThatDeclaresOptionsAddsIt() throws {
    var board = BoardFields.none
    board.put(
      FieldDefinition(
        id: UUID(), key: "priority", type: .select, options: [FieldOption(id: "0000000a", name: "P0")]))
    var settings = utc
    settings.fieldColumns = [("Priority", nil)]
    #expect(
      failure("title,Priority\nA,P9\n", .csv, board: board, settings: settings)
        == #"row 2, column Priority: "P9" is no option of priority (declared: "P0"); add it with `pmboard field "#
        + #"edit priority --add-option "P9"`"#)
    let (plan, items) = try resolved("title,Priority\nA,p0\n", .csv, board: board, settings: settings)
    #expect(items[0].values[board.field(key: "priority")!.id] == .option("0000000a"), "names match ignoring case")
    #expect(plan.changes.isEmpty)
  }

  @Test func keysAreMadeFromNamesAndNeverTakeABuiltInOrAnotherFieldsKey() throws {
    let fields = [
      SourceField(name: "Story Points", type: .number, declaresEmpty: true, place: .member("story Points")),
      SourceField(name: "story-points", type: .text, declaresEmpty: true, place: .member("story-points")),
      SourceField(name: "Label", type: .text, declaresEmpty: true, place: .member("label")),
      SourceField(name: "History", type: .text, declaresEmpty: true, place: .member("history")),
      SourceField(name: "2nd reviewer", type: .text, declaresEmpty: true, place: .member("2nd reviewer")),
      SourceField(name: "우선순위", type: .text, declaresEmpty: true, place: .member("우선순위")),
    ]
    let plan = try FieldImport(board: .none, source: fields)
    #expect(
      plan.changes.compactMap { $0.after?.key } == [
        "story-points", "story-points-2", "label-2", "history-2", "field-2nd-reviewer", "field",
      ])
    #expect(plan.changes.last?.after?.displayName(in: "ko") == "우선순위")
  }

  @Test func aFieldWithoutValuesIsDeclaredOnlyWhenTheSourceListsIt() throws {
    let listed = SourceField(
      name: "Risk", type: .select, options: [SourceOption(name: "Low")], declaresEmpty: true,
      place: .member("risk"))
    let unused = SourceField(name: "Notes", type: .text, place: .member("notes"))
    var plan = try FieldImport(board: .none, source: [listed, unused])
    var items = [ImportedItem(sourceID: "1", path: "[0]", title: "T")]
    try plan.resolve(&items)
    #expect(plan.changes.map { $0.after?.key } == ["risk"])
    #expect(plan.fields.field(key: "risk")?.options.map(\.name) == ["Low"])
    #expect(items[0].valueFields == [plan.fields.field(key: "risk")!.id])
  }

  @Test func aReImportRecordsTheDefinitionsFirstThenTheValueChangesAsEdits() throws {
    let at = Instant.parse("2026-11-02T10:00:00Z")!
    let json = "[" + Self.issue(1, milestone: #"{"title": "v2.0", "dueOn": null}"#) + "]"
    let (plan, items) = try resolved(json, .github)
    let sync = ImportSync(
      source: "github", author: "import:github", now: at.addingTimeInterval(600), fields: plan.fields)
    // A task imported before milestones were fields: the milestone was a label.
    let old = BoardTask(
      title: "Issue 1", labels: ["bug", "v2.0"], created: at, updated: at, source: TaskSource(name: "github", id: "1"))
    let changes = sync.changes(board: [old], items: items, definitions: plan.changes)
    #expect(changes.map(\.entry.action) == [.defined, .edited])
    #expect(changes[0].entry.at == changes[1].entry.at, "the definitions go with the first change")
    #expect(changes[1].entry.fields == [.labels, .values])
    #expect(changes[1].entry.changes.map { "\($0.key) \($0.before)→\($0.after)" } == ["milestone →v2.0"])
    #expect(changes[1].after?.labels == ["bug"])
    #expect(sync.changes(board: [changes[1].after!], items: items).isEmpty, "the same again changes nothing")
  }
}
