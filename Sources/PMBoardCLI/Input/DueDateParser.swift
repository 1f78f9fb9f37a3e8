import PMBoardCore

/// Reads a due date as typed on the command line: `YYYY-MM-DD`, `today`, `tomorrow`, `yesterday`,
/// or an offset such as `+3d`, `-1w` from today in the board's time zone.
package struct DueDateParser: Sendable {
  package var today: CalendarDate

  package init(today: CalendarDate) { self.today = today }

  package func parse(_ text: String) throws(CommandError) -> CalendarDate {
    let date = try parseAnyYear(text)
    // An offset from a late `today` can pass 9999-12-31, which the store's four-digit dates cannot hold.
    guard CalendarDate(year: date.year, month: date.month, day: date.day) != nil else {
      throw CommandError(
        "--due: \"\(TerminalText.oneLine(text))\" is out of range (years 1–9999); give "
          + (date.year < 1 ? "a later" : "an earlier") + " date")
    }
    return date
  }

  private func parseAnyYear(_ text: String) throws(CommandError) -> CalendarDate {
    let word = text.trimmingCharacters(in: .whitespaces).lowercased()
    switch word {
    case "today": return today
    case "tomorrow": return today.adding(days: 1)
    case "yesterday": return today.adding(days: -1)
    default: break
    }
    if let date = CalendarDate(iso: word) { return date }
    let digits = word.dropFirst().dropLast()
    if let sign = word.first, sign == "+" || sign == "-", let unit = word.last, !digits.isEmpty,
      digits.allSatisfy({ $0.isASCII && $0.isNumber }), let amount = Int(digits), amount <= 100_000
    {
      let days: Int
      switch unit {
      case "d": days = amount
      case "w": days = amount * 7
      default: throw Self.invalid(text)
      }
      return today.adding(days: sign == "+" ? days : -days)
    }
    if word.count == 10, word.split(separator: "-").count == 3 {
      throw CommandError("--due: \"\(text)\" is not a day on the calendar; check the month and day")
    }
    throw Self.invalid(text)
  }

  private static func invalid(_ text: String) -> CommandError {
    CommandError("--due: \"\(text)\" is not a date; use YYYY-MM-DD, today, tomorrow, +3d or -1w")
  }
}
