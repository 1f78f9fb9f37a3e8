import Foundation
import PMBoardMustache
import PMBoardSite
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// A site whose templates are the built-in theme's takes the check made once a process (``BuiltInTheme``); any
/// other template is checked as it is.
@Suite("the built-in theme's check")
struct BuiltInThemeTests {
  /// The built-in theme's check in a build leaves out the HTML check (``BuiltInTheme``): this test is that check,
  /// with nothing at all to report, warnings included.
  @Test func theBuiltInTemplatesAreValidHTML() throws {
    let theme = try Theme.load(
      templatesDir: nil, publicDir: nil, workingDirectory: URL(fileURLWithPath: "/nonexistent"))
    #expect(theme.templates.count >= Theme.pageTemplates.count)
    for (name, file) in theme.templates {
      let parsed = MustacheParser.parse(file.text, file: file.path)
      let problems = HTMLTemplateValidator().validate(
        source: file.text, file: file.path, isPage: Theme.pageTemplates.contains(name), tags: parsed.tags)
      #expect(problems.isEmpty, "\(file.path): \(problems.map(\.description).joined(separator: "; "))")
    }
    let builder = SiteBuilder(
      source: .demo, settings: BuildSettings(), workingDirectory: URL(fileURLWithPath: "/nonexistent"), environment: [:]
    )
    #expect(try builder.checkTheme().fingerprint == TemplateChecker().check(theme).fingerprint)
  }

  /// A template the HTML check refuses is refused by a build whenever a site brings it: only the built-in theme's
  /// own bytes skip the check (which would not have refused this one).
  @Test func aSitesOwnTemplateStillGoesThroughTheHTMLCheck() throws {
    let site = try Self.siteWithACopyOfTheTemplates()
    defer { try? FileManager.default.removeItem(at: site) }
    let path = site.appendingPathComponent("Templates/partials/card.mustache")
    try (Data(contentsOf: path) + Data("<div><span></div>\n".utf8)).write(to: path)
    let builder = SiteBuilder(source: .demo, settings: BuildSettings(), workingDirectory: site, environment: [:])
    #expect(throws: TemplateCheckError.self) { try builder.checkTheme() }
    let theme = try Theme.load(templatesDir: nil, publicDir: nil, workingDirectory: site)
    #expect(throws: Never.self) { try TemplateChecker(validatesHTML: false).check(theme) }
  }

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
