import ArgumentParser
import Foundation
import PMBoardSite

/// `pmboard check`: validates templates and catalogs without building.
struct CheckCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check", abstract: "Validate templates and locale catalogs without building.")

  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text
    case github
    case json
  }

  @OptionGroup var siteOptions: SiteOptions
  @Option(help: "How to print problems: text, github (Actions annotations) or json.") var diagnostics: Format = .text

  func run() async throws {
    var settings = try BuildSettings.load(file: siteOptions.config)
    siteOptions.apply(to: &settings)
    let builder = SiteBuilder(
      source: .demo, settings: settings,
      workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
      environment: ProcessInfo.processInfo.environment)
    do {
      let checked = try builder.checkTheme()
      if diagnostics == .text {
        try StandardOutput.line(
          "Templates OK: \(checked.templates.names.count) templates, \(checked.catalogs.count) catalogs")
      } else {
        try StandardOutput.write(Data(DiagnosticPrinter(format: diagnostics).render([]).utf8))
      }
    } catch let error as TemplateCheckError {
      try StandardOutput.write(Data(DiagnosticPrinter(format: diagnostics).render(error.diagnostics).utf8))
      throw ExitCode.failure
    }
  }
}
