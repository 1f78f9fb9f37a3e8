import Foundation
import PMBoardSite
import PMBoardTestSupport
import Testing

/// A site whose templates are the built-in theme's takes the check made once a process (``BuiltInTheme``); any
/// other template is checked as it is.
@Suite("the built-in theme's check")
struct BuiltInThemeTests {
  @Test func aByteForByteCopyOfTheTemplatesIsTheBuiltInTheme() throws {
    let site = try Self.siteWithACopyOfTheTemplates()
    defer { try? FileManager.default.removeItem(at: site) }
    let theme = try Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: site)
    #expect(theme.hasBuiltInTemplates)
    let builder = SiteBuilder(source: .demo, settings: BuildSettings(), workingDirectory: site, environment: [:])
    #expect(try builder.checkTheme().fingerprint == TemplateChecker().check(theme).fingerprint)
  }

  @Test(arguments: ["partials/card.mustache", "locales/ko.yml"])
  func oneChangedByteMakesItTheSitesOwn(file: String) throws {
    let site = try Self.siteWithACopyOfTheTemplates()
    defer { try? FileManager.default.removeItem(at: site) }
    let path = site.appendingPathComponent("Templates/\(file)")
    try (Data(contentsOf: path) + Data(" ".utf8)).write(to: path)
    let theme = try Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: site)
    #expect(!theme.hasBuiltInTemplates)
    let builder = SiteBuilder(source: .demo, settings: BuildSettings(), workingDirectory: site, environment: [:])
    #expect(try builder.checkTheme().fingerprint == TemplateChecker().check(theme).fingerprint)
    let builtIn = try Theme.load(
      templatesDir: nil, publicDir: nil, workingDirectory: URL(fileURLWithPath: "/nonexistent"))
    #expect(try builder.checkTheme().fingerprint != TemplateChecker().check(builtIn).fingerprint)
  }

  @Test func aNewFileMakesItTheSitesOwn() throws {
    let site = try Self.siteWithACopyOfTheTemplates()
    defer { try? FileManager.default.removeItem(at: site) }
    try Data("<p>{{title}}</p>\n".utf8).write(to: site.appendingPathComponent("Templates/partials/extra.mustache"))
    #expect(!(try Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: site).hasBuiltInTemplates))
  }

  @Test func aSitesOwnPublicFilesKeepTheBuiltInCheckButAreItsAssets() throws {
    let site = URL(fileURLWithPath: try TemporaryFolder.make("builtin-public").path, isDirectory: true)
    defer { try? FileManager.default.removeItem(at: site) }
    try FileManager.default.createDirectory(
      at: site.appendingPathComponent("Public"), withIntermediateDirectories: true)
    try Data("body { color: red }\n".utf8).write(to: site.appendingPathComponent("Public/style.css"))
    let builder = SiteBuilder(source: .demo, settings: BuildSettings(), workingDirectory: site, environment: [:])
    let checked = try builder.checkTheme()
    #expect(checked.assets["style.css"]?.data == Data("body { color: red }\n".utf8))
  }

  /// A site folder holding a copy of pmboard's own Templates folder, which the binary embeds.
  static func siteWithACopyOfTheTemplates() throws -> URL {
    let site = URL(fileURLWithPath: try TemporaryFolder.make("builtin-theme").path, isDirectory: true)
    try FileManager.default.copyItem(
      at: Golden.repositoryRoot.appendingPathComponent("Templates"), to: site.appendingPathComponent("Templates"))
    return site
  }
}
