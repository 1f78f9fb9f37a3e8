import Foundation

/// What a field's key, options and values may be, each checked into its stored form or refused with one line that
/// says what is wrong and what to do.
public enum FieldRules {
  /// Names a field's key may not take: the site's own folders and files, and the locales.
  public static let reservedKeys: Set<String> = [
    "tasks", "labels", "people", "search", "assets", "fields", "milestones", "boards", "history", "ko", "en", "ja",
  ]

  /// At most this many declared fields on one board.
  public static let fieldCountLimit = 50

  /// At most this many characters in a text field's value.
  public static let textLimit = 200

  /// `[a-z][a-z0-9-]{0,29}`, not reserved, not the key of another field of `fields`.
  public static func checkKey(_ raw: String, among fields: BoardFields) -> Result<String, RuleViolation> {
    let key = raw.trimmingCharacters(in: .whitespaces)
    let isLetter = { (byte: UInt8) in byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    let bytes = Array(key.utf8)
    guard let first = bytes.first, isLetter(first), bytes.count <= 30,
      bytes.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") })
    else {
      return .failure(
        RuleViolation(
          "the field key \"\(key.prefix(40))\" is not a lowercase letter followed by up to 29 of a-z, 0-9 and -; "
            + "try e.g. \"priority\" or \"story-points\""))
    }
    if reservedKeys.contains(key) {
      return .failure(RuleViolation("\"\(key)\" is a name the site already uses; choose another key"))
    }
    if fields.field(key: key) != nil {
      return .failure(RuleViolation("the board already has a field \"\(key)\"; `pmboard field list` shows them"))
    }
    return .success(key)
  }

  /// `Story Points` → `story-points`: lowercase, runs of anything but a-z and 0-9 made one `-`. Not checked: the
  /// result may be empty, start with a digit or be reserved (``checkKey(_:among:)`` says so).
  public static func key(fromName name: String) -> String {
    var key = ""
    for character in name.lowercased() {
      if character.isASCII && (character.isLetter || character.isNumber) {
        key.append(character)
      } else if !key.isEmpty && key.last != "-" {
        key.append("-")
      }
    }
    while key.last == "-" { key.removeLast() }
    return key
  }

  /// A `#rrggbb` colour, lowercased.
  public static func checkColor(_ raw: String) -> Result<String, RuleViolation> {
    let color = raw.lowercased()
    let hex = color.utf8.dropFirst()
    let isHexDigit = { (byte: UInt8) in
      (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
    guard color.hasPrefix("#"), hex.count == 6, hex.allSatisfy(isHexDigit)
    else { return .failure(RuleViolation("the colour \"\(raw.prefix(20))\" is not of the form #rrggbb")) }
    return .success(color)
  }

  /// A decimal number in canonical form (`-1.5`, `3`, `0.25`), or nil: digits with an optional sign and fraction,
  /// at most 30 digits, no exponent.
  public static func number(_ raw: String) -> String? {
    var text = Substring(raw.trimmingCharacters(in: .whitespaces))
    var negative = false
    if text.first == "-" || text.first == "+" {
      negative = text.first == "-"
      text = text.dropFirst()
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty)), text.count <= 31
    else { return nil }
    var whole = String(parts[0].drop { $0 == "0" })
    if whole.isEmpty { whole = "0" }
    var fraction = parts.count == 2 ? String(parts[1]) : ""
    while fraction.last == "0" { fraction.removeLast() }
    let canonical = fraction.isEmpty ? whole : whole + "." + fraction
    return negative && canonical != "0" ? "-" + canonical : canonical
  }

  /// `raw`, as typed after `--set KEY=`, checked into `definition`'s value; nil for an empty text (clear the field).
  /// For a multi-select field the value is one name, added to the task's names by the caller.
  public static func value(_ raw: String, of definition: FieldDefinition) -> Result<FieldValue?, RuleViolation> {
    let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
    if text.isEmpty { return .success(nil) }
    switch definition.type {
    case .text:
      return TaskRules.checkTitle(text).map { .text($0) }.mapError {
        RuleViolation("\(definition.key): " + $0.description.replacingOccurrences(of: "title", with: "value"))
      }
    case .number:
      guard let number = number(text) else {
        return .failure(RuleViolation("\(definition.key): \"\(text.prefix(40))\" is not a number such as 3 or 2.5"))
      }
      return .success(.number(number))
    case .date:
      guard let day = CalendarDate(iso: text) else {
        return .failure(RuleViolation("\(definition.key): \"\(text.prefix(40))\" is not a day such as 2026-12-15"))
      }
      return .success(.date(day))
    case .select, .milestone:
      guard let option = definition.option(named: TaskRules.nfc(text)) else {
        let declared = definition.options.map { "\"\($0.name)\"" }.joined(separator: ", ")
        let what = definition.type == .milestone ? "milestone" : "option"
        return .failure(
          RuleViolation(
            "\(definition.key): \"\(text.prefix(40))\" is no \(what) of the field; "
              + (declared.isEmpty
                ? "it has none yet — add one with `pmboard \(definition.type == .milestone ? "milestone add NAME" : "field edit \(definition.key) --add-option NAME")`"
                : "declared: \(declared)")))
      }
      return .success(.option(option.id))
    case .multiSelect:
      return TaskRules.checkName(text, as: .name).map { .names([$0]) }.mapError {
        RuleViolation("\(definition.key): \($0)")
      }
    }
  }

  /// An id for a new option of `definition`: eight hex digits no other option of it has.
  public static func newOptionID(in definition: FieldDefinition) -> String {
    var generator = SystemRandomNumberGenerator()
    while true {
      let id = String(UInt32.random(in: 0...UInt32.max, using: &generator), radix: 16)
      let padded = String(repeating: "0", count: 8 - id.count) + id
      if definition.option(id: padded) == nil { return padded }
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
