/// The `YYYY-MM-DD` form of a calendar date as bytes: the fields it spells, read without making a `String`
/// (the SQLite reader reads a due date per task straight from the column). Whether the date exists is for the
/// domain model to say.
public enum ISODateBytes {
  /// The year, month and day spelled by exactly `YYYY-MM-DD`, or nil for any other text.
  public static func fields(utf8 bytes: UnsafeBufferPointer<UInt8>) -> (year: Int, month: Int, day: Int)? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
    guard let year = ASCIIDigits.value(bytes, 0..<4), let month = ASCIIDigits.value(bytes, 5..<7),
      let day = ASCIIDigits.value(bytes, 8..<10)
    else { return nil }
    return (year, month, day)
  }

  /// As ``fields(utf8:)``, from `text`'s UTF-8.
  public static func fields(_ text: String) -> (year: Int, month: Int, day: Int)? {
    var text = text
    return text.withUTF8(fields(utf8:))
  }
}
