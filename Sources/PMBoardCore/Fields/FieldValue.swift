import Foundation

/// A task's value of one declared field. Self-describing, so a value whose field was removed (kept, unseen, until an
/// undo brings the field back) still reads and writes whole.
public enum FieldValue: Sendable, Hashable {
  case text(String)
  /// A decimal number in its canonical text (``FieldRules/number(_:)``): no exponent, no trailing zeros.
  case number(String)
  case date(CalendarDate)
  /// A select's or milestone field's option, by ``FieldOption/id``.
  case option(String)
  /// A multi-select field's names.
  case names(NameSet)

  /// Whether the value fits a field of `type` (a value that does not is shown as none).
  public func fits(_ type: FieldType) -> Bool {
    switch (self, type) {
    case (.text, .text), (.number, .number), (.date, .date), (.option, .select), (.option, .milestone),
      (.names, .multiSelect):
      true
    default: false
    }
  }

  /// The value as a reader sees it: an option's name, names joined by ", ", a day as `YYYY-MM-DD`.
  public func text(in definition: FieldDefinition) -> String {
    switch self {
    case .text(let text), .number(let text): text
    case .date(let day): day.description
    case .option(let id): definition.option(id: id)?.name ?? ""
    case .names(let names): names.description
    }
  }
}

/// Every declared field's value on one task, by field id. Kept as one text in the stores and the interchange
/// (``storedText``): a JSON object with the ids in order, each value tagged with its kind.
public struct FieldValues: Sendable, Hashable, Sequence {
  public private(set) var byField: [UUID: FieldValue]

  public init(_ byField: [UUID: FieldValue] = [:]) {
    self.byField = byField
  }

  public var isEmpty: Bool { byField.isEmpty }
  public var count: Int { byField.count }

  public subscript(field: UUID) -> FieldValue? {
    get { byField[field] }
    set { byField[field] = newValue }
  }

  public func makeIterator() -> some IteratorProtocol<(key: UUID, value: FieldValue)> {
    byField.sorted { $0.key.lowercaseString < $1.key.lowercaseString }.makeIterator()
  }

  /// `{"<field id>":{"text":"…"},…}` with ids sorted, the same bytes for the same values; empty for none.
  public var storedText: String {
    guard !byField.isEmpty else { return "" }
    var members: [String] = []
    for (field, value) in self {
      members.append("\(JSONText.quoted(field.lowercaseString)):\(Self.tagged(value))")
    }
    return "{" + members.joined(separator: ",") + "}"
  }

  private static func tagged(_ value: FieldValue) -> String {
    switch value {
    case .text(let text): "{\"text\":\(JSONText.quoted(text))}"
    case .number(let number): "{\"number\":\(JSONText.quoted(number))}"
    case .date(let day): "{\"date\":\"\(day)\"}"
    case .option(let id): "{\"option\":\(JSONText.quoted(id))}"
    case .names(let names): "{\"names\":[\(names.names.map(JSONText.quoted).joined(separator: ","))]}"
    }
  }
}

/// JSON string literals written by hand, for texts whose bytes must be the same on every run.
enum JSONText {
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension FieldValues {
  /// `current` with the fields these values changed from `before` (every field when there was no `before`): a
  /// scalar takes this value (or its absence), a multi-select takes the names added and drops the names removed,
  /// so two people who set different fields, or add different names, keep both (docs/sync.md).
  public func merged(changedFrom before: FieldValues?, onto current: FieldValues) -> FieldValues {
    var result = current
    let fields = Set(byField.keys).union(before.map { Array($0.byField.keys) } ?? [])
    for field in fields {
      let wanted = self[field]
      let found = before?[field]
      guard before == nil || wanted != found else { continue }
      let isNames = [wanted, found, current[field]].contains { if case .names = $0 { true } else { false } }
      if isNames, let wantedNames = Self.names(wanted), let foundNames = Self.names(found),
        let nowNames = Self.names(current[field])
      {
        let names = nowNames.union(wantedNames.subtracting(foundNames)).subtracting(
          foundNames.subtracting(wantedNames))
        result[field] = names.isEmpty ? nil : .names(names)
      } else {
        result[field] = wanted
      }
    }
    return result
  }

  /// The names of a multi-select value, the empty set for none; nil for a value of another kind.
  private static func names(_ value: FieldValue?) -> NameSet? {
    switch value {
    case nil: []
    case .names(let names)?: names
    case .text?, .number?, .date?, .option?: nil
    }
  }
}
