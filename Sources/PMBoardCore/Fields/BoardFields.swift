import Foundation

/// A board's fields in the board's order: the built-in label, assignee and milestone fields first, then the fields
/// the board declared, in the order they were added.
///
/// A store keeps ``stored``: every definition but the built-in label and assignee, which are code's (their names are
/// kept in the task's own columns). The milestone field is stored once it has a milestone.
public struct BoardFields: Sendable, Hashable {
  public private(set) var stored: [FieldDefinition]

  public init(stored: [FieldDefinition] = []) {
    self.stored = stored.filter { $0.id != BuiltInField.label.id && $0.id != BuiltInField.assignee.id }
  }

  /// A board with no declared field and no milestone: what every store made before fields reads as.
  public static let none = BoardFields()

  /// True when the board declares nothing of its own and has no milestone: its stores and exports keep the format
  /// they had before fields, so an older pmboard still reads them.
  public var isEmpty: Bool { stored.allSatisfy { $0.id == BuiltInField.milestone.id && $0.options.isEmpty } }

  /// Every field, built-in ones first, in the board's order.
  public var all: [FieldDefinition] {
    let milestone = stored.first { $0.id == BuiltInField.milestone.id } ?? BuiltInField.milestone.definition
    return [BuiltInField.label.definition, BuiltInField.assignee.definition, milestone]
      + stored.filter { $0.id != BuiltInField.milestone.id }
  }

  /// The fields whose values a task keeps in ``BoardTask/values`` (all but labels and assignees).
  public var valued: [FieldDefinition] { all.filter { $0.builtIn?.taskField == nil } }

  public func field(key: String) -> FieldDefinition? {
    let lower = key.lowercased()
    return all.first { $0.key == lower }
  }

  public func field(id: UUID) -> FieldDefinition? { all.first { $0.id == id } }

  /// Adds `definition`, or replaces the one with its id, keeping the board's order.
  public mutating func put(_ definition: FieldDefinition) {
    guard definition.builtIn?.taskField == nil else { return }
    if let index = stored.firstIndex(where: { $0.id == definition.id }) {
      stored[index] = definition
    } else {
      stored.append(definition)
    }
  }

  /// Removes the field with `id` (a built-in field cannot be removed; its options can).
  public mutating func remove(id: UUID) {
    guard BuiltInField.allCases.allSatisfy({ $0.id != id }) else { return }
    stored.removeAll { $0.id == id }
  }

  /// The stored definitions as the stores and the interchange keep them: a JSON array, the same bytes for the same
  /// definitions; empty text for none.
  public var storedText: String {
    guard !isEmpty else { return "" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(stored) else { return "" }
    return String(decoding: data, as: UTF8.self)
  }

  /// The definitions a store's text holds, or nil when it is not such a text.
  public init?(storedText text: String) {
    guard !text.isEmpty else {
      self.init()
      return
    }
    guard let stored = try? JSONDecoder().decode([FieldDefinition].self, from: Data(text.utf8)) else { return nil }
    self.init(stored: stored)
  }
}
