import PMBoardBytes
import PMBoardCore

/// How work flowed through the board in the 12 weeks up to the build's day, worked out from the history on the
/// board's wall clock (the insights page and `insights.json`):
///
/// - **Cumulative flow**: how many tasks were in each column at the end of each week (the last week ends today).
///   The history is replayed oldest first: an entry that adds or moves a task puts it in its `to` column, one that
///   removes it takes it away; an entry a sync did not apply (`lost`) changes nothing.
/// - **Throughput**: moves into DONE in each week (a task added straight into DONE, as imports do, is not one).
/// - **Cycle time**: for each move into DONE in the 12 weeks, the time since the task's first move into DOING;
///   a task that never was in DOING has none. The median and the 85th percentile are by nearest rank (the
///   smallest time that at least half, or 85 %, of the times do not exceed).
/// - **Aging work in progress**: for each task in DOING now, the days from the day it last went into DOING to today.
public struct FlowInsights: Sendable, Equatable {
  public static let weekCount = 12
  /// Upper bounds, in days, of the cycle-time buckets; the last bucket holds the rest.
  public static let bucketLimits = [1, 2, 4, 7, 14, 28]

  /// The first day of each week, oldest first; the last week ends on the build's today.
  public var weekStarts: [CalendarDate]
  /// By week, the tasks in each column (by `TaskState.order`) at the week's end.
  public var flow: [[Int]]
  /// By week, the moves into DONE.
  public var throughput: [Int]
  /// The cycle times of the window's moves into DONE, in seconds, shortest first.
  public var cycleSeconds: [Int]
  /// The tasks in DOING, longest there first (ties by board order): each card's index in board order and its days.
  public var aging: [Aging]
  /// Tasks in DOING without a history entry that says when they went there.
  public var agingUnknown: Int

  public struct Aging: Sendable, Equatable {
    public var card: Int
    public var days: Int
  }

  /// The 50th and 85th percentiles of ``cycleSeconds`` by nearest rank; nil without any.
  public var medianSeconds: Int? { percentile(50) }
  public var p85Seconds: Int? { percentile(85) }

  public func percentile(_ percent: Int) -> Int? {
    guard !cycleSeconds.isEmpty else { return nil }
    let rank = (percent * cycleSeconds.count + 99) / 100
    return cycleSeconds[max(rank, 1) - 1]
  }

  /// How many cycle times fall in each bucket of ``bucketLimits`` (and the last, open one).
  public var cycleBuckets: [Int] {
    var buckets = Array(repeating: 0, count: Self.bucketLimits.count + 1)
    for seconds in cycleSeconds {
      let bucket = Self.bucketLimits.firstIndex { seconds < $0 * 86_400 } ?? Self.bucketLimits.count
      buckets[bucket] += 1
    }
    return buckets
  }

  /// The insights of `tables`' history and cards on `today`.
  public init(tables: BoardTables, today: CalendarDate) {
    let firstDay = today.daysSinceEpoch - 7 * Self.weekCount + 1
    weekStarts = (0..<Self.weekCount).map { CalendarDate(daysSinceEpoch: firstDay + 7 * $0) }
    // The tables keep history newest first; the replay goes oldest first. Each task gets a number, so that what
    // is known of it is kept in arrays: the entries' tasks, then the DOING cards' (for their aging).
    let entries = tables.entries
    let doing = tables.columnStarts[TaskState.doing.order]..<tables.columnStarts[TaskState.doing.order + 1]
    let cardKeys = tables.cardKeys
    let (tasks, taskCount) = UUIDTable.numbering(count: entries.count + doing.count) { position in
      guard position < entries.count else { return cardKeys[doing.lowerBound + position - entries.count] }
      let entry = entries[entries.count - 1 - position]
      return entry.resolution == .lost ? nil : entry.taskKey
    }
    var replay = Replay(firstDay: firstDay, tasks: taskCount)
    for offset in 0..<entries.count where tasks[offset] >= 0 {
      replay.apply(entries[entries.count - 1 - offset], task: Int(tasks[offset]))
    }
    replay.closeWeeks(through: Self.weekCount)
    flow = replay.flow
    throughput = replay.throughput
    cycleSeconds = replay.cycleSeconds.sorted()
    (aging, agingUnknown) = Self.aging(
      doing: doing, tasks: tasks[entries.count...], lastDoing: replay.lastDoing, today: today)
  }

  /// `tasks`: the DOING cards' task numbers, in board order; -1 for a card whose id is not a UUID.
  private static func aging(doing: Range<Int>, tasks: ArraySlice<Int32>, lastDoing: [Int], today: CalendarDate)
    -> (aging: [Aging], unknown: Int)
  {
    var aging: [Aging] = []
    var unknown = 0
    for (card, task) in zip(doing, tasks) {
      guard task >= 0, lastDoing[Int(task)] != .min else {
        unknown += 1
        continue
      }
      let since = lastDoing[Int(task)]
      aging.append(Aging(card: card, days: max(0, today.daysSinceEpoch - Instant.day(ofSecond: since).day)))
    }
    aging.sort { $0.days != $1.days ? $0.days > $1.days : $0.card < $1.card }
    return (aging, unknown)
  }

  /// The history replayed oldest first, each entry with its task's number (``UUIDTable/numbering(count:key:)``):
  /// what is known of a task is kept in arrays by that number.
  private struct Replay {
    let firstDay: Int
    /// By task: its column's `order`, or -1 when it is not on the board.
    var columns: [Int8]
    var counts = [0, 0, 0]
    var flow: [[Int]] = []
    var throughput = Array(repeating: 0, count: FlowInsights.weekCount)
    /// By task: when it first went into DOING (UTC seconds: a cycle time is a duration) and last went there (on
    /// the wall clock: aging counts days); `Int.min` for never.
    var firstDoing: [Int]
    var lastDoing: [Int]
    var cycleSeconds: [Int] = []

    /// `tasks`: how many task numbers there are.
    init(firstDay: Int, tasks: Int) {
      self.firstDay = firstDay
      columns = Array(repeating: -1, count: tasks)
      firstDoing = Array(repeating: .min, count: tasks)
      lastDoing = Array(repeating: .min, count: tasks)
    }

    /// Records the counts of every week that ended before `week`.
    mutating func closeWeeks(through week: Int) {
      while flow.count < min(week, FlowInsights.weekCount) { flow.append(counts) }
    }

    mutating func apply(_ entry: EntryRecord, task: Int) {
      let day = Instant.day(ofSecond: entry.localSeconds).day
      let week = day < firstDay ? -1 : (day - firstDay) / 7
      closeWeeks(through: week)
      switch entry.action {
      case .added, .moved:
        guard let to = entry.to else { return }
        if columns[task] >= 0 { counts[Int(columns[task])] -= 1 }
        columns[task] = Int8(to.order)
        counts[to.order] += 1
        if to == .doing {
          if firstDoing[task] == .min { firstDoing[task] = entry.utcSeconds }
          lastDoing[task] = entry.localSeconds
        }
        guard entry.action == .moved, to == .done, entry.from != .done, (0..<FlowInsights.weekCount).contains(week)
        else { return }
        throughput[week] += 1
        if firstDoing[task] != .min { cycleSeconds.append(max(0, entry.utcSeconds - firstDoing[task])) }
      case .removed:
        if columns[task] >= 0 { counts[Int(columns[task])] -= 1 }
        columns[task] = -1
      case .edited, .defined:
        return
      }
    }
  }
}
