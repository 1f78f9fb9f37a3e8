import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore

/// The rebuild that finds nothing to do. A build's key sums up everything its site depends on: the theme (with its
/// public files), every setting, the store's revision, the day and the "as of" moment. The manifest keeps it; a
/// later build with the same key, over a site whose folders are as that build left them, stops before reading the
/// board. Only stores that can tell their revision cheaply take the shortcut (``BoardStore/revision()``).
extension SiteBuilder {
  /// The key of a build of the board at `revision`, without its counts.
  static func buildKey(
    theme: TemplateChecker.Checked, settings: BuildSettings, locales: [String], defaultLocale: String,
    info: BoardInfo, moment: BuildMoment, revision: String
  ) -> String {
    var print = siteFingerprint(
      theme: theme, pageSettings: PageSettings(settings), locales: locales, defaultLocale: defaultLocale, info: info,
      moment: moment)
    for (name, file) in theme.assets.sorted(by: { $0.key < $1.key }) {
      print.add(name)
      print.add(bytes: file.data)
      print.add(file.data.count)
    }
    print.add(settingsKey(settings))
    print.add(revision)
    print.add(moment.today.description)
    print.add(moment.asOf.map { "\($0.timeIntervalSince1970)" } ?? "no as-of")
    return print.hex
  }

  /// Every setting as text (``StableDescription``): a setting added to ``BuildSettings`` joins the key with no
  /// list to update.
  static func settingsKey(_ settings: BuildSettings) -> String { StableDescription.of(settings) }

  /// The site at `--out` (its real path) and the key its last build left; nil when it has none (a build that
  /// cannot be skipped).
  func lastBuild() -> (site: String, record: SiteManifest.BuildRecord)? {
    let out = URL(fileURLWithPath: settings.out, relativeTo: workingDirectory).standardizedFileURL
    guard let site = try? SiteWriter.resolveLinks(out.path), let record = SiteManifest.key(ofSite: site) else {
      return nil
    }
    return (site, record)
  }

  /// A board's store revision and build key, read before the board is loaded.
  struct BoardKey: Sendable {
    var revision: String?
    var key: String?
  }

  /// Each board's revision and key, read before any board is loaded; without a last build to compare with
  /// (`comparing` false) none is read: the revision then comes with the board (``BoardSnapshot/revision``), read
  /// in the same transaction. A store that cannot tell its revision has neither; without the templates (`theme`,
  /// nil when they fail) there is no key.
  func lastKeys(of boards: [BoardPlan], comparing: Bool, theme: TemplateChecker.Checked?, now: Date) async
    -> [BoardKey]
  {
    var keys: [BoardKey] = []
    for board in boards {
      guard comparing, let store = board.store, let revision = try? await store.revision() else {
        keys.append(BoardKey())
        continue
      }
      guard let theme, let info = try? await store.info(),
        let locales = try? chooseLocales(available: Array(theme.catalogs.keys))
      else {
        keys.append(BoardKey(revision: revision))
        continue
      }
      let key = Self.buildKey(
        theme: theme, settings: settings, locales: locales, defaultLocale: settings.defaultLocale ?? locales[0],
        info: info, moment: moment(for: info, now: now), revision: revision)
      keys.append(BoardKey(revision: revision, key: key))
    }
    return keys
  }

  /// The report of a build whose site is already this build's: every board's key (`keys`) is the `last` build's;
  /// nil when the build has to run.
  func unchangedSite(
    _ boards: [BoardPlan], keys: [BoardKey], last: (site: String, record: SiteManifest.BuildRecord),
    theme: TemplateChecker.Checked
  ) -> Report? {
    guard let key = Self.siteKey(boards.map(\.path), keys.map(\.key)), last.record.key == key,
      let locales = try? chooseLocales(available: Array(theme.catalogs.keys))
    else { return nil }
    return unchangedReport(
      site: last.site, found: last.record, stores: boards.compactMap(\.store?.location), locales: locales)
  }

  /// The report of a build that stops because its key is the last build's (`found`): nil when a folder of the site
  /// changed since, or when one of `stores` is reachable through the user's files (the build that runs instead
  /// refuses it).
  func unchangedReport(
    site: String, found: SiteManifest.BuildRecord, stores: [String], locales: [String]
  ) -> Report? {
    // Folders only, no page: a page edited in place keeps its folder's time (`build --verify` finds it).
    guard let record = SiteFolders.intact(site: site) else { return nil }
    let kept = record.byPath.flatMap { folder, entry in
      entry.userFiles.map { folder.isEmpty ? $0 : folder + "/" + $0 }
    }
    let reachable = stores.contains { store in
      SiteWriter.storeIsReachable(store, site: site, userFiles: kept, workingDirectory: workingDirectory)
    }
    guard !reachable else { return nil }
    return Report(
      out: settings.out,
      summary: SiteWriter.Summary(files: found.files, changed: 0, removed: 0, bytes: 0, kept: kept.sorted()),
      locales: locales, tasks: found.tasks, historyEntries: found.historyEntries,
      warnings: ((try? checkOutFolder(stores: stores)) ?? [])
        + SiteFeeds.warnings(policy: settings.publish, baseURL: settings.baseURL))
  }
}

extension SiteFolders {
  /// The record of the site at `site` when every folder it lists is still as the last build left it (no page
  /// deleted, nothing added); nil otherwise or when there is no record.
  static func intact(site: String) -> SiteFolders? {
    let record = SiteFolders(contentsOf: SiteWriter.foldersRecordPath(site: site))
    guard !record.byPath.isEmpty else { return nil }
    for (folder, entry) in record.byPath {
      guard Stamp(folder: folder.isEmpty ? site : site + "/" + folder) == entry.stamp else { return nil }
    }
    return record
  }
}
