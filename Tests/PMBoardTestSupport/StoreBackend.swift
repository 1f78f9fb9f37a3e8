import Foundation
import PMBoardStore

/// The store backends, so one suite checks the same contract against all of them.
package enum StoreBackend: String, CaseIterable, Sendable {
  case sqlite
  case json
  /// A board in the tests' own PostgreSQL cluster (``PostgresTestCluster``).
  case postgres

  /// The backends this tier tests: all of them, but PostgreSQL in the quick tier (``TestTier``).
  package static let tested: [StoreBackend] = allCases.filter { $0 != .postgres || TestTier.runs(.postgres) }

  /// The backends that keep a board in a file, for tests about files (permissions, garbage, directories).
  package static let files: [StoreBackend] = [.sqlite, .json]

  /// The store's name in a scratch directory. PostgreSQL's is a URL without its board's name, which
  /// ``StoreScratch/path(_:)`` completes with one of the scratch directory's own: each test gets a board of its own.
  package var fileName: String {
    switch self {
    case .sqlite: "board.sqlite"
    case .json: "board.json"
    case .postgres:
      // A cluster that did not start leaves a URL no server answers: every PostgreSQL test then fails, naming it.
      ((try? PostgresTestCluster.shared.get())?.url() ?? "postgresql:///postgres?host=/nonexistent") + "&board="
    }
  }

  package func store(at path: String) -> any BoardStore {
    switch self {
    case .sqlite: return SQLiteBoardStore(path: path)
    case .json: return JSONBoardStore(path: path)
    case .postgres:
      guard let store = try? PostgresBoardStore(url: path) else { preconditionFailure("not a postgres URL: \(path)") }
      return store
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

  /// The path of `name` in the directory; for a store URL ending in `board=`, the URL with a board named after the
  /// directory.
  package func path(_ name: String) -> String {
    if name.hasSuffix("board=") { return name + (directory as NSString).lastPathComponent }
    return directory + "/" + name
  }

  package func contents() -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  package func remove() {
    chmod(directory, 0o755)
    try? FileManager.default.removeItem(atPath: directory)
  }

  /// A PostgreSQL board holding the samples, and its clone at `replica.sqlite` here.
  package func sampleReplica() async throws -> (remote: PostgresBoardStore, replica: SQLiteBoardStore, path: String) {
    let remote = try PostgresBoardStore(url: path(StoreBackend.postgres.fileName))
    try await remote.create(StoreSamples.board)
    let replicaPath = path("replica.sqlite")
    return (remote, try await SQLiteBoardStore.clone(remote, to: replicaPath), replicaPath)
  }

  /// Runs `body` with a fresh directory and removes it afterwards, whatever happens.
  package static func with<T>(_ body: (StoreScratch) async throws -> T) async throws -> T {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    return try await body(scratch)
  }
}
