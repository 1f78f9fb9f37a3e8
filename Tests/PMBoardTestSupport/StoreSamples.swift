import Foundation
import PMBoardCore
import PMBoardStore
import Testing

/// Boards and changes with whole-second instants, as stores keep them.
package enum StoreSamples {
  package static let start = Date(timeIntervalSince1970: 1_793_000_000)

  package static func at(_ minutes: Int) -> Date { start.addingTimeInterval(Double(minutes) * 60) }

  package static func id(_ n: Int, prefix: String = "00000000") -> UUID {
    UUID(uuidString: prefix + String(format: "-0000-4000-8000-%012d", n))!
  }

  package static let readme = BoardTask(
    id: id(1, prefix: "aaaa1111"), title: "Write README", body: "Plain text\nwith two lines", due: date("2026-11-30"),
    state: .todo, created: at(0), updated: at(5))
  package static let korean = BoardTask(
    id: id(2, prefix: "aaaa2222"), title: "로그인 버그 수정", body: "앱을 열고 로그인을 누르면 재현됩니다.", state: .doing,
    labels: ["bug", "로그인 <긴급> & \"R&D\""], assignees: ["지민", "kyo"],
    url: "https://github.com/example/app/issues/17?x=1&y=<2>", created: at(1))
  package static let japanese = BoardTask(
    id: id(3, prefix: "bbbb3333"), title: "ログイン不具合の修正 <b>\"至急\"</b> & R&D", body: "", due: date("2027-01-05"),
    state: .done, created: at(2), updated: at(9))

  package static let history: [HistoryEntry] = [
    HistoryEntry(at: at(0), action: .added, taskID: readme.id, title: readme.title, to: .todo),
    HistoryEntry(at: at(1), action: .added, taskID: korean.id, title: korean.title, to: .todo),
    HistoryEntry(at: at(2), action: .added, taskID: japanese.id, title: japanese.title, to: .doing),
    HistoryEntry(
      at: at(3), action: .moved, taskID: korean.id, title: korean.title, from: .todo, to: .doing, author: "박지민"),
    HistoryEntry(
      at: at(5), action: .edited, taskID: readme.id, title: readme.title, fields: [.title, .body, .due],
      author: "alice@laptop", resolution: .merged),
    HistoryEntry(at: at(6), action: .edited, taskID: korean.id, title: korean.title, fields: []),
    HistoryEntry(at: at(7), action: .added, taskID: id(9), title: "Gone", to: .todo),
    HistoryEntry(at: at(8), action: .removed, taskID: id(9), title: "Gone", from: .todo, resolution: .lost),
    HistoryEntry(at: at(9), action: .moved, taskID: japanese.id, title: japanese.title, from: .doing, to: .done),
  ]

  package static let board = Board(
    info: BoardInfo(title: "모바일 앱 / モバイル", timeZoneID: "Asia/Seoul"), tasks: [readme, korean, japanese],
    history: history)

  package static func date(_ text: String) -> CalendarDate { CalendarDate(iso: text)! }

  package static func newTask(_ n: Int, title: String? = nil) -> BoardTask {
    BoardTask(id: id(100 + n), title: title ?? "Task \(n)", created: at(100 + n))
  }
}

/// Whatever `StoreError` `body` throws, or nil.
package func storeError(_ body: () async throws -> Void) async -> StoreError? {
  do {
    try await body()
    return nil
  } catch let error as StoreError {
    return error
  } catch {
    Issue.record("expected a StoreError, got \(error)")
    return nil
  }
}
