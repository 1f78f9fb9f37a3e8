import Foundation

/// One thing a change did to a field, as a history line keeps it: the field's key then and the value before and
/// after as a reader reads them ("priority P2 → P1"), so the line reads the same after later renames. For a
/// definition change (``HistoryAction/defined``), `key` names the part of the definition that changed (`field`,
/// `key`, `options`, `name.ko`, a milestone's name).
public struct ValueChange: Sendable, Hashable, Codable {
  public var field: UUID
  public var key: String
  public var before: String
  public var after: String

  public init(field: UUID, key: String, before: String, after: String) {
    self.field = field
    self.key = key
    self.before = before
    self.after = after
  }

  private enum CodingKeys: String, CodingKey { case field, key, before, after }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let text = try container.decode(String.self, forKey: .field)
    guard let field = UUID(text: text) else {
      throw DecodingError.dataCorruptedError(forKey: .field, in: container, debugDescription: "not a UUID: \(text)")
    }
    self.field = field
    key = try container.decode(String.self, forKey: .key)
    before = try container.decodeIfPresent(String.self, forKey: .before) ?? ""
    after = try container.decodeIfPresent(String.self, forKey: .after) ?? ""
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(field.lowercaseString, forKey: .field)
    try container.encode(key, forKey: .key)
    try container.encode(before, forKey: .before)
    try container.encode(after, forKey: .after)
  }

  /// A list as the stores keep it: a JSON array, the same bytes for the same list; empty text for none.
  public static func storedText(_ changes: [ValueChange]) -> String {
    guard !changes.isEmpty else { return "" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return (try? encoder.encode(changes)).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  /// The list a store's text holds; nil when it is not such a text.
  public static func list(storedText text: String) -> [ValueChange]? {
    guard !text.isEmpty else { return [] }
    return try? JSONDecoder().decode([ValueChange].self, from: Data(text.utf8))
  }

  /// The changes as a reader reads them, in any language: `priority P2 → P1, estimate → 3, team web →` (a value
  /// set shows no before, a value cleared no after); empty for none.
  public static func described(_ changes: [ValueChange]) -> String {
    changes.map { change in
      "\(change.key) \(change.before)\(change.before.isEmpty ? "" : " ")→ \(change.after)"
        .trimmingCharacters(in: .whitespaces)
    }.joined(separator: ", ")
  }

  /// What `before` and `after` differ in, field by field, for the fields of `fields` that hold values: the `changes`
  /// of the `edited` line that records the change.
  public static func between(_ before: BoardTask, _ after: BoardTask, fields: BoardFields) -> [ValueChange] {
    fields.valued.compactMap { definition in
      let old = before.values[definition.id]
      let new = after.values[definition.id]
      guard old != new else { return nil }
      return ValueChange(
        field: definition.id, key: definition.key, before: old?.text(in: definition) ?? "",
        after: new?.text(in: definition) ?? "")
    }
  }
}
