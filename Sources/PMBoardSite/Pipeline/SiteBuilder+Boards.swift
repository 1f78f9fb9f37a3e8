import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardStore

extension SiteBuilder {
  /// One board of a many-board site: its store and its folder under the site (``BuildSettings/BoardEntry``).
  public struct BoardSite: Sendable {
    public var path: String
    public var store: any BoardStore

    public init(path: String, store: any BoardStore) {
      self.path = path
      self.store = store
    }
  }

  /// `pmboard build` with `boards:`: each board's site in its folder, as a one-board build makes it (its locales,
  /// feeds, badges, search index; its pages kept by their fingerprints), through the same steps (``build(site:)``),
  /// board after board into one staging folder; then the root index of the boards (``SiteIndexPage``) and its
  /// assets; then one swap of the whole site. Each board's key (its store's revision in it, read before any board
  /// is loaded) is compared with the last build's: when none changed and the site is intact, the build stops; a
  /// board whose key did not change is not read, its files are kept as they are and its card on the index comes
  /// from the manifest (``SiteManifest/BoardRecord``).
  public func build(boards: [BoardSite]) async throws -> Report {
    try await build(site: boards.map { BoardPlan(source: .store($0.store), path: $0.path) })
  }

  /// Steps 5–6 before any board of many is read: the boards' folders must not be the locales' (nor the root's own,
  /// nor each other's).
  func checkFolders(of boards: [BoardPlan], theme: Result<TemplateChecker.Checked, any Error>) throws {
    let checked = try step("validate templates") { try theme.get() }
    let locales = try step("choose locales") { try chooseLocales(available: Array(checked.catalogs.keys)) }
    let entries = boards.map { BuildSettings.BoardEntry(store: $0.store?.location ?? "", path: $0.path) }
    if let problem = BuildSettings.problem(ofBoards: entries, locales: locales) {
      throw BuildSettingsError(problem)
    }
  }

  /// The index of the boards, from each board's record, with the theme's stylesheet and icon.
  func renderIndex(
    of records: [SiteManifest.BoardRecord], theme: TemplateChecker.Checked, into writer: SiteWriter
  ) throws {
    let locales = try chooseLocales(available: Array(theme.catalogs.keys))
    let page = SiteIndexPage(
      boards: records.compactMap(\.index),
      locales: locales.compactMap { code in theme.catalogs[code].map { (code, $0) } },
      defaultLocale: settings.defaultLocale ?? locales[0])
    try step("render the index of the boards") {
      for (path, html) in page.files() { try writer.write(path, Array(html.utf8)) }
      for name in [SiteAddresses.stylesheet, SiteAddresses.icon] {
        if let file = theme.assets[name] { try writer.write(SiteAddresses.asset(name), [UInt8](file.data)) }
      }
    }
  }

  /// The key of the whole site from its boards' (``buildKey(theme:settings:locales:defaultLocale:info:moment:revision:)``):
  /// a one-board site's is its board's; a many-board site's sums up each board's path and key, in order. Nil when
  /// a board's is unknown (its store cannot tell its revision).
  static func siteKey(_ paths: [String], _ keys: [String?]) -> String? {
    if paths == [""] { return keys.first ?? nil }
    var print = Fingerprint()
    for (path, key) in zip(paths, keys) {
      guard let key else { return nil }
      print.add(path)
      print.add(key)
    }
    return print.hex
  }

  /// The board's own address under the site's: `https://x.org/` and `web` make `https://x.org/web/`.
  static func under(_ baseURL: String, _ path: String) -> String {
    (baseURL.hasSuffix("/") ? baseURL : baseURL + "/") + path + "/"
  }
}

extension SiteManifest.BuildRecord {
  /// Whether the last build built the board at `path` ("" for a one-board site's).
  func built(_ path: String) -> Bool {
    path.isEmpty ? boards == nil : boards?.contains { $0.path == path } == true
  }
}
