import Foundation
import PMBoardCore

/// The words every page of one locale shares: "as of", the summary (whole, and split around its overdue number so
/// the live-dates script can replace the number), and the offline note.
struct PageWords: Sendable {
  var overdueCount: Int
  var asOf: String
  var asOfISO: String
  var summary: String
  var summaryHead: String
  var summaryTail: String
  var offline: String?

  init(formatter: LocaleFormatter, snapshot: BoardSnapshot, moment: BuildMoment, overdueCount: Int) {
    self.overdueCount = overdueCount
    let when = moment.asOf.map(formatter.timestamp) ?? formatter.longDate(moment.today)
    asOf = formatter.message("board.as_of", ["when": when])
    asOfISO = moment.asOf.map(Instant.format) ?? moment.today.description
    let values = ["total": String(snapshot.taskCount), "overdue": String(overdueCount)]
    summary = formatter.message("board.summary", values)
    let marker = "\u{1}"
    let parts = formatter.message("board.summary", values.merging(["overdue": marker]) { $1 }).components(
      separatedBy: marker)
    (summaryHead, summaryTail) = parts.count == 2 ? (parts[0], parts[1]) : (summary, "")
    offline = moment.offline.map { copy in
      copy.lastSync.map { formatter.message("board.offline", ["when": formatter.timestamp($0)]) }
        ?? formatter.message("board.offline_never", [:])
    }
  }
}
