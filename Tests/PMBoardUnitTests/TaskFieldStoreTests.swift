import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import Testing

/// The stores' column lists, statements and parameters are made from ``TaskField``: each field, changed in turn,
/// is written (created, then updated) and read back by every backend, whole (`load`) and as a snapshot.
@Suite("task fields in stores")
struct TaskFieldStoreTests {
  @Test(arguments: StoreBackend.tested)
  func everyFieldIsWrittenAndReadBack(_ backend: StoreBackend) async throws {
    let info = BoardInfo(title: "Fields", timeZoneID: "UTC")
    let today = CalendarDate(iso: "2026-11-01")!
    try await StoreScratch.with { scratch async throws in
      let store = backend.store(at: scratch.path(backend.fileName))
      var task = TaskFieldTests.sample
      try await store.create(Board(info: info, tasks: [task]))
      for field in TaskField.allCases {
        let changed = TaskFieldTests.changed(task, field)
        try await store.commit(.update(from: task, to: changed, at: Date(timeIntervalSince1970: 1_790_000_100)))
        task = changed
        #expect(try await store.load().tasks == [task], "\(backend) \(field)")
        let snapshot = try await store.snapshot()
        let expected = TaskFieldTests.cardPrint(task, today: today)
        #expect(CardTables(tasks: snapshot.tasks, today: today).prints[0] == expected, "\(backend) \(field)")
      }
    }
  }
}
