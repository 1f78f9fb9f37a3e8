import Foundation
import PMBoardCore

/// A field as a source has it (a GitHub project's "Priority", a CSV column mapped with `--field`, Taskwarrior's
/// `project`): what ``FieldImport`` makes a board field of. Items give their values by the field's index in
/// ``ImportedSource/fields``.
public struct SourceField: Sendable, Hashable {
  /// The source's name of the field ("Story Points"): the declared field's display name, and its key's origin.
  public var name: String
  /// The key asked for (`--field "Story Points=estimate"`); nil: made from ``name``.
  public var key: String?
  /// The type a field declared for it gets. A field the board already has keeps its own type, and the values are
  /// read as that type.
  public var type: FieldType
  /// The built-in field it is (a GitHub milestone), if any.
  public var builtIn: BuiltInField?
  /// The options the source declares, in its order (a project's single select, Taskwarrior's H, M, L).
  public var options: [SourceOption]
  /// Whether a value that is no option of the field adds one (a project's select, Taskwarrior's projects, any
  /// milestone); otherwise it is refused, naming the options (a CSV column into a select).
  public var addsOptions: Bool
  /// Whether the field is declared even when no item has a value of it (a field of `gh project field-list`).
  public var declaresEmpty: Bool
  /// How a value's place in the input is named, after the item's: `.member("estimate")` gives `[3].estimate`.
  public var place: Place

  public enum Place: Sendable, Hashable {
    /// A member of a JSON object.
    case member(String)
    /// A column of a CSV sheet.
    case column(String)
  }

  public init(
    name: String, key: String? = nil, type: FieldType, builtIn: BuiltInField? = nil, options: [SourceOption] = [],
    addsOptions: Bool = false, declaresEmpty: Bool = false, place: Place
  ) {
    self.name = name
    self.key = key
    self.type = type
    self.builtIn = builtIn
    self.options = options
    self.addsOptions = addsOptions
    self.declaresEmpty = declaresEmpty
    self.place = place
  }

  /// Where the value of the item at `itemPath` is: `[3].estimate`, `row 4, column Story Points`.
  public func at(_ itemPath: String) -> String {
    switch place {
    case .member(let member): "\(itemPath).\(member)"
    case .column(let column): "\(itemPath), column \(column)"
    }
  }
}

/// An option as a source gives it: its name and, for a milestone or an iteration, what the source says of its dates
/// and state. What the source does not say (``givesStart`` false, ``isClosed`` nil) is left as the board has it.
public struct SourceOption: Sendable, Hashable {
  public var name: String
  public var start: CalendarDate?
  public var due: CalendarDate?
  /// Whether ``start`` is the source's word (nil then means no start).
  public var givesStart: Bool
  /// Whether ``due`` is the source's word (nil then means no due date).
  public var givesDue: Bool
  public var isClosed: Bool?

  public init(
    name: String, start: CalendarDate? = nil, due: CalendarDate? = nil, givesStart: Bool = false,
    givesDue: Bool = false, isClosed: Bool? = nil
  ) {
    self.name = name
    self.start = start
    self.due = due
    self.givesStart = givesStart
    self.givesDue = givesDue
    self.isClosed = isClosed
  }

  /// `option` with what this says of it.
  func applied(to option: FieldOption) -> FieldOption {
    var option = option
    if givesStart { option.start = start }
    if givesDue { option.due = due }
    if let isClosed { option.isClosed = isClosed }
    return option
  }
}

/// One value as a source gives it, before it is read as the board field's type (``FieldImport``).
public enum SourceValue: Sendable, Hashable {
  /// A string: a CSV cell, a JSON string.
  case text(String)
  /// A JSON number, as written.
  case number(String)
  case date(CalendarDate)
  /// An option by name, with what the source says of it (a milestone's due date).
  case option(SourceOption)
  case names([String])
}

/// What a reader made of its input: the source's fields and its items, whose values are by field index.
public struct ImportedSource: Sendable {
  public var fields: [SourceField]
  public var items: [ImportedItem]

  public init(fields: [SourceField] = [], items: [ImportedItem]) {
    self.fields = fields
    self.items = items
  }
}
