import ArgumentParser
import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardStore

/// Options `build` and `check` share; each overrides the same setting in `pmboard.yml`.
package struct SiteOptions: ParsableArguments {
  package init() {}

  @Option(help: ArgumentHelp("Templates folder overriding the built-in theme file by file.", valueName: "dir"))
  package var templates: String?
  @Option(name: .customLong("public"), help: ArgumentHelp("Static files folder copied to assets/.", valueName: "dir"))
  package var publicDir: String?
  @Option(help: ArgumentHelp("Settings file.", valueName: "file")) var config = "pmboard.yml"

  package func apply(to settings: inout BuildSettings) {
    if let templates { settings.templates = templates }
    if let publicDir { settings.publicDir = publicDir }
  }
}

/// `pmboard build`: the static site.
package struct BuildCommand: AsyncParsableCommand {
  package init() {}

  package static let configuration = CommandConfiguration(
    commandName: "build", abstract: "Build the static board and history site (ko, en, ja).")

  @OptionGroup package var storeOptions: StoreOptions
  @OptionGroup package var siteOptions: SiteOptions
  @Option(help: ArgumentHelp("Output directory.", valueName: "dir")) var out: String?
  @Option(help: ArgumentHelp("Locales to build, comma-separated (default: every catalog).", valueName: "list"))
  package var locales: String?
  @Option(name: .customLong("default-locale"), help: "Locale of the root index.html (default: the first).")
  package var defaultLocale: String?
  @Option(help: ArgumentHelp("Take this date as today (reproducible builds).", valueName: "YYYY-MM-DD"))
  package var today: String?
  @Option(name: .customLong("base-url"), help: "Public URL of the site, for canonical and hreflang links.")
  package var baseURL: String?
  @Flag(help: "Build the built-in demo board instead of a store.") package var demo = false

  package func run() async throws {
    var settings = try BuildSettings.load(file: siteOptions.config)
    siteOptions.apply(to: &settings)
    if let out { settings.out = out }
    if let locales { settings.locales = BuildSettings.splitList(locales) }
    if let defaultLocale { settings.defaultLocale = defaultLocale }
    if let today { settings.today = try TodayOption.parse(today) }
    if let baseURL { settings.baseURL = baseURL }
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
    print(line)
  }
}

/// `pmboard check`: validates templates and catalogs without building.
package struct CheckCommand: AsyncParsableCommand {
  package init() {}

  package static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Validate templates and locale catalogs without building.")

  package enum Format: String, ExpressibleByArgument, CaseIterable {
    case text
    case github
    case json
  }

  @OptionGroup package var siteOptions: SiteOptions
  @Option(help: "How to print problems: text, github (Actions annotations) or json.") var diagnostics: Format = .text

  package func run() async throws {
    var settings = try BuildSettings.load(file: siteOptions.config)
    siteOptions.apply(to: &settings)
    let builder = SiteBuilder(
      source: .demo, settings: settings,
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      environment: ProcessInfo.processInfo.environment)
    do {
      let checked = try builder.checkTheme()
      if diagnostics == .text {
        print("Templates OK: \(checked.templates.names.count) templates, \(checked.catalogs.count) catalogs")
      } else {
        print(DiagnosticPrinter(format: diagnostics).render([]), terminator: "")
      }
    } catch let error as TemplateCheckError {
      print(DiagnosticPrinter(format: diagnostics).render(error.diagnostics), terminator: "")
      throw ExitCode.failure
    }
  }
}

/// Prints diagnostics as compiler lines, GitHub Actions annotations or JSON.
package struct DiagnosticPrinter {
  package var format: CheckCommand.Format

  package func render(_ diagnostics: [Diagnostic]) -> String {
    switch format {
    case .text:
      return diagnostics.map { "\($0)\n" }.joined()
    case .github:
      return diagnostics.map {
        "::\($0.severity.rawValue) file=\($0.file),line=\($0.line),col=\($0.column)::\(escape($0.message))\n"
      }.joined()
    case .json:
      let objects = diagnostics.map {
        "{\"file\": \(jsonString($0.file)), \"line\": \($0.line), \"column\": \($0.column), "
          + "\"severity\": \"\($0.severity.rawValue)\", \"message\": \(jsonString($0.message))}"
      }
      return objects.isEmpty ? "[]\n" : "[\n" + objects.map { "  " + $0 }.joined(separator: ",\n") + "\n]\n"
    }
  }

  private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  private func jsonString(_ text: String) -> String {
    var out: [UInt8] = []
    InterchangeWriter().appendString(text, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
