import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

@Suite("model")
struct ModelTests {
  @Test func calendarDatesRejectImpossibleDays() {
    #expect(CalendarDate(iso: "2026-02-30") == nil)
    #expect(CalendarDate(iso: "2026-13-01") == nil)
    #expect(CalendarDate(iso: "2024-02-29") != nil)
    #expect(CalendarDate(iso: "2026-1-01") == nil)
    #expect(CalendarDate(iso: "2026-11-21")?.description == "2026-11-21")
  }

  @Test func calendarArithmeticRoundTrips() {
    let date = CalendarDate(iso: "2026-11-21")!
    #expect(CalendarDate(daysSinceEpoch: date.daysSinceEpoch) == date)
    #expect(date.adding(days: 10).description == "2026-12-01")
    #expect(date.adding(days: -325).description == "2025-12-31")
    #expect(CalendarDate(iso: "1970-01-01")!.daysSinceEpoch == 0)
  }

  @Test func instantsRoundTrip() {
    let date = Instant.parse("2026-11-02T10:00:00Z")!
    #expect(Instant.format(date) == "2026-11-02T10:00:00Z")
    #expect(Instant.parse("2026-11-02T10:00:00.250Z") != nil)
    #expect(Instant.parse("2026-11-02 10:00:00") == nil)
    #expect(Instant.parse("2016-12-31T23:59:60Z").map(Instant.format) == "2017-01-01T00:00:00Z")
    #expect(Instant.parse("9999-12-31T23:59:59.999Z").map(Instant.format) == "9999-12-31T23:59:59Z")
    #expect(Instant.parse("9999-12-31T23:59:60Z") == nil, "the year 10000 cannot be written back")
  }

  /// The hand-unrolled formatter against Foundation's, over random instants from 1583 to 9999 (Foundation
  /// switches to the Julian calendar before the Gregorian reform; ISO 8601 and pmboard stay Gregorian).
  @Test func instantsFormatLikeFoundation() {
    let reference = ISO8601DateFormatter()
    reference.timeZone = TimeZone(identifier: "UTC")
    var random = SplitMix64(seed: 20_261_121)
    for _ in 0..<2_000 {
      let seconds = Int.random(in: -12_212_553_600...253_402_300_799, using: &random)
      let date = Date(timeIntervalSince1970: Double(seconds))
      #expect(Instant.format(date) == reference.string(from: date), "\(seconds)")
    }
  }

  /// The word-at-a-time UTF-8 check against the standard library's, on random bytes that are mostly UTF-8
  /// (ASCII runs, runs of three-byte characters with every lead byte's edge cases, sequences of every length)
  /// with every kind of damage mixed in.
  @Test func utf8CheckAgreesWithTheStandardLibrary() {
    var random = SplitMix64(seed: 7)
    let pieces: [[UInt8]] = [
      Array("plain ascii text!".utf8), Array("한국어".utf8), Array("日本語".utf8), Array("é".utf8), Array("👍🏽".utf8),
      Array("하트".utf8), Array("\u{E000}\u{FFFD}\u{0800}\u{D7FF}".utf8),
      [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0xA0, 0x80],
      [0xED, 0x9F, 0xBF], [0xEF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
      [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE3, 0x81], [0xF0, 0x9F, 0x91],
    ]
    // Up to about 400 bytes: past the 19 from which x86-64 checks sixteen bytes at a time, with a last block that
    // overlaps the one before.
    for _ in 0..<30_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0..<24, using: &random) {
        bytes +=
          Int.random(in: 0..<4, using: &random) == 0
          ? [UInt8.random(in: 0...255, using: &random)] : pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }
      let expected = (try? UTF8Span(validating: bytes.span)) != nil
      #expect(bytes.withUnsafeBufferPointer { UTF8Check.isValid($0) } == expected, "\(bytes)")
      #expect(bytes.withUnsafeBufferPointer { UTF8Check.isValidByLoop($0) } == expected, "\(bytes)")
    }
  }

  /// The wall clock's cached offsets against the time zone asked each time: instants in time order (as history
  /// comes), backwards, and scattered, across DST changes and a zone that skipped a day.
  @Test(arguments: ["America/New_York", "Asia/Seoul", "Australia/Lord_Howe", "Pacific/Apia", "Europe/London"])
  func wallClockMatchesItsTimeZone(zone identifier: String) throws {
    let zone = try #require(TimeZone(identifier: identifier))
    var random = SplitMix64(seed: 31)
    let start = 1_293_000_000  // December 2010, before Apia's skipped day
    let ordered = (0..<3_000).map { start + $0 * 2_111 }
    let scattered = (0..<3_000).map { _ in start + Int(random.next() % 500_000_000) - 250_000_000 }
    // Every five minutes around the zone's next changes (Lord Howe's move by half an hour at half past an hour).
    var around: [Int] = []
    var after = Date(timeIntervalSince1970: Double(start))
    for _ in 0..<4 {
      guard let change = zone.nextDaylightSavingTimeTransition(after: after) else { break }
      around += stride(from: -7_200, through: 7_200, by: 300).map { Int(change.timeIntervalSince1970) + $0 }
      after = change
    }
    for instants in [ordered, ordered.reversed(), scattered, around, around.reversed()] {
      var clock = WallClock(zone: zone)
      for seconds in instants {
        let expected = seconds + zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
        #expect(clock.localSeconds(utc: seconds) == expected, "\(identifier) \(seconds)")
      }
    }
  }

  @Test func secondsSplitIntoDaysRoundingDownBefore1970() {
    #expect(Instant.day(ofSecond: 0) == (0, 0))
    #expect(Instant.day(ofSecond: 86_399) == (0, 86_399))
    #expect(Instant.day(ofSecond: 86_400) == (1, 0))
    #expect(Instant.day(ofSecond: -1) == (-1, 86_399))
    #expect(Instant.day(ofSecond: -86_400) == (-1, 0))
    #expect(Instant.day(ofSecond: -86_401) == (-2, 86_399))
  }

  @Test func overdueMeansBeforeTodayAndNotDone() {
    let today = CalendarDate(iso: "2026-11-21")!
    func task(_ due: String?, _ state: TaskState) -> BoardTask {
      BoardTask(title: "t", due: due.flatMap { CalendarDate(iso: $0) }, state: state, created: Date())
    }
    #expect(task("2026-11-20", .todo).isOverdue(today: today))
    #expect(task("2026-11-20", .doing).isOverdue(today: today))
    #expect(!task("2026-11-21", .todo).isOverdue(today: today))
    #expect(!task("2026-11-20", .done).isOverdue(today: today))
    #expect(!task(nil, .todo).isOverdue(today: today))
  }

  @Test func todayIsTheDateInTheBoardsTimeZone() {
    let instant = Instant.parse("2026-11-21T10:00:00Z")!
    #expect(BoardInfo(title: "b", timeZoneID: "Pacific/Kiritimati").today(now: instant).description == "2026-11-22")
    #expect(BoardInfo(title: "b", timeZoneID: "Pacific/Pago_Pago").today(now: instant).description == "2026-11-20")
    #expect(BoardInfo(title: "b", timeZoneID: "UTC").today(now: instant).description == "2026-11-21")
  }

  @Test func titleRules() throws {
    #expect(try TaskRules.checkTitle("  Write README ").get() == "Write README")
    #expect((try? TaskRules.checkTitle("   ").get()) == nil)
    #expect((try? TaskRules.checkTitle("a\nb").get()) == nil)
    #expect((try? TaskRules.checkTitle(String(repeating: "가", count: 200)).get()) != nil)
    #expect((try? TaskRules.checkTitle(String(repeating: "가", count: 201)).get()) == nil)
    #expect((try? TaskRules.checkBody(String(repeating: "x", count: 1001)).get()) == nil)
  }

  @Test func changesInvertExactly() {
    let now = Date(timeIntervalSince1970: 1_000)
    let task = BoardTask(title: "A", due: CalendarDate(iso: "2026-11-30"), created: now)
    var moved = task
    moved.state = .doing
    let change = BoardChange.update(from: task, to: moved, at: now)
    #expect(change.entry.action == .moved)
    #expect(change.entry.from == .todo && change.entry.to == .doing)
    let inverse = change.inverted(at: now, by: "")
    #expect(inverse.before == moved && inverse.after == task)
    #expect(BoardChange.add(task, at: now).inverted(at: now, by: "").entry.action == .removed)
    var edited = task
    edited.title = "B"
    edited.due = nil
    #expect(BoardChange.update(from: task, to: edited, at: now).entry.fields == [.title, .due])
  }

  @Test func dueDateParserUnderstandsRelativeDays() throws {
    let parser = DueDateParser(today: CalendarDate(iso: "2026-11-21")!)
    #expect(try parser.parse("today").description == "2026-11-21")
    #expect(try parser.parse("tomorrow").description == "2026-11-22")
    #expect(try parser.parse("+3d").description == "2026-11-24")
    #expect(try parser.parse("-1w").description == "2026-11-14")
    #expect(try parser.parse("2026-12-01").description == "2026-12-01")
    #expect(throws: CommandError.self) { try parser.parse("2026-02-30") }
    #expect(throws: CommandError.self) { try parser.parse("next friday") }
  }

  @Test func boardOrderIsDueThenCodePointTitleThenID() {
    let now = Date()
    let due = CalendarDate(iso: "2026-11-30")
    let a = BoardTask(id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, title: "b", due: due, created: now)
    let b = BoardTask(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, title: "b", due: due, created: now)
    let c = BoardTask(title: "Z", due: due, created: now)
    let d = BoardTask(title: "a", due: CalendarDate(iso: "2026-11-01"), created: now)
    let e = BoardTask(title: "no due", created: now)
    #expect(BoardOrder.sorted([e, a, b, c, d]).map(\.title) == ["a", "Z", "b", "b", "no due"])
    #expect(BoardOrder.sorted([a, b]).map(\.id) == [b.id, a.id])
  }
}
