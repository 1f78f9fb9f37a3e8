import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore

/// A JSON input (`gh issue list --json …`, `task export`) read with Foundation's parser, and its values looked at
/// with the JSON path of each, so that a problem names exactly where it is.
struct JSONInput {
  /// The top-level array's elements, or the one problem that keeps the text from being read.
  static func array(_ data: Data, expecting what: String) throws(ImportFailure) -> [Any] {
    guard data.withReadView({ $0.isValidUTF8 }) else {
      throw ImportFailure("the file is not UTF-8 text; save it as UTF-8")
    }
    let parsed: Any
    do {
      parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw ImportFailure("not valid JSON: \(syntaxProblem(data))")
    }
    guard let array = parsed as? [Any] else {
      throw ImportFailure("expected a JSON array of \(what), found \(describe(parsed))")
    }
    return array
  }

  /// Where and why the text is not JSON, in pmboard's own words (line and column), as the interchange reader says.
  private static func syntaxProblem(_ data: Data) -> String {
    data.withReadView { bytes in
      var scanner = JSONScanner(bytes)
      do throws(JSONError) {
        try scanner.skipValue()
        try scanner.finish()
        return "the JSON parser refused it"
      } catch {
        return error.described(in: bytes)
      }
    }
  }

  static func describe(_ value: Any) -> String {
    switch value {
    case is NSNull: "null"
    case let text as String: "the string \"\(text.prefix(40))\""
    case is [Any]: "an array"
    case is [String: Any]: "an object"
    // Foundation hands numbers and booleans over alike on Linux.
    case let number as NSNumber: "the value \(number)"
    default: "a value"
    }
  }
}

/// One JSON object of the input and its path (`[17]`), with typed reads of its members.
struct JSONObject {
  let members: [String: Any]
  let path: String

  init(_ value: Any, path: String, what: String) throws(ImportFailure) {
    guard let members = value as? [String: Any] else {
      throw ImportFailure("\(path): expected \(what) (an object), found \(JSONInput.describe(value))")
    }
    self.members = members
    self.path = path
  }

  func at(_ name: String) -> String { "\(path).\(name)" }

  /// The member, nil when it is absent or null.
  func value(_ name: String) -> Any? {
    guard let value = members[name], !(value is NSNull) else { return nil }
    return value
  }

  func string(_ name: String) throws(ImportFailure) -> String? {
    guard let value = value(name) else { return nil }
    guard let text = value as? String else {
      throw ImportFailure("\(at(name)): expected a string, found \(JSONInput.describe(value))")
    }
    return text
  }

  func requiredString(_ name: String) throws(ImportFailure) -> String {
    guard let text = try string(name) else { throw ImportFailure("\(at(name)): missing") }
    return text
  }

  func object(_ name: String, what: String) throws(ImportFailure) -> JSONObject? {
    guard let value = value(name) else { return nil }
    return try JSONObject(value, path: at(name), what: what)
  }

  func array(_ name: String) throws(ImportFailure) -> [Any] {
    guard let value = value(name) else { return [] }
    guard let array = value as? [Any] else {
      throw ImportFailure("\(at(name)): expected an array, found \(JSONInput.describe(value))")
    }
    return array
  }

  /// A UTC instant in GitHub's form (`2026-11-02T10:00:00Z`, a fraction allowed), cut to whole seconds.
  func instant(_ name: String) throws(ImportFailure) -> Date? {
    guard let text = try string(name) else { return nil }
    guard let date = Instant.parse(text), text.hasSuffix("Z") else {
      throw ImportFailure("\(at(name)): \"\(text)\" is not a date and time like 2026-11-02T10:00:00Z")
    }
    return Instant.wholeSeconds(date)
  }
}
