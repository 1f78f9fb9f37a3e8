import Foundation
import PMBoardStore

/// The two store backends, so one suite checks the same contract against both.
package enum StoreBackend: String, CaseIterable, Sendable {
  case sqlite
  case json

  package var fileName: String { self == .sqlite ? "board.sqlite" : "board.json" }

  package func store(at path: String) -> any BoardStore {
    switch self {
    case .sqlite: SQLiteBoardStore(path: path)
    case .json: JSONBoardStore(path: path)
    }
  }
}

/// A temporary directory of its own for one test.
package struct StoreScratch {
  package let directory: String

  package init() throws {
    directory = NSTemporaryDirectory() + "pmboard-store-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
  }

  package func path(_ name: String) -> String { directory + "/" + name }

  package func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  package func remove() {
    chmod(directory, 0o755)
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// Runs `body` with a fresh directory and removes it afterwards, whatever happens.
  package static func with<T>(_ body: (StoreScratch) async throws -> T) async throws -> T {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    return try await body(scratch)
  }
}
