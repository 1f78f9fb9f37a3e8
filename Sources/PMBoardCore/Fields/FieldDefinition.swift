import Foundation

/// One field a board declares (docs/fields.md): its stable id, the key a user types and a page address shows, its
/// type, its display name per locale and, for a select or milestone field, its ordered options.
///
/// Tasks keep values by the field's ``id``, never its key: `field rename` changes the key (and so the pages'
/// folder) and keeps every value.
public struct FieldDefinition: Sendable, Hashable, Identifiable, Codable {
  public var id: UUID
  /// `[a-z][a-z0-9-]{0,29}` (``FieldRules/checkKey(_:)``).
  public var key: String
  public var type: FieldType
  /// The name shown on pages, by locale (`ko`, `en`, `ja`); `""` holds the name given to `field add` when it was
  /// not a key ("Story Points"), shown in a locale without its own; without either, the key is shown.
  public var names: [String: String]
  /// For a select, its choices in order; for a milestone field, its milestones.
  public var options: [FieldOption]

  public init(id: UUID, key: String, type: FieldType, names: [String: String] = [:], options: [FieldOption] = []) {
    self.id = id
    self.key = key
    self.type = type
    self.names = names
    self.options = options
  }

  /// The built-in field this definition is, if it is one.
  public var builtIn: BuiltInField? { BuiltInField.allCases.first { $0.id == id } }

  /// The name shown in `locale`: the declared one, else the key.
  public func displayName(in locale: String) -> String { names[locale] ?? names[""] ?? key }

  /// The option `id` names, if the field still has it.
  public func option(id: String) -> FieldOption? { options.first { $0.id == id } }

  /// The option called `name` (exactly, then ignoring case), if there is one.
  public func option(named name: String) -> FieldOption? {
    options.first { $0.name == name }
      ?? options.first { $0.name.compare(name, options: [.caseInsensitive]) == .orderedSame }
  }

  private enum CodingKeys: String, CodingKey {
    case id, key, type, names, options
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let idText = try container.decode(String.self, forKey: .id)
    guard let id = UUID(text: idText) else {
      throw DecodingError.dataCorruptedError(forKey: .id, in: container, debugDescription: "not a UUID: \(idText)")
    }
    self.id = id
    key = try container.decode(String.self, forKey: .key)
    type = try container.decode(FieldType.self, forKey: .type)
    names = try container.decodeIfPresent([String: String].self, forKey: .names) ?? [:]
    options = try container.decodeIfPresent([FieldOption].self, forKey: .options) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id.lowercaseString, forKey: .id)
    try container.encode(key, forKey: .key)
    try container.encode(type, forKey: .type)
    if !names.isEmpty { try container.encode(names, forKey: .names) }
    if !options.isEmpty { try container.encode(options, forKey: .options) }
  }
}

/// The fields every board has, declared here rather than in a store: labels and assignees (kept in the task's own
/// columns, ``TaskField/labels`` and ``TaskField/assignees``) and the milestone field (whose milestones a board
/// stores like any field's options).
public enum BuiltInField: String, Sendable, Hashable, CaseIterable {
  case label
  case assignee
  case milestone

  /// Fixed ids: the same on every board, so values and pages never depend on which board declared them first.
  public var id: UUID {
    switch self {
    case .label: UUID(uuid: (0x70, 0x6D, 0x62, 0x64, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 1))
    case .assignee: UUID(uuid: (0x70, 0x6D, 0x62, 0x64, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 2))
    case .milestone: UUID(uuid: (0x70, 0x6D, 0x62, 0x64, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 3))
    }
  }

  /// The task field a built-in multi-select keeps its names in; nil for the milestone, kept with other values.
  public var taskField: TaskField? {
    switch self {
    case .label: .labels
    case .assignee: .assignees
    case .milestone: nil
    }
  }

  /// The definition a board starts with.
  public var definition: FieldDefinition {
    switch self {
    case .label:
      FieldDefinition(
        id: id, key: rawValue, type: .multiSelect, names: ["en": "Labels", "ko": "라벨", "ja": "ラベル"])
    case .assignee:
      FieldDefinition(
        id: id, key: rawValue, type: .multiSelect, names: ["en": "Assignees", "ko": "담당자", "ja": "担当者"])
    case .milestone:
      FieldDefinition(
        id: id, key: rawValue, type: .milestone, names: ["en": "Milestone", "ko": "마일스톤", "ja": "マイルストーン"])
    }
  }
}
