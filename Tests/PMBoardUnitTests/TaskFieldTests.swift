import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardSite
import PMBoardStore
import Testing

/// Every place that decides about a task field goes through ``TaskField``: these tests notice a stored property no
/// case covers, and, per place, a field whose change that place does not see (a field left out of the card
/// fingerprint keeps stale pages with every other test green).
@Suite("task fields")
struct TaskFieldTests {
  static let sample = BoardTask(
    id: UUID(uuidString: "0E7A3D6B-8C1F-4F52-9B0A-2D5E6F708192")!, title: "Write the plan", body: "First draft",
    due: CalendarDate(iso: "2026-11-30"), state: .todo, labels: ["bug"], assignees: ["kyo"],
    url: "https://example.com/1", values: FieldValues([BuiltInField.milestone.id: .option("m0")]),
    created: Date(timeIntervalSince1970: 1_790_000_000))

  /// The milestones the sample's values name, so that `show` prints them.
  static let sampleFields = BoardFields(stored: [
    FieldDefinition(
      id: BuiltInField.milestone.id, key: "milestone", type: .milestone,
      options: [FieldOption(id: "m0", name: "Beta"), FieldOption(id: "m1", name: "Release")])
  ])

  /// `task` with `field` set to a different value. Exhaustive: a new field needs a sample change here.
  static func changed(_ task: BoardTask, _ field: TaskField) -> BoardTask {
    var copy = task
    switch field {
    case .title: copy.title += " again"
    case .body: copy.body += ", and more"
    case .due: copy.due = (task.due ?? CalendarDate(iso: "2026-11-30")!).adding(days: 1)
    case .state: copy.state = task.state == .todo ? .doing : .todo
    case .labels: copy.labels.insert("added-\(task.labels.count)")
    case .assignees: copy.assignees.insert("someone-\(task.assignees.count)")
    case .url: copy.url = task.url == "https://example.com/2" ? "https://example.com/3" : "https://example.com/2"
    case .values: copy.values[BuiltInField.milestone.id] = .option("m\(task.values.count)")
    }
    return copy
  }

  @Test func everyStoredPropertyIsAFieldOrNamedAsNone() {
    let stored = Set(Mirror(reflecting: Self.sample).children.compactMap(\.label))
    let fields = Set(TaskField.allCases.map(\.rawValue))
    #expect(fields.isDisjoint(with: TaskField.nonFieldProperties))
    #expect(stored == fields.union(TaskField.nonFieldProperties))
  }

  @Test func sampleChangesChangeEveryField() {
    for field in TaskField.allCases {
      let other = Self.changed(Self.sample, field)
      #expect(!Self.sample.hasSame(field, as: other), "\(field)")
      for unchanged in TaskField.allCases where unchanged != field {
        #expect(Self.sample.hasSame(unchanged, as: other), "\(field) changed \(unchanged)")
      }
    }
  }

  /// The card fingerprint of `task`, alone on a board, on `today`.
  static func cardPrint(_ task: BoardTask, today: CalendarDate) -> UInt64 {
    let board = Board(info: BoardInfo(title: "Fields", timeZoneID: "UTC"), tasks: [task])
    return CardTables(tasks: BoardSnapshot(board).tasks, today: today).prints[0]
  }

  @Test func cardPrintChangesWithEveryFieldACardOrTaskPageShows() {
    let today = CalendarDate(iso: "2026-11-01")!
    let shown = TaskField.allCases.filter { $0.isShown(on: .card) || $0.isShown(on: .taskPage) }
    #expect(TaskField.cardPrintFields == shown)
    let base = Self.cardPrint(Self.sample, today: today)
    for field in shown {
      #expect(Self.cardPrint(Self.changed(Self.sample, field), today: today) != base, "\(field)")
    }
  }

  @Test func syncMergeTakesEveryChangedFieldAndKeepsTheRest() {
    for field in TaskField.allCases {
      let after = Self.changed(Self.sample, field)
      let change = BoardChange.update(from: Self.sample, to: after, at: Date(timeIntervalSince1970: 1_790_000_100))
      for concurrent in TaskField.allCases where concurrent != field {
        let current = Self.changed(Self.sample, concurrent)
        let rebased = SyncRule.rebase(change, onto: current)
        #expect(rebased.entry.resolution == .merged)
        guard let merged = rebased.after else {
          Issue.record("\(field) over \(concurrent): no task")
          continue
        }
        #expect(merged.hasSame(field, as: after), "\(field) over \(concurrent)")
        #expect(merged.hasSame(concurrent, as: current), "\(field) over \(concurrent)")
      }
    }
  }

  @Test func anEditRecordsEveryFieldAsItsDeclarationSays() {
    for field in TaskField.allCases {
      let entry = BoardChange.update(from: Self.sample, to: Self.changed(Self.sample, field), at: Date()).entry
      switch field.changeRecord {
      case .edited:
        #expect(entry.action == .edited, "\(field)")
        #expect(entry.fields == [field], "\(field)")
      case .moved:
        #expect(entry.action == .moved, "\(field)")
        #expect(entry.fields.isEmpty, "\(field)")
      }
    }
    #expect(TaskField.editedFields == [.title, .body, .due, .labels, .assignees, .url, .values])
  }

  @Test func historyNamesOnlyFieldsAnEditRecords() {
    for field in TaskField.allCases {
      #expect((TaskField(editedFieldName: field.interchangeName) != nil) == field.isRecordedByEdit, "\(field)")
    }
    #expect(TaskField(editedFieldName: "state") == nil)
  }

  @Test func showPrintsEveryField() {
    let base = ShowText.text(of: Self.sample, overdue: false, fields: Self.sampleFields)
    for field in TaskField.allCases {
      let shown = ShowText.text(of: Self.changed(Self.sample, field), overdue: false, fields: Self.sampleFields)
      #expect(shown != base, "\(field)")
    }
  }

  /// Every value starts in one column, that of `assignees: kyo` (the longest name), before the body.
  @Test func showLinesUpEveryValue() {
    let text = ShowText.text(of: Self.sample, overdue: false)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
    #expect(lines.count == 9, "\(text)")
    #expect(lines.contains("assignees: kyo"))
    for line in lines {
      let name = line.prefix { $0 != " " }
      let column = name.count + line.dropFirst(name.count).prefix { $0 == " " }.count
      #expect(name.hasSuffix(":") && column == "assignees: ".count, "\(line)")
    }
  }

  @Test func publishPolicyHidesExactlyTheHideableFields() {
    var hiding = PublishPolicy()
    hiding.bodies = false
    hiding.authors = false
    hiding.assignees = false
    hiding.history = .titles
    for field in TaskField.allCases {
      #expect(!PublishPolicy.everything.hides(field), "\(field)")
      #expect(hiding.hides(field) == (field.publishing == .hideable), "\(field)")
    }
  }

  @Test func publishedBoardShowsEveryFieldTheDefaultPolicyPublishes() {
    func redacted(_ task: BoardTask, _ policy: PublishPolicy) -> [UInt64] {
      let snapshot = BoardSnapshot(Board(info: BoardInfo(title: "Fields", timeZoneID: "UTC"), tasks: [task]))
      let today = CalendarDate(iso: "2026-11-01")!
      return CardTables(tasks: policy.redact(snapshot).tasks, today: today).prints.map { $0 }
    }
    var hiding = PublishPolicy()
    hiding.bodies = false
    hiding.assignees = false
    for field in TaskField.allCases {
      let (base, other) = (Self.sample, Self.changed(Self.sample, field))
      #expect(redacted(base, .everything) != redacted(other, .everything), "\(field)")
      // A hidden field's change reaches no published byte; a field that selects tasks still shows on those.
      let hidden = redacted(base, hiding) == redacted(other, hiding)
      #expect(hidden == (field.publishing == .hideable), "\(field)")
    }
  }

  @Test func interchangeWritesAndReadsBackEveryField() throws {
    let writer = InterchangeWriter()
    func written(_ task: BoardTask) -> String {
      var out: [UInt8] = []
      writer.appendTask(task, indent: "", to: &out)
      return String(decoding: out, as: UTF8.self)
    }
    let base = written(Self.sample)
    for field in TaskField.allCases {
      let task = Self.changed(Self.sample, field)
      #expect(written(task) != base, "\(field)")
      #expect(written(task).contains("\"\(field.interchangeName)\": "), "\(field)")
      let board = Board(info: BoardInfo(title: "Fields", timeZoneID: "UTC"), tasks: [task])
      let read = try InterchangeReader().read(writer.data(for: board), source: "fields.json")
      #expect(read.board.tasks == [task], "\(field)")
    }
  }

  @Test func interchangeReaderRefusesEveryFieldGivenTwice() {
    var object: [UInt8] = []
    InterchangeWriter().appendTask(Self.sample, indent: "", to: &object)
    let head = #"{"format": "pmboard/1", "board": {"title": "F", "timeZone": "UTC"}, "tasks": ["#
    for field in TaskField.allCases {
      // The task object with the field's member again before its closing brace.
      let task = String(decoding: object.dropLast(), as: UTF8.self) + ", \"\(field.interchangeName)\": \"x\"}"
      let document = head + task + #"], "history": []}"#
      do {
        _ = try InterchangeReader().read(Data(document.utf8), source: "fields.json")
        Issue.record("\(field) given twice was read")
      } catch {
        let twice = "tasks[0].\(field.interchangeName) is given twice; keep one"
        #expect(error.problems.contains { $0.hasSuffix(twice) }, "\(error.problems)")
      }
    }
  }
}
