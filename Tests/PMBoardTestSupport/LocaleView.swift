import PMBoardCore
import PMBoardSite

/// One locale as the reference pages see it: its catalog, formatter, the catalog as template context, and every
/// date the pages will show already formatted (each distinct day once, shared by all pages of the locale).
package final class LocaleView: Sendable {
  package let code: String
  package let catalog: LocaleCatalog
  package let formatter: LocaleFormatter
  package let context: CatalogContext
  private let dueTexts: [CalendarDate: String]
  private let dayTexts: [Int: String]

  package init(code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, shared: SharedBoardData) {
    self.code = code
    self.catalog = catalog
    self.formatter = formatter
    context = CatalogContext(catalog)
    var dueTexts: [CalendarDate: String] = [:]
    for date in shared.dueDates { dueTexts[date] = formatter.longDate(date) }
    self.dueTexts = dueTexts
    var dayTexts: [Int: String] = [:]
    for day in shared.historyDays { dayTexts[day] = formatter.longDate(CalendarDate(daysSinceEpoch: day)) }
    self.dayTexts = dayTexts
  }

  package func dueText(_ date: CalendarDate?) -> String {
    guard let date else { return "" }
    return dueTexts[date] ?? formatter.longDate(date)
  }

  package func timestamp(localSeconds: Int) -> String {
    let (day, secondOfDay) = Instant.day(ofSecond: localSeconds)
    let date = dayTexts[day] ?? formatter.longDate(CalendarDate(daysSinceEpoch: day))
    return formatter.timestamp(date: date, secondOfDay: secondOfDay)
  }
}
