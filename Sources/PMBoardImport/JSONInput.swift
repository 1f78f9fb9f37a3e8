import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore

/// A JSON input (`gh issue list --json …`, `task export`) read with pmboard's own scanner: `JSONSerialization` and the
/// casts of its values took a third of re-importing 10,000 issues. The scan collects each element's members first;
/// what they mean is checked afterwards, so a file that is not JSON says so before any value is judged.
enum JSONInput {
  /// Reads the top-level array with `element`, or throws the one problem that keeps the text from being read.
  /// With `member`, the array may also be that member of a top-level object (`{"items": […], "totalCount": 3}`, as
  /// `gh project item-list --format json` writes), and the elements' paths start with it (`items[17]`).
  static func array<Element>(
    _ data: Data, in member: String? = nil, expecting what: String,
    _ element: (inout JSONScanner, _ path: String) throws(JSONError) -> Element
  ) throws(ImportFailure) -> [Element] {
    let result: Result<[Element], ImportFailure> = data.withReadView { bytes in
      guard bytes.isValidUTF8 else { return .failure(ImportFailure("the file is not UTF-8 text; save it as UTF-8")) }
      var scanner = JSONScanner(bytes)
      do throws(JSONError) {
        var elements: [Element] = []
        switch try scanner.next("a JSON array") {
        case UInt8(ascii: "["):
          try scanner.forEachElement("") { (scanner, index) throws(JSONError) in
            elements.append(try element(&scanner, "[\(index)]"))
          }
        case UInt8(ascii: "{") where member != nil:
          let names = JSONNames([member ?? ""])
          var object = try scanner.enterObject("")
          var found = false
          while let index = try scanner.nextMember(&object, names) {
            guard index == 0, !found else {
              try scanner.skipValue()
              continue
            }
            found = true
            try scanner.forEachElement(member ?? "") { (scanner, index) throws(JSONError) in
              elements.append(try element(&scanner, "\(member ?? "")[\(index)]"))
            }
          }
          guard found else {
            try scanner.finish()
            return .failure(ImportFailure("expected a JSON object with \"\(member ?? "")\", a list of \(what)"))
          }
        default:
          let found = try scanner.looseValue()?.described ?? "null"
          return .failure(ImportFailure("expected a JSON array of \(what), found \(found)"))
        }
        try scanner.finish()
        return .success(elements)
      } catch {
        return .failure(problem(error, in: bytes))
      }
    }
    return try result.get()
  }

  /// A value of the wrong type is reported only in a file that is JSON throughout, as a JSON parser would.
  private static func problem(_ error: JSONError, in bytes: ReadView<UInt8>) -> ImportFailure {
    var failure = error
    if !failure.isSyntax {
      var checker = JSONScanner(bytes)
      do throws(JSONError) {
        try checker.skipValue()
        try checker.finish()
        return ImportFailure(error.message)
      } catch {
        failure = error
      }
    }
    return ImportFailure("not valid JSON: \(failure.described(in: bytes))")
  }
}

/// The scalar members one JSON object of the input had, with its path (`[17]`), and typed reads of them.
struct JSONMembers {
  let values: [LooseValue?]
  let names: JSONNames
  let path: String

  func at(_ name: String) -> String { "\(path).\(name)" }

  func value(_ name: String) -> LooseValue? {
    let index = names.index(of: name)
    return index < values.count ? values[index] : nil
  }

  func string(_ name: String) throws(ImportFailure) -> String? {
    switch value(name) {
    case nil: return nil
    case .text(let text)?: return text
    case let other?: throw ImportFailure("\(at(name)): expected a string, found \(other.described)")
    }
  }

  func requiredString(_ name: String) throws(ImportFailure) -> String {
    guard let text = try string(name) else { throw ImportFailure("\(at(name)): missing") }
    return text
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
