/// The kinds of field a board can declare (docs/fields.md). A value of each kind is a ``FieldValue``.
public enum FieldType: String, Sendable, Hashable, CaseIterable, Codable {
  /// One line of text.
  case text
  /// A decimal number (an estimate, story points).
  case number
  /// A calendar day.
  case date
  /// One of the field's ordered options (a priority).
  case select
  /// Any number of names, as labels are.
  case multiSelect = "multi-select"
  /// One of the field's named spans, each with an optional start and due date and an open or closed state.
  case milestone

  /// Whether the field's values are names of its options (select, milestone): values are stored by option id, so
  /// renaming an option keeps them.
  public var hasOptions: Bool {
    switch self {
    case .select, .milestone: true
    case .text, .number, .date, .multiSelect: false
    }
  }

  /// Whether a task may hold several values of the field at once.
  public var holdsNames: Bool {
    switch self {
    case .multiSelect: true
    case .text, .number, .date, .select, .milestone: false
    }
  }

  /// Whether a board can be grouped into lanes by the field (one value a task).
  public var canGroup: Bool {
    switch self {
    case .select, .milestone: true
    case .text, .number, .date, .multiSelect: false
    }
  }
}
