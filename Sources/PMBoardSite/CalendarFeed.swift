import Foundation
import PMBoardBytes
import PMBoardCore

/// `{locale}/calendar.ics`: one all-day event per published task that has a due date and is not done, with a
/// reminder at 09:00 on the due day on the board's wall clock. A task that is done or removed leaves the file,
/// so subscribed calendars drop it; its UID comes from the task id, so a calendar updates an event in place.
///
/// Written byte by byte into a ``ByteWriter``, escaped and folded there (``ICalendarLines`` is the plain
/// reference of those rules): the lines that depend on a due date alone are made once per date, the summary's
/// message once per state, and an event's text is copied from the card arena without a `String`.
struct CalendarFeed: Sendable {
  var tables: BoardTables
  var info: BoardInfo
  var links: FeedLinks
  /// DTSTAMP of every event (UTC, `YYYYMMDDTHHMMSSZ`): the board's last change, so that an unchanged board gives
  /// the same bytes in every build.
  var stamp: String
  /// Per distinct due date (``BoardTables/dueDates``), the lines of an event that depend on its day alone:
  /// `days[i]` the DTSTART and DTEND lines, `alarms[i]` the TRIGGER line and the two END lines after it.
  private let dayLines: ByteArena
  private let days: [RawRef]
  private let alarms: [RawRef]

  init(tables: BoardTables, info: BoardInfo, links: FeedLinks, stampSeconds: Int) {
    self.tables = tables
    self.info = info
    self.links = links
    stamp = Self.utc(stampSeconds)
    let zone = info.timeZone
    var lines = ByteWriter(capacity: tables.dueDates.count * 128)
    var days: [RawRef] = []
    var alarms: [RawRef] = []
    days.reserveCapacity(tables.dueDates.count)
    alarms.reserveCapacity(tables.dueDates.count)
    for due in tables.dueDates {
      let (start, end) = (Self.date(due), Self.date(due.adding(days: 1)))
      days.append(lines.appendRef("DTSTART;VALUE=DATE:\(start)\r\nDTEND;VALUE=DATE:\(end)\r\n"))
      // An absolute trigger: a duration before an all-day start would ring at 09:00 in whatever zone the phone
      // is in, not the board's.
      let alarm = Self.utc(Self.nineOClock(on: due, in: zone))
      alarms.append(lines.appendRef("TRIGGER;VALUE=DATE-TIME:\(alarm)\r\nEND:VALARM\r\nEND:VEVENT\r\n"))
    }
    dayLines = ByteArena(lines)
    self.days = days
    self.alarms = alarms
  }

  /// The calendar in `formatter`'s language, handed to `emit` in pieces; returns how many bytes it has.
  @discardableResult
  func render(code: String, formatter: LocaleFormatter, emit: (Span<UInt8>) -> Void) -> Int {
    var ics = ByteWriter(capacity: SiteRenderer.outputChunk + 8192)
    func line(_ name: StaticString, _ value: String, escaped: Bool = false) {
      let start = ics.count
      ics.appendStatic(name)
      if escaped { ics.appendICalendarText(value) } else { ics.append(value) }
      ics.endICalendarLine(from: start)
    }
    line("BEGIN:", "VCALENDAR")
    line("VERSION:", "2.0")
    line("PRODID:", "-//pmboard//pmboard//EN")
    line("CALSCALE:", "GREGORIAN")
    line("X-WR-CALNAME:", formatter.message("feeds.calendar_name", ["board": info.title]), escaped: true)
    line("X-WR-TIMEZONE:", info.timeZoneID, escaped: true)
    // Asks subscribing apps to look again hourly (RFC 7986, and the older name Outlook and Google read).
    line("REFRESH-INTERVAL;VALUE=DURATION:", "PT1H")
    line("X-PUBLISHED-TTL:", "PT1H")
    let events = Events(calendar: self, code: code, formatter: formatter)
    let cards = FixedTable(tables.cards)
    var summary = ByteWriter(capacity: 256)
    for state in [TaskState.todo, .doing] {
      let range = tables.columnStarts[state.order]..<tables.columnStarts[state.order + 1]
      cards.forEach(in: range) { card in
        guard card.dueIndex >= 0 else { return }
        events.write(card, summary: &summary, into: &ics)
        if ics.pending > SiteRenderer.outputChunk { ics.flush(keeping: 0, to: emit) }
      }
    }
    line("END:", "VCALENDAR")
    let total = ics.count
    ics.flush(keeping: 0, to: emit)
    return total
  }

  /// What a calendar's events share, looked up once per calendar: 100,000 events add up.
  private struct Events {
    let cards: ArenaBytes
    let dayLines: ArenaBytes
    let days: [RawRef]
    let alarms: [RawRef]
    /// The DTSTAMP line.
    let stampLine: String
    /// The summary message (`feeds.event`) per state, `{state}` and unknown placeholders filled in.
    let summaries: [[SummaryPart]]
    /// The task link's text before the id: as it is (the URL line, under `--base-url`) and escaped as TEXT.
    let linkPrefix: String
    let escapedLinkPrefix: String
    let isAbsolute: Bool

    enum SummaryPart {
      case literal(String)
      case title
      case particle(KoreanParticle)
    }

    init(calendar: CalendarFeed, code: String, formatter: LocaleFormatter) {
      cards = ArenaBytes(calendar.tables.cardBytes)
      dayLines = ArenaBytes(calendar.dayLines)
      days = calendar.days
      alarms = calendar.alarms
      stampLine = "DTSTAMP:\(calendar.stamp)\r\n"
      let message = CatalogMessage(formatter.catalog.string("feeds.event"))
      summaries = TaskState.allCases.map { state in
        message.parts.map { part in
          switch part {
          case .literal(let text): .literal(text)
          case .placeholder("title"): .title
          case .placeholder("state"): .literal(formatter.label(state))
          case .placeholder(let name): .literal("{\(name)}")
          case .particle(let particle): .particle(particle)
          }
        }
      }
      linkPrefix = calendar.links.task("", in: code)
      var escaped: [UInt8] = []
      ICalendarLines.escapeText(linkPrefix, into: &escaped)
      escapedLinkPrefix = String(decoding: escaped, as: UTF8.self)
      isAbsolute = calendar.links.isAbsolute
    }

    /// One VEVENT with its VALARM; `summary` is scratch room for the event's summary.
    func write(_ card: CardRecord, summary: inout ByteWriter, into ics: inout ByteWriter) {
      // The summary as `CatalogMessage.format` fills it in (a particle reads the text before it).
      summary.truncate(to: 0)
      for part in summaries[card.state.order] {
        switch part {
        case .literal(let text): summary.append(text)
        case .title: summary.append(card.title.raw, from: cards)
        case .particle(let particle): summary.appendStatic(particle.after(summary, from: 0))
        }
      }
      ics.appendStatic("BEGIN:VEVENT\r\n")
      var start = ics.count
      ics.appendStatic("UID:")
      ics.append(card.id.raw, from: cards)
      ics.appendStatic("@pmboard")
      ics.endICalendarLine(from: start)
      ics.append(stampLine)
      ics.append(days[Int(card.dueIndex)], from: dayLines)
      start = ics.count
      ics.appendStatic("SUMMARY:")
      ics.appendICalendarText(pendingBytesOf: summary)
      ics.endICalendarLine(from: start)
      // The body, a blank line and the link, escaped as one TEXT value. Escaped piece by piece here, which is the
      // same: only a CR at a piece's end could join the next piece's LF, and a build refuses a body with a CR.
      start = ics.count
      ics.appendStatic("DESCRIPTION:")
      if card.body.rawCount > 0 {
        ics.appendICalendarText(card.body.raw, from: cards)
        ics.appendStatic("\\n\\n")
      }
      ics.append(escapedLinkPrefix)
      ics.appendICalendarText(card.id.raw, from: cards)
      ics.endICalendarLine(from: start)
      if isAbsolute {
        start = ics.count
        ics.appendStatic("URL;VALUE=URI:")
        ics.append(linkPrefix)
        ics.append(card.id.raw, from: cards)
        ics.endICalendarLine(from: start)
      }
      ics.appendStatic("TRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n")
      start = ics.count
      ics.appendStatic("DESCRIPTION:")
      ics.appendICalendarText(pendingBytesOf: summary)
      ics.endICalendarLine(from: start)
      ics.append(alarms[Int(card.dueIndex)], from: dayLines)
    }
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
