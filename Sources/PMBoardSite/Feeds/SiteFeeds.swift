import Foundation
import PMBoardBytes
import PMBoardCore

/// The feeds, rendered with the pages: the site's files for subscribers and machines, made from the same (already
/// redacted) board as the pages: per locale `calendar.ics` (the default locale's also at the root, a hard link to
/// the same file) and `history.atom`, and at the root `board.json` and `badges/*.svg`. Plain Swift writes them,
/// not Mustache: none of them is HTML.
public struct SiteFeeds: Sendable {
  public var snapshot: BoardSnapshot
  public var tables: BoardTables
  public var catalogs: [String: LocaleCatalog]
  public var locales: [String]
  public var defaultLocale: String
  public var moment: BuildMoment
  public var policy: PublishPolicy
  /// Work-in-progress limits by column (`wip-limits`): in board.json and a badge per limited column.
  public var wipLimits: [Int?] = [nil, nil, nil]
  /// Where the board's files are.
  public var addresses = SiteAddresses()
  /// Which open tasks the calendars list (`calendar:`).
  public var calendarWindow = CalendarWindow.standard
  /// Whether the site has task pages (`task-pages`), which the feeds link; else a card on its column's page.
  public var taskPages = true
  /// Without task pages, the columns cut into pages (``SiteRenderer/pagedCardLinks()``): the feeds link each
  /// card on its own page.
  public var pagedLinks: ColumnPages?
  /// Where the prints of the feeds a rebuild may keep start (``SiteRenderer/keptPageFingerprint``); nil: every feed
  /// is made.
  public var keptPrint: Fingerprint?
  /// Seconds since 1970 of the board's last change: the calendar's DTSTAMP and an empty feed's `updated`.
  public var lastChange: Int
  private let links: FeedLinks

  public init(
    snapshot: BoardSnapshot, tables: BoardTables, catalogs: [String: LocaleCatalog], locales: [String],
    defaultLocale: String, moment: BuildMoment, baseURL: String?, policy: PublishPolicy, lastChange: Int64?
  ) {
    self.snapshot = snapshot
    self.tables = tables
    self.catalogs = catalogs
    self.locales = locales.filter { catalogs[$0] != nil }
    self.defaultLocale = defaultLocale
    self.moment = moment
    self.policy = policy
    // Without any history, the as-of instant, else today's start in UTC: never the clock, so builds reproduce.
    self.lastChange =
      lastChange.map(Int.init) ?? moment.asOf.map(Instant.seconds) ?? moment.today.daysSinceEpoch * 86_400
    links = FeedLinks(baseURL: baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" })
  }

  /// What the build should say about the feeds: one line when their links cannot be absolute.
  public var warnings: [String] {
    Self.warnings(policy: policy, baseURL: links.baseURL)
  }

  static func warnings(policy: PublishPolicy, baseURL: String?) -> [String] {
    guard policy.feeds, baseURL == nil else { return [] }
    return [baseURLWarning]
  }

  /// The warning a site with feeds and no `--base-url` gets; the command line gives it where the site is published
  /// (``BuildWarnings``), not on every local build.
  public static let baseURLWarning =
    "feeds need --base-url for absolute links; calendar.ics, history.atom and board.json use relative links"

  /// Every feed file as a job for the builder's workers, heaviest first; none when `publish: feeds: off`. Weights
  /// are in the pages' units (a card on a board page is 12): an event costs about 4 for its shared lines and 4
  /// per calendar, a task in board.json 5, in the change feeds' lookup 1.
  public func jobs() -> [SiteRenderer.Job] {
    guard policy.feeds else { return [] }
    var jobs: [SiteRenderer.Job] = []
    let openCards = tables.columnStarts[TaskState.doing.order + 1] - tables.columnStarts[TaskState.todo.order]
    let zone = snapshot.info.timeZone
    let stamps = CalendarFeed.eventStamps(tables: tables, window: calendarWindow, today: moment.today.daysSinceEpoch)
    let calendar = CalendarFeed(
      tables: tables, info: snapshot.info, links: links, window: calendarWindow,
      today: moment.today, taskPages: taskPages, pagedLinks: pagedLinks, stamps: stamps)
    // One job writes every locale's calendar: they share all but their summaries, made once per event.
    let calendarLocales = locales.compactMap { code in
      catalogs[code].map { (code: code, formatter: LocaleFormatter(catalog: $0, timeZone: zone)) }
    }
    let addresses = addresses
    let calendarPaths = calendarLocales.map { addresses.inLocale($0.code, SiteAddresses.calendar) }
    let rootCalendar = addresses.atRoot(SiteAddresses.rootCalendar)
    jobs.append(
      SiteRenderer.Job(path: rootCalendar, weight: openCards * (4 + 4 * calendarLocales.count)) { writer in
        try writer.write(calendarPaths) { emit in calendar.render(calendarLocales, emit: emit) }
        // The root's is the same file as the default locale's: a hard link, where a copy cost as much as
        // writing it again.
        if calendarLocales.contains(where: { $0.code == defaultLocale }) {
          try writer.link(rootCalendar, sameAs: addresses.inLocale(defaultLocale, SiteAddresses.calendar))
        }
      })
    if policy.history != .off {
      // One job for every locale's change feed: which of its entries' tasks are on the board is looked up once,
      // in a scan of every task that is better done by a worker than before the workers start.
      let (snapshot, links, lastChange) = (snapshot, links, lastChange)
      jobs.append(
        SiteRenderer.Job(
          path: addresses.atRoot(SiteAddresses.changeFeed), weight: tables.cards.count + AtomFeed.size * 4
        ) { writer in
          var atom = AtomFeed(snapshot: snapshot, links: links, stampSeconds: lastChange)
          atom.taskPages = taskPages
          atom.pageFiles = pagedLinks?.files(ofTasks: atom.onBoard.keys, tables: tables) ?? [:]
          for (code, formatter) in calendarLocales {
            try writer.write(
              addresses.inLocale(code, SiteAddresses.changeFeed), atom.render(code: code, formatter: formatter))
          }
        })
    }
    jobs += nameFeedJobs(calendarLocales, stamps: stamps)
    let json = BoardJSON(
      tables: tables, info: snapshot.info, moment: moment, policy: policy, links: links, locale: defaultLocale,
      wipLimits: wipLimits, taskPages: taskPages, pagedLinks: pagedLinks)
    jobs += boardJSONJobs(json)
    for (name, badge) in badges() {
      jobs.append(
        SiteRenderer.Job(path: addresses.atRoot(SiteAddresses.badge(name)), weight: 1) {
          try $0.write(addresses.atRoot(SiteAddresses.badge(name)), badge.svg())
        })
    }
    return jobs.sorted { $0.weight > $1.weight }
  }

  /// `board.json`: one job, or above ``BoardJSON/pieceLimit`` tasks one for the document and one a piece, so that
  /// the pieces render on every core and each is compared with the last build's on its own.
  private func boardJSONJobs(_ json: BoardJSON) -> [SiteRenderer.Job] {
    let path = addresses.atRoot(SiteAddresses.boardJSON)
    guard let digits = BoardJSON.pieceDigits(count: tables.cards.count) else {
      return [
        SiteRenderer.Job(path: path, weight: tables.cards.count * 5) { writer in
          try writer.write(path) { emit in json.render(emit: emit) }
        }
      ]
    }
    let pieces = json.pieces(digits: digits)
    let addresses = addresses
    return [
      SiteRenderer.Job(path: path, weight: 5) { try $0.write(path) { emit in json.render(pieces: pieces, emit: emit) } }
    ]
      + pieces.map { piece in
        let piecePath = addresses.atRoot(piece.path)
        let feeds = self
        return SiteRenderer.Job(path: piecePath, weight: piece.cards.count * 5) { writer in
          // A piece whose cards are the last build's, as they show and in the same order, is kept unmade.
          let print = feeds.keptPrint.map { site in
            var print = site
            print.add("board.json \(piece.path)")
            for card in piece.cards { print.add(word: feeds.linkedCardPrint(card)) }
            print.add(piece.cards.count)
            return print.value
          }
          if let print {
            let reused = writer.reuse(piecePath, fingerprint: print)
            writer.keep(fingerprint: print, for: piecePath)
            if reused { return }
          }
          try writer.write(piecePath) { emit in json.render(piece: piece, digits: digits, emit: emit) }
        }
      }
  }

  /// Card `card`'s print (``BoardTables/cardPrints``: its text, column, due day and flags, names and values) with
  /// the page its link leads to when the columns are cut into pages, as a feed shows the card.
  func linkedCardPrint(_ card: Int) -> UInt64 {
    pagedLinks.map { $0.linkedPrint(tables.cardPrints[card], ofCard: card) } ?? tables.cardPrints[card]
  }

  /// A calendar and a change feed per label and per person, beside its page (`<code>/labels/<slug>.ics`, `.atom`):
  /// each in every locale, of that name's tasks only.
  private func nameFeedJobs(
    _ locales: [(code: String, formatter: LocaleFormatter)], stamps: [Int]
  ) -> [SiteRenderer.Job] {
    let names = tables.cardNames
    guard !names.names.isEmpty else { return [] }
    let down = links.oneFolderDown
    let calendar = CalendarFeed(
      tables: tables, info: snapshot.info, links: down, window: calendarWindow,
      today: moment.today, taskPages: taskPages, pagedLinks: pagedLinks, stamps: stamps)
    let (snapshot, lastChange, history) = (snapshot, lastChange, policy.history)
    let (cardKeys, cards, entries) = (tables.cardKeys, tables.cards, tables.entries)
    // Each name's calendar's print, so that a rebuild makes only the calendars whose events changed.
    let prints = keptPrint.map { site in
      calendar.namePrints(site: site, cardPrint: linkedCardPrint)
    }
    // The calendars in passes of up to 64 names, each pass making its events once per locale.
    let passes = stride(from: 0, to: names.names.count, by: CalendarFeed.namesPerPass).map {
      Array($0..<min($0 + CalendarFeed.namesPerPass, names.names.count))
    }
    var jobs = passes.map { pass in
      let paths = pass.flatMap { name in
        locales.map {
          addresses.inLocale($0.code, SiteAddresses.nameCalendar(names.bytes.string(names.names[name].path)))
        }
      }
      let weight = pass.reduce(0) { $0 + names.names[$1].cards.count } * (4 + 4 * locales.count) + 50 * pass.count
      return SiteRenderer.Job(path: paths[0], weight: weight) { writer in
        try Self.writeNameCalendars(pass, paths: paths, prints: prints, locales: locales, calendar, to: writer)
      }
    }
    guard history != .off else { return jobs }
    // Every name's change feed in one job: which entries are each name's is found in one walk of the history.
    jobs.append(
      SiteRenderer.Job(path: addresses.atRoot("labels.atom"), weight: cards.count) { writer in
        let newest = AtomFeed.newestEntries(of: names, cardKeys: cardKeys, entries: entries)
        let twins = AtomFeed.twinNumbers(of: snapshot.history)
        let states = AtomFeed.states(of: newest, in: snapshot)
        let pageFiles = pagedLinks?.files(ofTasks: states.keys, tables: tables) ?? [:]
        // An entry reads the same in every name's feed of a locale: made once, then copied.
        var made = [[Int: String]](repeating: [:], count: locales.count)
        for (index, name) in names.names.enumerated() {
          let path = names.bytes.string(name.path)
          var atom = AtomFeed(
            snapshot: snapshot, links: down, stampSeconds: lastChange, newest: newest[index], twins: twins,
            states: states)
          (atom.path, atom.name, atom.taskPages, atom.pageFiles) = (
            SiteAddresses.nameFeed(path), names.bytes.string(name.text), taskPages, pageFiles
          )
          for (place, (code, formatter)) in locales.enumerated() {
            try writer.write(
              addresses.inLocale(code, SiteAddresses.nameFeed(path)),
              atom.render(code: code, formatter: formatter, reusing: &made[place]))
          }
        }
      })
    return jobs
  }

  /// The calendars of the names `pass` in every locale (`paths`: name by name, a locale each), but those the last
  /// build left as they are now, by their `prints` (``CalendarFeed/namePrints(site:cardPrint:)``), which are kept.
  private static func writeNameCalendars(
    _ pass: [Int], paths: [String], prints: [UInt64]?, locales: [(code: String, formatter: LocaleFormatter)],
    _ calendar: CalendarFeed, to writer: SiteWriter
  ) throws {
    var reused = paths.map { _ in false }
    if let prints {
      let filePrints = pass.flatMap { name in locales.map { _ in prints[name] } }
      reused = writer.reuse(paths, fingerprints: filePrints)
      for (path, print) in zip(paths, filePrints) { writer.keep(fingerprint: print, for: path) }
    }
    let count = locales.count
    let chosen = pass.indices.filter { place in (0..<count).contains { !reused[place * count + $0] } }
    guard !chosen.isEmpty else { return }
    // Of the chosen names' files, those not reused, numbered as `write` takes them.
    var target = [Int?](repeating: nil, count: chosen.count * count)
    var written: [String] = []
    for (position, place) in chosen.enumerated() {
      for locale in 0..<count where !reused[place * count + locale] {
        target[position * count + locale] = written.count
        written.append(paths[place * count + locale])
      }
    }
    try writer.write(written) { emit in
      calendar.renderNames(locales, names: chosen.map { pass[$0] }) { file, bytes in
        if let file = target[file] { emit(file, bytes) }
      }
    }
  }

  /// The badges of the published board: a count of a left-out column would tell what the policy hides.
  func badges() -> [(String, Badge)] {
    func count(_ state: TaskState) -> Int { tables.columnStarts[state.order + 1] - tables.columnStarts[state.order] }
    var badges: [(String, Badge)] = []
    if policy.states.contains(.todo) || policy.states.contains(.doing) {
      badges.append(("open", Badge(label: "open", value: String(count(.todo) + count(.doing)), color: Badge.blue)))
    }
    let overdue = tables.overdueCount
    badges.append(
      ("overdue", Badge(label: "overdue", value: String(overdue), color: overdue > 0 ? Badge.red : Badge.green)))
    if policy.states.contains(.done) {
      badges.append(("done", Badge(label: "done", value: String(count(.done)), color: Badge.green)))
    }
    // `wip-doing.svg`: "doing 7/5", red when the column holds more than its limit.
    for state in policy.stateList {
      guard let limit = wipLimits[state.order] else { continue }
      let color = count(state) > limit ? Badge.red : Badge.green
      badges.append(
        ("wip-\(state.rawValue)", Badge(label: state.rawValue, value: "\(count(state))/\(limit)", color: color)))
    }
    return badges
  }
}
