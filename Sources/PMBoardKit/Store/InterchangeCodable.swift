import Foundation

// Codable forms matching the interchange file, used for the undo and redo records the stores keep.

extension BoardTask: Codable {
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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(idString, forKey: .id)
    try container.encode(title, forKey: .title)
    try container.encode(body, forKey: .body)
    try container.encodeIfPresent(due, forKey: .due)
    try container.encode(state, forKey: .state)
    try container.encode(Instant.format(created), forKey: .created)
    try container.encode(Instant.format(updated), forKey: .updated)
  }

  fileprivate static func instant<K: CodingKey>(_ container: KeyedDecodingContainer<K>, _ key: K) throws -> Date {
    let text = try container.decode(String.self, forKey: key)
    guard let date = Instant.parse(text) else {
      throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a UTC instant")
    }
    return date
  }
}

extension HistoryEntry: Codable {
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

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(Instant.format(at), forKey: .at)
    try container.encode(action, forKey: .action)
    try container.encode(taskID.lowercaseString, forKey: .task)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(from, forKey: .from)
    try container.encodeIfPresent(to, forKey: .to)
    if action == .edited { try container.encode(fields, forKey: .fields) }
  }
}

extension BoardChange: Codable {
  private enum Keys: String, CodingKey { case before, after, entry }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    self.init(
      before: try container.decodeIfPresent(BoardTask.self, forKey: .before),
      after: try container.decodeIfPresent(BoardTask.self, forKey: .after),
      entry: try container.decode(HistoryEntry.self, forKey: .entry))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(before, forKey: .before)
    try container.encode(after, forKey: .after)
    try container.encode(entry, forKey: .entry)
  }
}
