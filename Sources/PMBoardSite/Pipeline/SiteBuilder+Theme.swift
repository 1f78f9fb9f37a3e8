import Foundation
import PMBoardStore

/// Steps 5 and 6, "validate templates" and "choose locales": the theme and the locales of every board of a build.
extension SiteBuilder {
  /// The "validate templates" step alone, for `pmboard check`.
  public func checkTheme() throws -> TemplateChecker.Checked {
    try checkTheme(stores: storeLocations())
  }

  /// The "validate templates" step of a build that reads `stores`: a store inside the public folder would be
  /// published as an asset, and is refused.
  func checkTheme(stores: [String]) throws -> TemplateChecker.Checked {
    for store in stores.isEmpty ? [nil] : stores.map(Optional.some) {
      try Theme.checkPublicFolder(
        settings.publicDir, out: settings.out, store: store, workingDirectory: workingDirectory)
    }
    let theme = try Theme.load(
      templatesDir: settings.templates, publicDir: settings.publicDir, workingDirectory: workingDirectory)
    guard theme.hasBuiltInTemplates else { return try TemplateChecker().check(theme) }
    // The site's public files may still be its own: only the templates and catalogs are checked.
    var checked = try BuiltInTheme.checked.get()
    checked.assets = theme.assets
    return checked
  }

  func chooseLocales(available: [String]) throws -> [String] {
    let preferred = ["ko", "en", "ja"]
    let all = preferred.filter(available.contains) + available.filter { !preferred.contains($0) }.sorted()
    let chosen = settings.locales ?? all
    for code in chosen where !available.contains(code) {
      throw BuildSettingsError(
        "locale `\(code)` has no catalog (Templates/locales/\(code).yml); available: \(all.joined(separator: ", "))")
    }
    guard !chosen.isEmpty else { throw BuildSettingsError("--locales is empty; name at least one locale") }
    if let main = settings.defaultLocale, !chosen.contains(main) {
      throw BuildSettingsError(
        "--default-locale `\(main)` is not one of the built locales (\(chosen.joined(separator: ", ")))")
    }
    return chosen
  }

}
