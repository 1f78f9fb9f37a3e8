import Foundation
import PMBoardStore

/// A JSON scalar as an input gave it, kept whatever its type so a reader can say what it found instead of what it
/// expected.
enum LooseValue: Equatable {
  case text(String)
  case number(String)
  /// `true`, `false`, or `an object`/`an array` read over.
  case other(String)

  var described: String {
    switch self {
    case .text(let text): "the string \"\(text.prefix(40))\""
    case .number(let number): "the number \(number)"
    case .other(let other): other
    }
  }
}

extension JSONScanner {
  /// The value at the offset as a ``LooseValue``; nil for `null`.
  mutating func looseValue() throws(JSONError) -> LooseValue? {
    switch try next("a value") {
    case UInt8(ascii: "\""): return .text(try string())
    case UInt8(ascii: "n"):
      try literal("null")
      return nil
    case UInt8(ascii: "t"):
      try literal("true")
      return .other("true")
    case UInt8(ascii: "f"):
      try literal("false")
      return .other("false")
    case UInt8(ascii: "{"):
      try skipValue()
      return .other("an object")
    case UInt8(ascii: "["):
      try skipValue()
      return .other("an array")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(text(try number()))
    default: throw expectedValue()
    }
  }

  /// Each element of the array at the offset (null: none), read by `element` with its index.
  mutating func forEachElement(
    _ path: @autoclosure () -> String, _ element: (inout JSONScanner, Int) throws(JSONError) -> Void
  ) throws(JSONError) {
    if try skipNull() { return }
    var array = try enterArray(path())
    var index = 0
    while try nextElement(&array) {
      try element(&self, index)
      index += 1
    }
  }

  /// The scalar members of the object at the offset named in `names` (null: no object), by their index there;
  /// `nested` reads the members whose index it claims (returning true), the rest are read over. With `other`, the
  /// members not in `names` are handed to it by name (Taskwarrior's user-defined attributes), scalars as they are
  /// and objects and arrays as ``LooseValue/other(_:)``.
  mutating func members(
    _ path: @autoclosure () -> String, _ names: JSONNames,
    nested: (inout JSONScanner, Int) throws(JSONError) -> Bool = { _, _ in false },
    other: ((String, LooseValue?) -> Void)? = nil
  ) throws(JSONError) -> [LooseValue?]? {
    if try skipNull() { return nil }
    var values = [LooseValue?](repeating: nil, count: names.count)
    var given = [Bool](repeating: false, count: names.count)
    var object = try enterObject(path())
    while true {
      let member: Int
      if let other {
        guard let name = try nextMemberName(&object) else { break }
        member = names.index(of: name)
        if member == names.count {
          other(name, try looseValue())
          continue
        }
      } else {
        guard let index = try nextMember(&object, names) else { break }
        member = index
      }
      // A member pmboard reads, given twice, is refused as pmboard/1 refuses it: which one was meant is a guess.
      if member < names.count {
        guard !given[member] else {
          throw JSONError(
            offset: offset, message: "\(path()).\(names.name(at: member)) is given twice; keep one", isSyntax: false)
        }
        given[member] = true
      }
      if member < names.count, try nested(&self, member) { continue }
      if member < names.count { values[member] = try looseValue() } else { try skipValue() }
    }
    return values
  }
}
