import Foundation
import PMBoardBytes
import PMBoardCore

/// The history half of ``BoardTables``: history newest first. Titles stay where the snapshot keeps them:
/// sentences escape them as they are composed.
public struct HistoryTables: Sendable {
  public let bytes: ByteArena
  public let entries: FixedArray<EntryRecord>
  public let fields: FixedArray<TaskField>
  public let days: [Int]
  public let isoDays: FixedArray<UInt8>

  public init(history: BoardSnapshot.History, zone: TimeZone) {
    self.init(Self.halves(of: history, zone: zone, checkingText: false), history: history)
  }

  /// The tables and the first entry whose title has a control character, as the error that names it
  /// (``StoredTextCheck``), both made at once.
  static func checked(
    history: BoardSnapshot.History, zone: TimeZone
  ) -> (tables: HistoryTables, problem: BuildSettingsError?) {
    let (newer, older) = halves(of: history, zone: zone, checkingText: true)
    // An older entry's problem is named first, as a check of the whole history in order would.
    return (HistoryTables((newer, older), history: history), older.problem ?? newer.problem)
  }

  /// Made in two halves on two cores: it is the last of the store's work, while the tasks' is usually done.
  private static func halves(
    of history: BoardSnapshot.History, zone: TimeZone, checkingText: Bool
  ) -> (newer: Half, older: Half) {
    let count = history.records.count
    // Newest first: the first half of the entries is the newer half of the records.
    let split = count / 2
    let halves = concurrentMap(2) { half in
      Half(history: history, records: half == 0 ? split..<count : 0..<split, zone: zone, checkingText: checkingText)
    }
    return (halves[0], halves[1])
  }

  /// The halves' entries one after the other, the older half's days numbered again in the newer half's table.
  private init(_ halves: (newer: Half, older: Half), history: BoardSnapshot.History) {
    let (newer, older) = halves
    var days = newer.days
    var utcDays = newer.utcDays
    let dayNumbers = older.days.values.map { days.number($0) }
    let utcDayNumbers = older.utcDays.values.map { utcDays.number($0) }
    entries = FixedArray(count: history.records.count) { index in
      guard index >= newer.entries.count else { return newer.entries[index] }
      var entry = older.entries[index - newer.entries.count]
      entry.dayIndex = dayNumbers[Int(entry.dayIndex)]
      if entry.utcDayIndex >= 0 { entry.utcDayIndex = utcDayNumbers[Int(entry.utcDayIndex)] }
      return entry
    }
    bytes = history.text
    self.fields = FixedArray(history.fields)
    self.days = days.values
    isoDays = FixedArray(utcDays.values.flatMap { Array(CalendarDate(daysSinceEpoch: $0).description.utf8) })
  }

  /// The entries of some records, newest first, with the days they fall on.
  private struct Half {
    var entries: [EntryRecord] = []
    var days = Interner<Int>()
    var utcDays = Interner<Int>()
    var problem: BuildSettingsError?

    init(history: BoardSnapshot.History, records range: Range<Int>, zone: TimeZone, checkingText: Bool) {
      var clock = WallClock(zone: zone)
      // Entries come in time order, so most share the previous entry's UTC day (and its year check).
      var (lastUTCDay, lastUTCIndex) = (Int.min, Int32(-1))
      let records = history.records
      entries.reserveCapacity(range.count)
      for position in range.reversed() {
        let entry = records[position]
        let seconds = Int(entry.at)
        let local = clock.localSeconds(utc: seconds)
        let utcDay = Instant.day(ofSecond: seconds).day
        if utcDay != lastUTCDay {
          let year = CalendarDate(daysSinceEpoch: utcDay).year
          (lastUTCDay, lastUTCIndex) = (utcDay, (0...9999).contains(year) ? utcDays.number(utcDay) : -1)
        }
        entries.append(
          EntryRecord(
            utcSeconds: seconds, localSeconds: local, title: entry.title,
            dayIndex: days.number(Instant.day(ofSecond: local).day), utcDayIndex: lastUTCIndex,
            fieldsStart: entry.fieldsStart, fieldsCount: entry.fieldsCount, action: entry.action, from: entry.from,
            to: entry.to, titleIsPlain: !history.text.needsEscaping(entry.title), author: entry.author,
            resolution: entry.resolution, task: entry.taskID))
      }
      if checkingText { problem = StoredTextCheck.problem(in: history, records: range) }
    }
  }
}
