import Foundation
import PMBoardBytes
import PMBoardCore

// Decoding the undo and redo records both stores keep (written by `InterchangeWriter.appendChange`).

extension BoardTask: Decodable {
  private enum Keys: String, CodingKey { case id, title, body, due, state, created, updated }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    self.init(
      id: try container.decode(UUID.self, forKey: .id),
      title: try container.decode(String.self, forKey: .title),
      body: try container.decodeIfPresent(String.self, forKey: .body) ?? "",
      due: try container.decodeIfPresent(CalendarDate.self, forKey: .due),
      state: try container.decode(TaskState.self, forKey: .state),
      created: try Self.instant(container, .created),
      updated: try Self.instant(container, .updated))
  }

  fileprivate static func instant<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Date {
    let text = try container.decode(String.self, forKey: key)
    guard let date = Instant.parse(text) else {
      throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a UTC instant")
    }
    return date
  }
}

extension HistoryEntry: Decodable {
  private enum Keys: String, CodingKey { case at, action, task, title, from, to, fields }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    self.init(
      at: try BoardTask.instant(container, .at),
      action: try container.decode(HistoryAction.self, forKey: .action),
      taskID: try container.decode(UUID.self, forKey: .task),
      title: try container.decode(String.self, forKey: .title),
      from: try container.decodeIfPresent(TaskState.self, forKey: .from),
      to: try container.decodeIfPresent(TaskState.self, forKey: .to),
      fields: try container.decodeIfPresent([TaskField].self, forKey: .fields) ?? [])
  }

}

extension BoardChange: Decodable {
  private enum Keys: String, CodingKey { case before, after, entry }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    self.init(
      before: try container.decodeIfPresent(BoardTask.self, forKey: .before),
      after: try container.decodeIfPresent(BoardTask.self, forKey: .after),
      entry: try container.decode(HistoryEntry.self, forKey: .entry))
  }

}
