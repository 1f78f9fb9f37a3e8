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
  /// Which open tasks it lists (`calendar:`), around which day (days since 1970).
  var window: CalendarWindow
  var today: Int
  /// Whether the site has task pages (`task-pages`), which an event links; else its card on its column's page.
  var taskPages: Bool
  /// Per distinct due date (``BoardTables/dueDates``), the lines of an event that depend on its day alone:
  /// `days[i]` the DTSTART and DTEND lines, `alarms[i]` the TRIGGER line and the two END lines after it; and the
  /// lines every event has: the DTSTAMP line, and with a relative link the link's text before the id, escaped.
  private let dayLines: ByteArena
  private let days: [RawRef]
  private let alarms: [RawRef]
  /// By card, its event's DTSTAMP in seconds since 1970 (``eventStamps(tables:window:today:)``); -1 for a card
  /// without an event.
  let stamps: [Int]
  /// With relative links, the task link's text around the id by link slot (``CardLinkSlots``), escaped.
  private let sharedLinks: [LinkParts]?
  /// The shapes of the task links, by state or, on a site without task pages whose columns are cut into pages, by
  /// state and page.
  let slots: CardLinkSlots

  init(
    tables: BoardTables, info: BoardInfo, links: FeedLinks, window: CalendarWindow = .all,
    today: CalendarDate = CalendarDate(daysSinceEpoch: 0), taskPages: Bool = true, pagedLinks: ColumnPages? = nil,
    stamps: [Int]? = nil
  ) {
    self.taskPages = taskPages
    slots = CardLinkSlots(taskPages: taskPages, paged: pagedLinks)
    self.tables = tables
    self.info = info
    self.links = links
    self.window = window
    self.today = today.daysSinceEpoch
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
    // A walk of the whole history: the board's calendar and the names' share one (`stamps`).
    self.stamps = stamps ?? Self.eventStamps(tables: tables, window: window, today: today.daysSinceEpoch)
    if links.isAbsolute {
      sharedLinks = nil
    } else {
      sharedLinks = slots.arounds.map { around in
        let (before, after) = links.task(around, in: "")
        return LinkParts(before: lines.appendRef(Self.escaped(before)), after: lines.appendRef(Self.escaped(after)))
      }
    }
    dayLines = ByteArena(lines)
    self.days = days
    self.alarms = alarms
  }

  /// The calendars of `locales`, each in its formatter's language, made side by side and handed to
  /// `emit(i, bytes)` in pieces for `locales[i]`. They differ only in their name and their events' summaries
  /// (and, under `--base-url`, their links): the rest of an event, its description with a relative link
  /// included, is made once for all of them. Events go in batches: each batch's shared lines first, then each
  /// calendar's copy of the batch with its own summaries.
  /// With `only` (a label's or person's calendar: its cards, in board order), only those cards' events, and
  /// `name` after the board's in the calendar's name.
  func render(
    _ locales: [(code: String, formatter: LocaleFormatter)], only: [Int32]? = nil, name: String? = nil,
    emit: (_ file: Int, Span<UInt8>) -> Void
  ) {
    let calendars = locales.map { Summaries(calendar: self, code: $0.code, formatter: $0.formatter, name: name) }
    let shared = SharedLines(calendar: self)
    let cards = FixedTable(tables.cards)
    var out = ByteWriter(capacity: SiteRenderer.outputChunk + 65_536)
    var lines = ByteWriter(capacity: SiteRenderer.outputChunk / 2 + 65_536)
    var summary = ByteWriter(capacity: 256)
    var escaped = ByteWriter(capacity: 256)
    for (index, calendar) in calendars.enumerated() {
      calendar.writeHeader(into: &out)
      out.flush(keeping: 0) { emit(index, $0) }
    }
    // Events with a due date in the window from the open columns, in column order; the nearest the day when
    // there are more than the window takes.
    var events: [(index: Int, card: CardRecord)] = []
    let open = tables.columnStarts[TaskState.todo.order]..<tables.columnStarts[TaskState.doing.order + 1]
    for index in only?.map({ Int($0) }) ?? Array(open) where open.contains(index) {
      let card = cards[index]
      if card.dueIndex >= 0, window.contains(due: dueDay(of: card), today: today) { events.append((index, card)) }
    }
    if let cutoff = window.cutoff(events.map { key(of: $0.card, number: $0.index) }) {
      events.removeAll { key(of: $0.card, number: $0.index) > cutoff }
    }
    var pieces: [SharedLines.Event] = []
    pieces.reserveCapacity(Self.batchSize)
    for batchStart in stride(from: 0, to: events.count, by: Self.batchSize) {
      let batch = events[batchStart..<min(events.count, batchStart + Self.batchSize)]
      lines.flush(keeping: 0) { _ in }  // the last batch's lines, all copied by now
      pieces.removeAll(keepingCapacity: true)
      for event in batch { pieces.append(shared.write(event.card, number: event.index, into: &lines)) }
      for (index, calendar) in calendars.enumerated() {
        for (event, piece) in zip(batch, pieces) {
          calendar.write(
            event.card, number: event.index, piece, shared: lines, summary: &summary, escaped: &escaped, into: &out)
        }
        out.flush(keeping: 0) { emit(index, $0) }
      }
    }
    for index in calendars.indices {
      let start = out.count
      out.appendStatic("END:VCALENDAR")
      out.endICalendarLine(from: start)
      out.flush(keeping: 0) { emit(index, $0) }
    }
  }

  /// Events per batch: a calendar's copy of a batch is some 300 KB on a board like the benchmark's, handed to
  /// the file in one write.
  static let batchSize = 384

  /// The lines of an event that every calendar shares, written once per event into a batch's buffer.
  struct SharedLines {
    let cards: ArenaBytes
    let dayLines: ArenaBytes
    let days: [RawRef]
    let alarms: [RawRef]
    let stamps: [Int]
    /// The task link's text before the id escaped as TEXT, when it is the same in every locale (a relative link);
    /// nil under `--base-url`, where each calendar writes its own description.
    let escapedLinks: [LinkParts]?
    let slots: CardLinkSlots
    let names: CardNames
    let nameBytes: ArenaBytes

    /// Where an event's shared lines are in the batch's buffer: `head` from BEGIN:VEVENT to DTEND, `middle` (with
    /// a shared description) from DESCRIPTION to ACTION; `alarm` (TRIGGER to END:VEVENT) is in `dayLines`.
    struct Event {
      var head: Range<Int>
      var middle: Range<Int>?
      var alarm: RawRef
    }

    init(calendar: CalendarFeed) {
      cards = ArenaBytes(calendar.tables.cardBytes)
      dayLines = ArenaBytes(calendar.dayLines)
      days = calendar.days
      alarms = calendar.alarms
      stamps = calendar.stamps
      escapedLinks = calendar.sharedLinks
      slots = calendar.slots
      names = calendar.tables.cardNames
      nameBytes = ArenaBytes(calendar.tables.cardNames.bytes)
    }

    /// Card number `number`'s event lines every calendar shares.
    func write(_ card: CardRecord, number: Int, into lines: inout ByteWriter) -> Event {
      let headStart = lines.count
      lines.appendStatic("BEGIN:VEVENT\r\n")
      var start = lines.count
      lines.appendStatic("UID:")
      lines.append(card.id.raw, from: cards)
      lines.appendStatic("@pmboard")
      lines.endICalendarLine(from: start)
      start = lines.count
      lines.appendStatic("DTSTAMP:")
      lines.append(CalendarFeed.utc(stamps[number]))
      lines.endICalendarLine(from: start)
      lines.append(days[Int(card.dueIndex)], from: dayLines)
      // The card's labels, then its declared fields' values as `key:value` (the same in every locale, as this line
      // is shared), each a TEXT value (a comma in a name escaped), for calendars that filter by category.
      let labels = names.range(of: CardNames.labelField, card: number)
      let declared = names.declaredRange(card: number)
      if !labels.isEmpty || !declared.isEmpty {
        start = lines.count
        lines.appendStatic("CATEGORIES:")
        for slot in labels {
          if slot > labels.lowerBound { lines.appendStatic(",") }
          lines.appendICalendarText(names.names[Int(names.cardNames[slot])].text.raw, from: nameBytes)
        }
        for slot in declared {
          if slot > declared.lowerBound || !labels.isEmpty { lines.appendStatic(",") }
          let name = names.names[Int(names.cardNames[slot])]
          lines.append(names.fields[name.field].definition.key + ":")
          lines.appendICalendarText(name.text.raw, from: nameBytes)
        }
        lines.endICalendarLine(from: start)
      }
      let head = headStart..<lines.count
      var middle: Range<Int>?
      if let escapedLinks {
        start = lines.count
        CalendarFeed.writeDescription(
          card, cards: cards, link: escapedLinks[slots.slot(ofCard: number, state: card.state)], from: dayLines,
          into: &lines)
        lines.appendStatic("TRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n")
        middle = start..<lines.count
      }
      return Event(head: head, middle: middle, alarm: alarms[Int(card.dueIndex)])
    }
  }

  /// A task link's text before and after its id, escaped as TEXT.
  struct LinkParts {
    var before: RawRef
    var after: RawRef
  }

  static func escaped(_ text: String) -> String {
    var escaped: [UInt8] = []
    ICalendarLines.escapeText(text, into: &escaped)
    return String(decoding: escaped, as: UTF8.self)
  }

  /// The body, a blank line and the link, escaped as one TEXT value, as the DESCRIPTION line. Escaped piece by
  /// piece, which is the same: only a CR at a piece's end could join the next piece's LF, and a build refuses a
  /// body with a CR.
  fileprivate static func writeDescription(
    _ card: CardRecord, cards: ArenaBytes, link: LinkParts, from prefixes: ArenaBytes, into lines: inout ByteWriter
  ) {
    let start = lines.count
    lines.appendStatic("DESCRIPTION:")
    if card.body.rawCount > 0 {
      lines.appendICalendarText(card.body.raw, from: cards)
      lines.appendStatic("\\n\\n")
    }
    lines.append(link.before, from: prefixes)
    lines.appendICalendarText(card.id.raw, from: cards)
    lines.append(link.after, from: prefixes)
    lines.endICalendarLine(from: start)
  }

  /// What is a calendar's own: its header, and per event the summary's two lines (and under `--base-url` the
  /// description and the URL line).
  struct Summaries {
    let calendar: CalendarFeed
    let cards: ArenaBytes
    let dayLines: ArenaBytes
    let formatter: LocaleFormatter
    /// The summary message (`feeds.event`) per state, `{state}` and unknown placeholders filled in; the literal
    /// text is in `literals`, so that a part is a plain value.
    let summaries: [[SummaryPart]]
    let literals: ArenaBytes
    /// The task link's text around the id by link slot: as it is (the URL line) and escaped as TEXT (in
    /// `literals`).
    let links: [(before: String, after: String)]
    let slots: CardLinkSlots
    let escapedLinks: [LinkParts]

    enum SummaryPart {
      case literal(RawRef)
      case title
      case particle(KoreanParticle)
    }

    /// A label's or person's name, after the board's in the calendar's name; nil for the board's calendar.
    let name: String?

    init(calendar: CalendarFeed, code: String, formatter: LocaleFormatter, name: String?) {
      self.calendar = calendar
      self.name = name
      self.formatter = formatter
      cards = ArenaBytes(calendar.tables.cardBytes)
      dayLines = ArenaBytes(calendar.dayLines)
      let message = CatalogMessage(formatter.catalog.string("feeds.event"))
      var text = ByteWriter(capacity: 256)
      summaries = TaskState.allCases.map { state in
        message.parts.map { part in
          switch part {
          case .literal(let literal): .literal(text.appendRef(literal))
          case .placeholder("title"): .title
          case .placeholder("state"): .literal(text.appendRef(formatter.label(state)))
          case .placeholder(let name): .literal(text.appendRef("{\(name)}"))
          case .particle(let particle): .particle(particle)
          }
        }
      }
      slots = calendar.slots
      links = slots.arounds.map { calendar.links.task($0, in: code) }
      escapedLinks = links.map {
        LinkParts(
          before: text.appendRef(CalendarFeed.escaped($0.before)), after: text.appendRef(CalendarFeed.escaped($0.after))
        )
      }
      literals = ArenaBytes(ByteArena(text))
    }

    func writeHeader(into out: inout ByteWriter) {
      func line(_ name: StaticString, _ value: String, escaped: Bool = false) {
        let start = out.count
        out.appendStatic(name)
        if escaped { out.appendICalendarText(value) } else { out.append(value) }
        out.endICalendarLine(from: start)
      }
      line("BEGIN:", "VCALENDAR")
      line("VERSION:", "2.0")
      line("PRODID:", "-//pmboard//pmboard//EN")
      line("CALSCALE:", "GREGORIAN")
      line(
        "X-WR-CALNAME:",
        formatter.message(
          "feeds.calendar_name", ["board": name.map { "\(calendar.info.title) · \($0)" } ?? calendar.info.title]),
        escaped: true)
      line("X-WR-TIMEZONE:", calendar.info.timeZoneID, escaped: true)
      // Asks subscribing apps to look again hourly (RFC 7986, and the older name Outlook and Google read).
      line("REFRESH-INTERVAL;VALUE=DURATION:", "PT1H")
      line("X-PUBLISHED-TTL:", "PT1H")
    }

    /// One VEVENT with its VALARM, its shared lines copied from `shared`; `summary` and `escaped` are scratch
    /// room for its summary, escaped once for its two lines.
    func write(
      _ card: CardRecord, number: Int, _ event: SharedLines.Event, shared: borrowing ByteWriter,
      summary: inout ByteWriter,
      escaped: inout ByteWriter, into out: inout ByteWriter
    ) {
      // The summary as `CatalogMessage.format` fills it in (a particle reads the text before it).
      summary.flush(keeping: 0) { _ in }  // the last event's
      let summaryStart = summary.count
      for part in summaries[card.state.order] {
        switch part {
        case .literal(let text): summary.append(text, from: literals)
        case .title: summary.append(card.title.raw, from: cards)
        case .particle(let particle): summary.appendStatic(particle.after(summary, from: summaryStart))
        }
      }
      escaped.flush(keeping: 0) { _ in }
      escaped.appendICalendarText(pendingBytesOf: summary)
      out.append(event.head, of: shared)
      var start = out.count
      out.appendStatic("SUMMARY:")
      out.append(pendingBytesOf: escaped)
      out.endICalendarLine(from: start)
      if let middle = event.middle {
        out.append(middle, of: shared)
      } else {
        let slot = slots.slot(ofCard: number, state: card.state)
        CalendarFeed.writeDescription(card, cards: cards, link: escapedLinks[slot], from: literals, into: &out)
        start = out.count
        out.appendStatic("URL;VALUE=URI:")
        out.append(links[slot].before)
        out.append(card.id.raw, from: cards)
        out.append(links[slot].after)
        out.endICalendarLine(from: start)
        out.appendStatic("TRANSP:TRANSPARENT\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n")
      }
      start = out.count
      out.appendStatic("DESCRIPTION:")
      out.append(pendingBytesOf: escaped)
      out.endICalendarLine(from: start)
      out.append(event.alarm, from: dayLines)
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
