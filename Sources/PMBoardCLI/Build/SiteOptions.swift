import ArgumentParser
import Foundation
import PMBoardSite

/// Options `build` and `check` share; each overrides the same setting in `pmboard.yml`.
struct SiteOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Templates folder overriding the built-in theme file by file.", valueName: "dir"))
  var templates: String?
  @Option(name: .customLong("public"), help: ArgumentHelp("Static files folder copied to assets/.", valueName: "dir"))
  var publicDir: String?
  @Option(help: ArgumentHelp("Settings file.", valueName: "file")) var config = "pmboard.yml"

  func apply(to settings: inout BuildSettings) {
    if let templates { settings.templates = templates }
    if let publicDir { settings.publicDir = publicDir }
  }
}
