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
    var clock = WallClock(zone: zone)
    var days = Interner<Int>()
    var utcDays = Interner<Int>()
    // Entries come in time order, so most share the previous entry's UTC day (and its year check).
    var (lastUTCDay, lastUTCIndex) = (Int.min, Int32(-1))
    let records = history.records
    let entries = FixedArray<EntryRecord>(count: records.count) { index in
      let entry = records[records.count - 1 - index]
      let seconds = Int(entry.at)
      let local = clock.localSeconds(utc: seconds)
      let utcDay = Instant.day(ofSecond: seconds).day
      if utcDay != lastUTCDay {
        let year = CalendarDate(daysSinceEpoch: utcDay).year
        (lastUTCDay, lastUTCIndex) = (utcDay, (0...9999).contains(year) ? utcDays.number(utcDay) : -1)
      }
      return EntryRecord(
        utcSeconds: seconds, localSeconds: local, title: entry.title,
        dayIndex: days.number(Instant.day(ofSecond: local).day),
        utcDayIndex: lastUTCIndex,
        fieldsStart: entry.fieldsStart, fieldsCount: entry.fieldsCount, action: entry.action, from: entry.from,
        to: entry.to, titleIsPlain: !history.text.needsEscaping(entry.title), author: entry.author,
        resolution: entry.resolution, task: entry.taskID)
    }
    bytes = history.text
    self.entries = entries
    self.fields = FixedArray(history.fields)
    self.days = days.values
    isoDays = FixedArray(utcDays.values.flatMap { Array(CalendarDate(daysSinceEpoch: $0).description.utf8) })
  }
}
