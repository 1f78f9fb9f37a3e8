import PMBoardCore

/// A field whose values are names a reader can follow to a page: the built-in labels and assignees, and every select,
/// multi-select and milestone field the board declares, in the board's order (``BoardFields/all``). Everything the
/// site does differently per field is read from here, never from which field it is: the folder of its pages, their
/// heading, how a chip of it looks.
public struct NameField: Sendable {
  public var definition: FieldDefinition
  /// The folder of its names' pages below a locale's folder, ending in `/`: `labels/`, `people/`, or the key's.
  public var folder: String
  /// The task field a built-in field keeps its names in; nil for a declared field, whose names are in the values.
  public var taskField: TaskField?

  /// The field of `definition`, or nil for a field whose values are not names (text, number, date).
  init?(_ definition: FieldDefinition) {
    switch definition.builtIn {
    case .label?: (folder, taskField) = ("labels/", .labels)
    case .assignee?: (folder, taskField) = ("people/", .assignees)
    case .milestone?, nil:
      guard definition.type.hasOptions || definition.type.holdsNames else { return nil }
      (folder, taskField) = (definition.key + "/", nil)
    }
    self.definition = definition
  }

  /// Whether the field's names are people, whom search finds by `@name` (the built-in assignees).
  public var isPeople: Bool { taskField == .assignees }

  /// The place of the built-in field keeping its names in `taskField` among ``all(of:)``'s (labels 0, assignees 1),
  /// for `board.json`'s members of those names.
  public static func place(of taskField: TaskField) -> Int? {
    [BuiltInField.label, .assignee].firstIndex { $0.taskField == taskField }
  }

  /// The `--remove-…` flag of `edit` that takes a name of the built-in field kept in `taskField` off a task.
  public static func removeFlag(of taskField: TaskField) -> String {
    "--remove-" + (BuiltInField.allCases.first { $0.taskField == taskField }?.rawValue ?? taskField.rawValue)
  }

  /// Whether the field's names are ordered by its options (a select's order, the milestones'), rather than by name.
  public var keepsOptionOrder: Bool { definition.type.hasOptions }

  /// The catalog message of its pages' heading, which takes the `name` (and for a declared field its `field`).
  public var headingMessage: String {
    switch taskField {
    case .labels?: "names.label"
    case .assignees?: "names.person"
    default: "names.field"
    }
  }

  /// The name fields of `fields`: the two built-in ones first, always, then the declared ones in the board's order,
  /// the milestone field among them once it has a milestone (before, a board has no milestone field to show).
  public static func all(of fields: BoardFields) -> [NameField] {
    fields.all.filter { $0.builtIn != .milestone || !$0.options.isEmpty }.compactMap(NameField.init)
  }
}
