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
    self = Self.made(from: history, zone: zone, checkingText: false).tables
  }

  /// The tables and the first entry whose title has a control character, as the error that names it
  /// (``StoredTextCheck``), both made at once.
  static func checked(
    history: BoardSnapshot.History, zone: TimeZone
  ) -> (tables: HistoryTables, problem: BuildSettingsError?) {
    let (tables, newer, older) = made(from: history, zone: zone, checkingText: true)
    // An older entry's problem is named first, as a check of the whole history in order would.
    return (tables, older.problem ?? newer.problem)
  }

  /// Made in two halves on two cores, each writing its entries where they stay: it is the last of the store's
  /// work, while the tasks' is usually done. The older half's days are then numbered again in the newer half's
  /// table.
  private static func made(
    from history: BoardSnapshot.History, zone: TimeZone, checkingText: Bool
  ) -> (tables: HistoryTables, newer: Half, older: Half) {
    let count = history.records.count
    // Newest first: the first half of the entries is the newer half of the records.
    let split = count / 2
    var (days, utcDays) = (Interner<Int>(), Interner<Int>())
    let (entries, halves) = FixedArray<EntryRecord>.made(
      count: count, parts: [0..<count - split, count - split..<count],
      fill: { half, writer in
        Half(
          history: history, records: half == 0 ? split..<count : 0..<split, zone: zone, checkingText: checkingText,
          into: &writer)
      },
      adjust: { halves, half in
        guard half == 1 else { return nil }
        (days, utcDays) = (halves[0].days, halves[0].utcDays)
        let dayNumbers = halves[1].days.values.map { days.number($0) }
        let utcDayNumbers = halves[1].utcDays.values.map { utcDays.number($0) }
        return { entry in
          entry.dayIndex = dayNumbers[Int(entry.dayIndex)]
          if entry.utcDayIndex >= 0 { entry.utcDayIndex = utcDayNumbers[Int(entry.utcDayIndex)] }
        }
      })
    let tables = HistoryTables(entries: entries, days: days, utcDays: utcDays, history: history)
    return (tables, halves[0], halves[1])
  }

  private init(
    entries: FixedArray<EntryRecord>, days: Interner<Int>, utcDays: Interner<Int>, history: BoardSnapshot.History
  ) {
    self.entries = entries
    bytes = history.text
    self.fields = FixedArray(history.fields)
    self.days = days.values
    isoDays = FixedArray(utcDays.values.flatMap { Array(CalendarDate(daysSinceEpoch: $0).description.utf8) })
  }

  /// The days some records' entries fall on, their entries written newest first.
  private struct Half {
    var days = Interner<Int>()
    var utcDays = Interner<Int>()
    var problem: BuildSettingsError?

    init(
      history: BoardSnapshot.History, records range: Range<Int>, zone: TimeZone, checkingText: Bool,
      into entries: inout FixedArrayPart<EntryRecord>
    ) {
      var clock = WallClock(zone: zone)
      // Entries come in time order, so most share the previous entry's UTC day (and its year check).
      var (lastUTCDay, lastUTCIndex) = (Int.min, Int32(-1))
      let records = history.records
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
            to: entry.to,
            // The changes are written with the title: both must need no escaping for the sentence to need none.
            titleIsPlain: !history.text.needsEscaping(entry.title) && !history.text.needsEscaping(entry.changes),
            author: entry.author,
            resolution: entry.resolution, task: entry.taskID,
            titleLang: history.text.withBytes(entry.title) { CardTables.langNumber(ScriptGuess.lang(utf8: $0)) },
            changes: entry.changes, taskKey: history.text.withBytes(entry.taskID, UUIDKey.init)))
      }
      if checkingText { problem = StoredTextCheck.problem(in: history, records: range) }
    }
  }
}
