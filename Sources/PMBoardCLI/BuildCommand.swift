import ArgumentParser
import Foundation
import PMBoardSite

/// `pmboard build`: the static site.
struct BuildCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build", abstract: "Build the static board and history site (ko, en, ja).")

  @OptionGroup var storeOptions: StoreOptions
  @OptionGroup var siteOptions: SiteOptions
  @Option(help: ArgumentHelp("Output directory.", valueName: "dir")) var out: String?
  @Option(help: ArgumentHelp("Locales to build, comma-separated (default: every catalog).", valueName: "list"))
  var locales: String?
  @Option(name: .customLong("default-locale"), help: "Locale of the root index.html (default: the first).")
  var defaultLocale: String?
  @Option(help: ArgumentHelp("Take this date as today (reproducible builds).", valueName: "YYYY-MM-DD"))
  var today: String?
  @Option(name: .customLong("base-url"), help: "Public URL of the site, for canonical and hreflang links.")
  var baseURL: String?
  @Flag(help: "Build the built-in demo board instead of a store.") package var demo = false
  @Option(name: .customLong("publish-bodies"), help: ArgumentHelp("Task bodies: show or hide.", valueName: "show|hide"))
  var publishBodies: String?
  @Option(
    name: .customLong("publish-states"),
    help: ArgumentHelp("Columns to publish, comma-separated (default: all).", valueName: "list"))
  var publishStates: String?
  @Option(
    name: .customLong("publish-history"),
    help: ArgumentHelp("History: full, titles (published tasks, no edit details) or off.", valueName: "mode"))
  var publishHistory: String?
  @Option(
    name: .customLong("publish-feeds"),
    help: ArgumentHelp("calendar.ics, history.atom, board.json and badges: on or off.", valueName: "on|off"))
  var publishFeeds: String?

  func run() async throws {
    var settings = try BuildSettings.load(file: siteOptions.config)
    siteOptions.apply(to: &settings)
    if let out { settings.out = out }
    if let locales { settings.locales = BuildSettings.splitList(locales) }
    if let defaultLocale { settings.defaultLocale = defaultLocale }
    if let today { settings.today = try TodayOption.parse(today) }
    if let baseURL { settings.baseURL = baseURL }
    try applyPublishFlags(to: &settings.publish)
    let source: SiteBuilder.Source = demo ? .demo : .store(try storeOptions.open(configured: settings.store))
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let report = try await SiteBuilder(
      source: source, settings: settings, workingDirectory: cwd, environment: ProcessInfo.processInfo.environment
    )
    .build()
    let summary = report.summary
    var line = "Built \(report.out)/: \(report.locales.joined(separator: ", ")), \(report.tasks) tasks, "
    line += "\(report.historyEntries) history entries, \(summary.files) files"
    line +=
      summary.changed == 0 && summary.removed == 0
      ? " — nothing changed, no file rewritten" : ", \(summary.changed) changed"
    if summary.removed > 0 { line += ", \(summary.removed) removed" }
    if !summary.kept.isEmpty { line += "; kept \(summary.kept.count) files pmboard did not make" }
    try StandardOutput.line(TerminalText.oneLine(line))
    for warning in report.warnings {
      FileHandle.standardError.write(Data("warning: \(TerminalText.oneLine(warning))\n".utf8))
    }
  }

  /// The `--publish-…` flags over `publish:` in pmboard.yml, setting by setting.
  private func applyPublishFlags(to policy: inout PublishPolicy) throws(PublishPolicyError) {
    let flags = [
      ("bodies", publishBodies), ("states", publishStates), ("history", publishHistory), ("feeds", publishFeeds),
    ]
    for case (let key, let value?) in flags {
      do {
        try policy.set(key, value)
      } catch {
        throw PublishPolicyError("--publish-\(key): \(error.message)")
      }
    }
  }
}
