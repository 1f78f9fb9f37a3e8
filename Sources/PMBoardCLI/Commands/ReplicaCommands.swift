import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardStore

/// `pmboard clone`: a local SQLite replica of a remote board.
struct CloneCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "clone", abstract: "Make a local replica of a PostgreSQL board, to use offline and sync.",
    discussion: """
      The replica is an SQLite store: every command works on it without the network, and `pmboard sync` pushes \
      its changes and pulls the remote's. A password in the URL is not kept: put it in ~/.pgpass or PGPASSWORD.
      """)

  @Argument(help: "The remote board: postgres://…[?board=NAME].") var url: String
  @Argument(help: "Where the replica goes.") var path: String = StoreLocator.defaultPath

  func run() async throws {
    guard PostgresURL.isPostgres(url) else { throw CommandError("clone: \(url) is not a postgres:// URL") }
    guard ["sqlite", "db"].contains((path as NSString).pathExtension.lowercased()) else {
      throw CommandError("clone: a replica is an SQLite store; name it *.sqlite or *.db")
    }
    let remote = try PostgresBoardStore(url: url)
    let replica = try await SQLiteBoardStore.clone(remote, to: path, at: BoardClock.now())
    let board = try await replica.load()
    try StandardOutput.recorded(
      "cloned \(remote.location) into \(path)",
      line: TerminalText.oneLine(
        "Cloned \(remote.location) into \(path): \(Plural.tasks(board.tasks.count)), \(Plural.historyEntries(board.history.count))"
      ))
  }
}

/// `pmboard sync`: pushes a replica's changes and pulls the remote's.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: "Push this replica's changes to its remote board and pull the remote's.")

  @OptionGroup var storeOptions: StoreOptions

  func run() async throws {
    let (replica, remote) = try await Replica.open(storeOptions)
    let summary = try await replica.sync(with: remote, at: BoardClock.now())
    try StandardOutput.recorded("synced with \(remote.location)", line: Replica.report(summary, remote: remote))
  }
}

/// `pmboard status`: which store, and for a replica its remote and what is not pushed.
struct StatusCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status", abstract: "Show the store, and for a replica its remote, unpushed changes and last sync.")

  @OptionGroup var storeOptions: StoreOptions
  @Flag(help: "Print the status as JSON.") var json = false

  func run() async throws {
    let store = try storeOptions.open()
    guard let sqlite = store as? SQLiteBoardStore, let state = try await sqlite.replicaState() else {
      let problem = try await Replica.problem(store)
      if json { return try StandardOutput.write(StoreStatus(store: store.location, problem: problem).json()) }
      let line = "\(store.location): not a replica; \(Replica.answers(problem: problem))"
      return try StandardOutput.line(TerminalText.oneLine(line))
    }
    let info = try await store.info()
    let remote = try PostgresBoardStore(url: state.remote)
    let remoteProblem = try await Replica.problem(remote)
    if json {
      var status = StoreStatus(store: store.location, problem: nil)
      status.replica = StoreStatus.Replica(
        remote: remote.location, remoteAnswers: remoteProblem == nil, remoteProblem: remoteProblem,
        notPushed: state.pendingCount, lastSync: state.lastSync.map(Instant.format))
      return try StandardOutput.write(status.json())
    }
    var lines = ["\(store.location): replica of \(remote.location)"]
    lines.append("remote: \(Replica.answers(problem: remoteProblem))")
    lines.append("not pushed: \(Plural.count(state.pendingCount, "change"))")
    lines.append("last sync: \(state.lastSync.map { Replica.localTime($0, info: info) } ?? "never")")
    try StandardOutput.write(Data(lines.map { TerminalText.oneLine($0) + "\n" }.joined().utf8))
  }
}

/// What the replica commands share.
enum Replica {
  /// The replica `--store` names and its remote.
  static func open(_ options: StoreOptions) async throws -> (SQLiteBoardStore, PostgresBoardStore) {
    let store = try options.open()
    guard let replica = store as? SQLiteBoardStore, let state = try await replica.replicaState() else {
      throw StoreError.notAReplica(path: store.location)
    }
    return (replica, try PostgresBoardStore(url: state.remote))
  }

  static func describe(_ summary: SyncSummary) -> String {
    var text = "pushed \(summary.pushed), pulled \(summary.pulled)"
    if summary.merged + summary.lost > 0 {
      text += " (\(summary.merged) merged with concurrent changes, \(summary.lost) not applied: removed elsewhere)"
    }
    return text
  }

  /// What `sync` (and `build --sync`) prints: the summary line, then one line for each undo or redo the remote did
  /// not apply, worded like an undo refused in any store, so whoever made it knows it did not take effect.
  static func report(_ summary: SyncSummary, remote: PostgresBoardStore) -> String {
    let refusals = summary.changedSince.map { refused in
      let id = refused.entry.taskID.lowercaseString
      let sentence = ChangeSummary.sentence(refused.entry)
      return "\(refused.kind.rawValue) not applied: task \(id) has changed since (\(sentence))"
    }
    let lines = ["Synced with \(remote.location): \(describe(summary))"] + refusals
    return lines.map { TerminalText.oneLine($0) }.joined(separator: "\n")
  }

  /// "answers", or "does not answer: why" for a store's ``problem(_:)``.
  static func answers(problem: String?) -> String {
    problem.map { "does not answer: \($0)" } ?? "answers"
  }

  /// Why `store` does not answer when asked for its settings; nil when it does.
  static func problem(_ store: any BoardStore) async throws -> String? {
    do {
      _ = try await store.info()
      return nil
    } catch let error as StoreError {
      return error.description
    }
  }

  static func localTime(_ date: Date, info: BoardInfo) -> String {
    let zone = info.timeZone
    var clock = WallClock(zone: zone)
    let local = clock.localSeconds(utc: Int(Instant.seconds(date)))
    let day = Instant.day(ofSecond: local)
    let minutes = day.secondOfDay / 60
    let time = String(format: "%02d:%02d", minutes / 60, minutes % 60)
    return "\(CalendarDate(daysSinceEpoch: day.day)) \(time) (\(info.timeZoneID))"
  }
}
