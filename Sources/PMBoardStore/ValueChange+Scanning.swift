import Foundation
import PMBoardBytes
import PMBoardCore

extension ValueChange {
  /// The member names of a stored change, in ``described(stored:)``'s order.
  private static let names = JSONNames(["field", "key", "before", "after"])

  /// The words a page shows for a history entry's stored changes (``described(_:)`` of
  /// ``list(storedText:)``), read from the row's bytes by ``JSONScanner``: a `JSONDecoder` made and run for every
  /// edit of values each time a snapshot is read (every build) is the cost the stores' readers left behind
  /// elsewhere (`JSONScanner`'s doc comment). The same answers as that reading
  /// (`ValueChangeScanningTests`): a `field` that is a UUID and a `key` are required, `before` and `after` may be
  /// absent or null, other members are read over; empty for a text that is not such a list.
  package static func described(stored: ReadView<UInt8>) -> String {
    var scanner = JSONScanner(stored)
    var changes: [ValueChange] = []
    do {
      var array = try scanner.enterArray("changes")
      while try scanner.nextElement(&array) {
        var object = try scanner.enterObject("a change")
        var (field, key, before, after): (UUID?, String?, String, String) = (nil, nil, "", "")
        while let member = try scanner.nextMember(&object, names) {
          // `before` and `after` may be null; every named member is a string, the others anything.
          if member >= 2 && member < 4, try scanner.skipNull() { continue }
          guard member < 4 else {
            try scanner.skipValue()
            continue
          }
          guard scanner.peek() == UInt8(ascii: "\""), case let text = try scanner.string() else { return "" }
          switch member {
          case 0:
            guard let id = UUID(text: text) else { return "" }
            field = id
          case 1: key = text
          case 2: before = text
          default: after = text
          }
        }
        guard let field, let key else { return "" }
        changes.append(ValueChange(field: field, key: key, before: before, after: after))
      }
      try scanner.finish()
    } catch {
      return ""
    }
    return described(changes)
  }
}
