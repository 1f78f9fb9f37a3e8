import Foundation
import PMBoardCore
import PMBoardStore
import Synchronization

/// Step 2, "load the store": the board and the tables made from it while it loads.
extension SiteBuilder {
  /// The board, its tables (prepared while the store reads, see ``SnapshotHandlers``), the build's moment, and
  /// the check of its text when the handlers made it (each half checked on its reader's thread while the other
  /// half still loads). Without `prepare` (the publish policy cuts the board first) the tables are left to be
  /// made after. With `dressingEveryCard` (a build with no last site, which renders every page) every card's
  /// dress is made with the tables; otherwise each as a page that shows it is rendered (``CardDresses``).
  func loadBoard(
    now: Date, prepare: Bool, dressingEveryCard: Bool = true
  ) async throws -> (BoardSnapshot, BoardTables?, BuildMoment, Result<Void, BuildSettingsError>?) {
    switch source {
    case .store(let store) where !prepare:
      let snapshot = try await store.snapshot()
      return (snapshot, nil, moment(for: snapshot.info, now: now), nil)
    case .store(let store):
      let halves = PreparedHalves()
      let snapshot = try await store.snapshot(
        handlers: SnapshotHandlers(
          tasks: { info, tasks in
            let moment = moment(for: info, now: now)
            let (cards, problem) = CardTables.checked(
              tasks: tasks, fields: info.fields, today: moment.today, cutsExcerpts: settings.taskPages,
              dressingEveryCard: dressingEveryCard, orderBy: settings.orderBy)
            halves.state.withLock { $0.cards = (cards, moment, problem) }
          },
          history: { info, history in
            let (tables, problem) = HistoryTables.checked(history: history, zone: info.timeZone)
            halves.state.withLock { $0.history = (tables, problem) }
          }))
      let (cards, history) = halves.state.withLock { ($0.cards, $0.history) }
      guard let cards, let history else { return tables(of: snapshot, now: now) }
      // A task's problem is named first, as the one to fix.
      let checked = (cards.problem ?? history.problem).map { Result<Void, BuildSettingsError>.failure($0) }
      return (
        snapshot, BoardTables(cards: cards.tables, history: history.tables), cards.moment, checked ?? .success(())
      )
    case .demo:
      // Anchored to --today when given, so demo builds are reproducible like store builds.
      let pinned = settings.today.map { Date(timeIntervalSince1970: Double($0.daysSinceEpoch * 86_400 + 3 * 3600)) }
      let demo = BoardSnapshot(
        DemoBoard.make(info: BoardInfo(title: DemoBoard.title, timeZoneID: "Asia/Seoul"), now: pinned ?? now))
      guard prepare else { return (demo, nil, moment(for: demo.info, now: now), nil) }
      return tables(of: demo, now: now)
    }
  }

  /// The tables made from a whole snapshot, for a board whose store did not hand its halves over.
  private func tables(
    of snapshot: BoardSnapshot, now: Date
  ) -> (BoardSnapshot, BoardTables?, BuildMoment, Result<Void, BuildSettingsError>?) {
    let moment = moment(for: snapshot.info, now: now)
    let tables = BoardTables(
      snapshot: snapshot, today: moment.today, cutsExcerpts: settings.taskPages, orderBy: settings.orderBy)
    return (snapshot, tables, moment, nil)
  }

  func moment(for info: BoardInfo, now: Date) -> BuildMoment {
    BuildMoment(info: info, now: now, pinnedToday: settings.today, environment: environment, offline: settings.offline)
  }

}

/// The two halves of a build's tables as the store's readers finish them.
private final class PreparedHalves: Sendable {
  typealias Cards = (tables: CardTables, moment: BuildMoment, problem: BuildSettingsError?)
  let state = Mutex<(cards: Cards?, history: (tables: HistoryTables, problem: BuildSettingsError?)?)>((nil, nil))
}
