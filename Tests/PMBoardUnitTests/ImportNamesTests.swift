import Foundation
import PMBoardCore
import PMBoardImport
import Testing

/// What each importer makes of a source's labels, people and links, and how a re-import records their changes.
@Suite("import names")
struct ImportNamesTests {
  let utc = ImportSettings(timeZone: .utc)

  func items(_ text: String, _ format: ImportFormat) throws -> [ImportedItem] {
    try ImportReader.items(Data(text.utf8), format: format, settings: utc)
  }

  @Test func gitHubLabelsAssigneesMilestoneAndLink() throws {
    let json = """
      [{"number": 17, "title": "Fix login", "body": "", "state": "OPEN",
        "labels": [{"name": "bug"}, {"name": " good first issue"}, {"name": "버그"}],
        "assignees": [{"login": "kyo"}, {"login": "mina"}],
        "milestone": {"title": "v2.0", "dueOn": "2026-11-30T07:00:00Z"},
        "url": "https://github.com/o/r/issues/17",
        "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null},
       {"number": 18, "title": "Plain", "body": "", "state": "OPEN", "labels": [], "milestone": null,
        "createdAt": "2026-11-01T09:00:00Z", "updatedAt": "2026-11-02T10:00:00Z", "closedAt": null}]
      """
    let read = try items(json, .github)
    #expect(read[0].labels == ["bug", "good first issue", "버그"], "the milestone is a field's value, not a label")
    #expect(read[0].assignees == ["kyo", "mina"])
    #expect(read[0].url == "https://github.com/o/r/issues/17")
    #expect(read[0].due == CalendarDate(iso: "2026-11-30"))
    #expect(read[1].labels.isEmpty && read[1].assignees.isEmpty && read[1].url.isEmpty)
    let bad = json.replacingOccurrences(of: "https://github.com/o/r/issues/17", with: "javascript:alert(1)")
    let error = #expect(throws: ImportFailure.self) { try items(bad, .github) }
    #expect(error?.description.hasPrefix("[0].url: the link") == true, "\(String(describing: error))")
  }

  @Test func taskwarriorTagsAreLabelsAndProjectAndPriorityAreNot() throws {
    let json = """
      [{"uuid": "5b2e1e0c-0e0f-4e43-9f0c-0d7c1a3e9f01", "description": "Pending", "status": "pending",
        "entry": "20261101T090000Z", "tags": ["home", "urgent"], "project": "garden", "priority": "H"}]
      """
    let read = try ImportReader.read(Data(json.utf8), format: .taskwarrior, settings: utc)
    #expect(read.items[0].labels == ["home", "urgent"])
    #expect(read.fields.map(\.name) == ["project", "priority"])
    #expect(read.items[0].sourceValues == [.text("garden"), .text("H")])
  }

  @Test func csvLabelAssigneeAndLinkColumns() throws {
    let csv = "Title,Tags,Owner,Link\nA,\"bug, ui; 긴급\",kyo,https://example.com/a\nB,,,\n"
    let read = try items(csv, .csv)
    #expect(read[0].labels == ["bug", "ui", "긴급"])
    #expect(read[0].assignees == ["kyo"])
    #expect(read[0].url == "https://example.com/a")
    #expect(read[1].labels.isEmpty && read[1].url.isEmpty)
  }

  @Test func aReImportRecordsNameChangesAsEdits() {
    let at = Instant.parse("2026-11-02T10:00:00Z")!
    var old = BoardTask(
      title: "Fix login", labels: ["bug"], assignees: ["kyo"], created: at,
      source: TaskSource(name: "github", id: "17"))
    old.url = "https://github.com/o/r/issues/17"
    var item = ImportedItem(sourceID: "17", path: "[0]", title: "Fix login", created: at, updated: at)
    (item.labels, item.assignees, item.url) = (["bug", "p1"], [], old.url)
    let sync = ImportSync(source: "github", author: "import:github", now: at.addingTimeInterval(60))
    let changes = sync.changes(board: [old], items: [item])
    #expect(changes.count == 1)
    #expect(changes[0].entry.action == .edited && changes[0].entry.fields == [.labels, .assignees])
    #expect(changes[0].after?.labels == ["bug", "p1"] && changes[0].after?.assignees == [])
    // The same again changes nothing.
    #expect(sync.changes(board: [changes[0].after!], items: [item]).isEmpty)
  }

  @Test func anImportSetsEveryFieldAnEditRecords() {
    // Every field an item carries reaches the task it adds: a field left out of `ImportedItem.set` would be lost.
    var item = ImportedItem(sourceID: "1", path: "[0]", title: "T", body: "B", due: CalendarDate(iso: "2026-12-01"))
    (item.labels, item.assignees, item.url) = (["l"], ["p"], "https://example.com/1")
    let added = ImportSync(source: "s", author: "a", now: Date()).changes(board: [], items: [item])[0].after!
    var expected = added
    for field in TaskField.allCases { item.set(field, of: &expected) }
    #expect(added == expected)
    #expect(added.labels == ["l"] && added.assignees == ["p"] && added.url == "https://example.com/1")
  }
}
