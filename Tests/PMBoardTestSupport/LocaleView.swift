import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation

/// One locale prepared for a build: its catalog, formatter, the catalog as template context, and every date
/// the pages will show already formatted (each distinct day once, shared by all pages of the locale).
public final class LocaleView: Sendable {
  public let code: String
  public let catalog: LocaleCatalog
  public let formatter: LocaleFormatter
  public let context: CatalogContext
  private let dueTexts: [CalendarDate: String]
  private let dayTexts: [Int: String]

  public init(code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, shared: SharedBoardData) {
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

  public func dueText(_ date: CalendarDate?) -> String {
    guard let date else { return "" }
    return dueTexts[date] ?? formatter.longDate(date)
  }

  public func timestamp(localSeconds: Int) -> String {
    let (day, secondOfDay) = Instant.day(ofSecond: localSeconds)
    let date = dayTexts[day] ?? formatter.longDate(CalendarDate(daysSinceEpoch: day))
    return formatter.timestamp(date: date, secondOfDay: secondOfDay)
  }
}
