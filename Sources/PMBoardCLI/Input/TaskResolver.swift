import PMBoardCore
import PMBoardStore

/// Finds the one task an id prefix names, like git does with commit hashes.
package struct TaskResolver: Sendable {
  package var store: any BoardStore

  package init(store: any BoardStore) { self.store = store }

  package func task(_ prefix: String) async throws -> BoardTask {
    let key = prefix.trimmingCharacters(in: .whitespaces).lowercased()
    guard !key.isEmpty, key.allSatisfy({ $0.isHexDigit || $0 == "-" }) else {
      throw CommandError("\"\(prefix)\" is not a task id; ids are hexadecimal, see `pmboard list`")
    }
    let matches = try await store.tasks(withIDPrefix: key)
    switch matches.count {
    case 1: return matches[0]
    case 0: throw CommandError("no task has an id starting with \"\(key)\"; see `pmboard list` for ids")
    default:
      let shown = matches.sorted { $0.idString < $1.idString }.prefix(10)
        .map { "\($0.idString.prefix(max(12, key.count + 4))) \($0.title)" }
      throw CommandError(
        "\"\(key)\" is ambiguous: it starts \(matches.count) ids (\(shown.joined(separator: "; "))); type more of the id"
      )
    }
  }
}
