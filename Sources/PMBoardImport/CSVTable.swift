import Foundation
import PMBoardBytes

/// A CSV file as spreadsheets export it (RFC 4180): UTF-8 with or without a byte order mark, fields separated by
/// commas or, as spreadsheets in many European locales write them, semicolons (whichever the header row holds more
/// of outside quotes), quoted fields that may hold separators, doubled quotes and line breaks, and `\r\n` or `\n`
/// line ends. Rows count from 1, the header row included, as a spreadsheet numbers them.
struct CSVTable {
  var header: [String]
  /// Each data row with the number it has in the file.
  var rows: [(number: Int, fields: [String])]

  static func parse(_ data: Data) throws(ImportFailure) -> CSVTable {
    guard data.withReadView({ $0.isValidUTF8 }) else {
      throw ImportFailure("the file is not UTF-8 text; save it as UTF-8 (CSV UTF-8 in a spreadsheet's Save As)")
    }
    var bytes = [UInt8](data)
    // Every mark, not only the first: a file a tool saved again with a mark of its own starts with two, and the
    // second would stick to the first column's name and hide it (a lost `id` column re-adds every task).
    while bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    var records = try records(bytes, separator: separator(bytes))
    // A last line break, or the empty lines spreadsheets leave at the end, make no rows.
    while let last = records.last, last.fields.allSatisfy(\.isEmpty) { records.removeLast() }
    guard let header = records.first else { throw ImportFailure("the file is empty; expected a header row") }
    return CSVTable(header: header.fields, rows: Array(records.dropFirst()))
  }

  /// `;` when the first line holds more semicolons than commas outside quotes, else `,`.
  static func separator(_ bytes: [UInt8]) -> UInt8 {
    var (commas, semicolons, quoted) = (0, 0, false)
    for byte in bytes {
      if byte == UInt8(ascii: "\"") { quoted.toggle() }
      if quoted { continue }
      if byte == UInt8(ascii: "\n") { break }
      if byte == UInt8(ascii: ",") { commas += 1 }
      if byte == UInt8(ascii: ";") { semicolons += 1 }
    }
    return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
  }

  private static func records(_ bytes: [UInt8], separator: UInt8) throws(ImportFailure) -> [(
    number: Int, fields: [String]
  )] {
    let quote = UInt8(ascii: "\"")
    var records: [(number: Int, fields: [String])] = []
    var fields: [String] = []
    var field: [UInt8] = []
    var index = 0
    var quoted = false
    var afterQuote = false
    func endField() {
      fields.append(String(decoding: field, as: UTF8.self))
      field.removeAll(keepingCapacity: true)
      afterQuote = false
    }
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      if quoted {
        if byte != quote {
          field.append(byte)
        } else if index < bytes.count, bytes[index] == quote {
          field.append(quote)
          index += 1
        } else {
          quoted = false
          afterQuote = true
        }
        continue
      }
      switch byte {
      case separator: endField()
      case UInt8(ascii: "\r") where index < bytes.count && bytes[index] == UInt8(ascii: "\n"): continue
      case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
        endField()
        records.append((records.count + 1, fields))
        fields.removeAll()
      case quote where field.isEmpty && !afterQuote: quoted = true
      default:
        if afterQuote {
          throw ImportFailure(
            "row \(records.count + 1), column \(fields.count + 1): text after a closing quote; "
              + "a quote inside a quoted field is written twice (\"\")")
        }
        field.append(byte)
      }
    }
    if quoted {
      throw ImportFailure(
        "row \(records.count + 1), column \(fields.count + 1): a quoted field is never closed (a missing \")")
    }
    if !field.isEmpty || !fields.isEmpty || afterQuote {
      endField()
      records.append((records.count + 1, fields))
    }
    return records
  }
}
