import Foundation
import PMBoardCore
import PMBoardStore
import PMBoardTestSupport
import Testing

extension StoreContractTests {
  /// Issue 58: a field's definition is one `defined` line, undone and redone like a task's change; values are kept
  /// by field id, with the line saying what they were and became; everything reads back from a fresh open and
  /// survives an export and import (`pmboard/2`).
  @Test(arguments: StoreBackend.tested)
  func fieldDefinitionsAndValuesAreStoredAndUndone(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      let priority = FieldDefinition(
        id: UUID(), key: "priority", type: .select,
        options: [FieldOption(id: "0000000a", name: "P0"), FieldOption(id: "0000000b", name: "P1", color: "#d73a4a")])
      try await store.commit(.define(from: nil, to: priority, at: Samples.at(1), by: "ana"))
      var fields = try await backend.store(at: path).info().fields
      #expect(fields.field(key: "priority") == priority)

      let task = Samples.newTask(1)
      try await store.commit(.add(task, at: Samples.at(2), by: "ana"))
      var valued = task
      valued.values[priority.id] = .option("0000000b")
      valued.values[UUID()] = .number("2.5")
      try await store.commit(.update(from: task, to: valued, at: Samples.at(3), by: "ana", fields: fields))
      let reopened = try await backend.store(at: path).load()
      #expect(reopened.tasks.first { $0.id == task.id }?.values == valued.values)
      #expect(reopened.history.last?.changes.map(\.after) == ["P1"])
      #expect(reopened.history.last?.changes.map(\.key) == ["priority"])

      // Export and import keep definitions, values and the lines.
      let exported = InterchangeWriter().data(for: reopened)
      #expect(String(decoding: exported.prefix(40), as: UTF8.self).contains("pmboard/2"))
      let imported = try InterchangeReader().board(from: exported, source: "export")
      #expect(imported == reopened)

      // The removal is one line; undo brings the field back, and the values were never gone.
      try await store.commit(.define(from: priority, to: nil, at: Samples.at(4), by: "ana"))
      #expect(try await backend.store(at: path).info().fields.field(key: "priority") == nil)
      let undone = try await store.undo(at: Samples.at(5), by: "ana")
      #expect(undone.entry.action == .defined)
      fields = try await backend.store(at: path).info().fields
      #expect(fields.field(key: "priority") == priority)
      #expect(try await backend.store(at: path).load().tasks.first { $0.id == task.id }?.values == valued.values)
      _ = try await store.redo(at: Samples.at(6), by: "ana")
      #expect(try await backend.store(at: path).info().fields.field(key: "priority") == nil)
    }
  }

  /// A board without fields keeps the `pmboard/1` format, so an older pmboard still reads its export.
  @Test(arguments: StoreBackend.tested)
  func aBoardWithoutFieldsExportsTheOlderFormat(_ backend: StoreBackend) async throws {
    try await withStore(backend) { store, path async throws in
      try await store.commit(.add(Samples.newTask(1), at: Samples.at(1), by: "ana"))
      let exported = InterchangeWriter().data(for: try await backend.store(at: path).load())
      #expect(String(decoding: exported.prefix(40), as: UTF8.self).contains("\"pmboard/1\""))
    }
  }
}
