import Foundation
import PMBoardBytes
import PMBoardCore

/// `{locale}/calendar.ics`: one all-day event per published task that has a due date and is not done, with a
/// reminder at 09:00 on the due day on the board's wall clock. A task that is done or removed leaves the file,
/// so subscribed calendars drop it; its UID comes from the task id, so a calendar updates an event in place.
struct CalendarFeed: Sendable {
  var tables: BoardTables
  var info: BoardInfo
  var links: FeedLinks
  /// DTSTAMP of every event (UTC, `YYYYMMDDTHHMMSSZ`): the board's last change, so that an unchanged board gives
  /// the same bytes in every build.
  var stamp: String
  /// Per distinct due date (``BoardTables/dueDates``): the date, the day after, and the reminder's UTC instant.
  private let days: [(start: String, end: String, alarm: String)]

  init(tables: BoardTables, info: BoardInfo, links: FeedLinks, stampSeconds: Int) {
    self.tables = tables
    self.info = info
    self.links = links
    stamp = Self.utc(stampSeconds)
    let zone = info.timeZone
    days = tables.dueDates.map { due in
      (Self.date(due), Self.date(due.adding(days: 1)), Self.utc(Self.nineOClock(on: due, in: zone)))
    }
  }

  /// The calendar in `formatter`'s language, handed to `emit` in pieces; returns how many bytes it has.
  @discardableResult
  func render(code: String, formatter: LocaleFormatter, emit: (Span<UInt8>) -> Void) -> Int {
    let open = [TaskState.todo, .doing].map { tables.columnStarts[$0.order]..<tables.columnStarts[$0.order + 1] }
    var ics = ICalendarLines(capacity: SiteRenderer.outputChunk + 8192)
    var total = 0
    func flush(over threshold: Int) {
      let count = ics.bytes.count
      ics.flush(over: threshold, to: emit)
      if ics.bytes.isEmpty { total += count }
    }
    ics.line("BEGIN", "VCALENDAR")
    ics.line("VERSION", "2.0")
    ics.line("PRODID", "-//pmboard//pmboard//EN")
    ics.line("CALSCALE", "GREGORIAN")
    ics.text("X-WR-CALNAME", formatter.message("feeds.calendar_name", ["board": info.title]))
    ics.text("X-WR-TIMEZONE", info.timeZoneID)
    // Asks subscribing apps to look again hourly (RFC 7986, and the older name Outlook and Google read).
    ics.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
    ics.line("X-PUBLISHED-TTL", "PT1H")
    // Parsed once per calendar, and filled without a dictionary per event: 100,000 events add up.
    let summary = CatalogMessage(formatter.catalog.string("feeds.event"))
    let labels = TaskState.allCases.map(formatter.label)
    for range in open {
      for index in range where tables.cards[index].dueIndex >= 0 {
        let card = tables.cards[index]
        let title = tables.cardBytes.string(card.title)
        let text = summary.format { name in
          switch name {
          case "title": title
          case "state": labels[card.state.order]
          default: nil
          }
        }
        event(card, summary: text, code: code, into: &ics)
        flush(over: SiteRenderer.outputChunk)
      }
    }
    ics.line("END", "VCALENDAR")
    flush(over: 0)
    return total
  }

  private func event(_ card: CardRecord, summary: String, code: String, into ics: inout ICalendarLines) {
    let text = tables.cardBytes
    let id = text.string(card.id)
    let day = days[Int(card.dueIndex)]
    let link = links.task(id, in: code)
    let body = text.string(card.body)
    ics.line("BEGIN", "VEVENT")
    ics.line("UID", "\(id)@pmboard")
    ics.line("DTSTAMP", stamp)
    ics.line("DTSTART;VALUE=DATE", day.start)
    ics.line("DTEND;VALUE=DATE", day.end)
    ics.text("SUMMARY", summary)
    ics.text("DESCRIPTION", body.isEmpty ? link : body + "\n\n" + link)
    if links.isAbsolute { ics.line("URL;VALUE=URI", link) }
    ics.line("TRANSP", "TRANSPARENT")
    ics.line("BEGIN", "VALARM")
    ics.line("ACTION", "DISPLAY")
    ics.text("DESCRIPTION", summary)
    // An absolute trigger: a duration before an all-day start would ring at 09:00 in whatever zone the phone
    // is in, not the board's.
    ics.line("TRIGGER;VALUE=DATE-TIME", day.alarm)
    ics.line("END", "VALARM")
    ics.line("END", "VEVENT")
  }

  /// Seconds since 1970 of 09:00 on `day` in `zone`. The offset is looked up at the guess itself a second time,
  /// so a day on which the offset changes before 09:00 still rings at 09:00 local.
  static func nineOClock(on day: CalendarDate, in zone: TimeZone) -> Int {
    let local = day.daysSinceEpoch * 86_400 + 9 * 3600
    let guess = local - zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local)))
    return local - zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(guess)))
  }

  /// `YYYYMMDD`.
  static func date(_ day: CalendarDate) -> String {
    pad(day.year, 4) + pad(day.month, 2) + pad(day.day, 2)
  }

  /// `YYYYMMDDTHHMMSSZ`.
  static func utc(_ seconds: Int) -> String {
    let (day, second) = Instant.day(ofSecond: seconds)
    return date(CalendarDate(daysSinceEpoch: day)) + "T" + pad(second / 3600, 2) + pad(second / 60 % 60, 2)
      + pad(second % 60, 2) + "Z"
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
