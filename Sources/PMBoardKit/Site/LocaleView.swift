/// One locale prepared for a build: its catalog, formatter, the catalog as template context, and every date
/// the pages will show already formatted (each distinct day once, shared by all pages of the locale).
final class LocaleView: Sendable {
  let code: String
  let catalog: LocaleCatalog
  let formatter: LocaleFormatter
  let context: CatalogContext
  private let dueTexts: [CalendarDate: String]
  private let dayTexts: [Int: String]

  init(code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, shared: SharedBoardData) {
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

  func dueText(_ date: CalendarDate?) -> String {
    guard let date else { return "" }
    return dueTexts[date] ?? formatter.longDate(date)
  }

  func timestamp(localSeconds: Int) -> String {
    let (day, secondOfDay) = Instant.day(ofSecond: localSeconds)
    let date = dayTexts[day] ?? formatter.longDate(CalendarDate(daysSinceEpoch: day))
    return formatter.timestamp(date: date, secondOfDay: secondOfDay)
  }
}
