import Foundation
import PMBoardBytes
import PMBoardCore

/// The root of a many-board site (`boards:`): `index.html` in the default locale and `<code>/index.html` in each,
/// a card per board with its title (linking its board page in the same locale), its columns' counts, overdue and
/// due soon, its last change and its badges. Made in Swift from the locale's catalog (`boards.*`), with the
/// theme's stylesheet; a board's own pages are its theme's templates as ever.
struct SiteIndexPage {
  /// What the index shows of one board; a many-board site's manifest keeps it, so that a board whose key did not
  /// change is not read again (``SiteManifest/BoardRecord``): a property added here is kept with it.
  struct Board: Sendable, Codable, Equatable {
    var path: String
    var title: String
    /// By column (`TaskState.order`); nil for a column the board does not publish.
    var counts: [Int?]
    var overdue: Int
    var dueSoon: Int?
    /// Seconds since 1970 of its last published change.
    var lastChange: Int64?
    /// Its badges' files (`open`, `overdue`, …) and what each says ("open 12"), for the image's text.
    var badges: [Badge]
    var zone: TimeZone
  }

  /// A badge's file name (`open`) and what it says ("open 12").
  struct Badge: Sendable, Codable, Equatable {
    var name: String
    var text: String
  }

  var boards: [Board]
  var locales: [(code: String, catalog: LocaleCatalog)]
  var defaultLocale: String

  /// The files: the root `index.html` and each locale's, by path from the site's folder.
  func files() -> [(path: String, html: String)] {
    var files: [(String, String)] = []
    for (code, catalog) in locales {
      files.append((SiteAddresses.locale(code, SiteAddresses.board), html(code: code, catalog: catalog, root: "../")))
      if code == defaultLocale { files.append((SiteAddresses.rootIndex, html(code: code, catalog: catalog, root: ""))) }
    }
    return files
  }

  func html(code: String, catalog: LocaleCatalog, root: String) -> String {
    func e(_ text: String) -> String { HTMLEscaper.escaped(text) }
    let heading = catalog.string("boards.heading")
    var out = """
      <!DOCTYPE html>
      <html lang="\(e(code))" dir="\(e(catalog.string("locale.direction")))">
      <head>
      <meta charset="utf-8">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(e(heading))</title>
      <link rel="stylesheet" href="\(root)\(SiteAddresses.asset(SiteAddresses.stylesheet))">
      <link rel="icon" href="\(root)\(SiteAddresses.asset(SiteAddresses.icon))" type="image/svg+xml">

      """
    for (other, _) in locales {
      out +=
        "<link rel=\"alternate\" hreflang=\"\(e(other))\" href=\"\(root)\(e(SiteAddresses.locale(other, SiteAddresses.board)))\">\n"
    }
    out += """
      </head>
      <body class="site-index">
      <a class="skip" href="#main">\(e(catalog.string("boards.skip")))</a>
      <header class="site-header">
      <div class="titles">
      <h1 class="board-title">\(e(heading))</h1>
      </div>
      <nav class="languages" aria-label="\(e(catalog.string("nav.languages")))">

      """
    for (other, otherCatalog) in locales {
      let current = other == code && !root.isEmpty ? " aria-current=\"true\"" : ""
      out +=
        "<a href=\"\(root)\(e(SiteAddresses.locale(other, SiteAddresses.board)))\" hreflang=\"\(e(other))\" "
        + "lang=\"\(e(other))\"\(current)>\(e(otherCatalog.string("locale.name")))</a>\n"
    }
    out += "</nav>\n</header>\n<main id=\"main\">\n<ul class=\"boards\">\n"
    let formatter = LocaleFormatter(catalog: catalog, timeZone: TimeZone(identifier: "UTC") ?? .current)
    // Two boards of one title (two databases' `Web`) are told apart by their folders.
    let titles = Dictionary(grouping: boards, by: \.title).filter { $0.value.count > 1 }
    for board in boards {
      out += card(
        board, code: code, catalog: catalog, formatter: formatter, root: root, showsPath: titles[board.title] != nil)
    }
    out += "</ul>\n</main>\n<footer class=\"site-footer\">\n<p>\(e(catalog.string("footer.generated")))</p>\n"
    out += "</footer>\n</body>\n</html>\n"
    return out
  }

  private func card(
    _ board: Board, code: String, catalog: LocaleCatalog, formatter: LocaleFormatter, root: String, showsPath: Bool
  ) -> String {
    func e(_ text: String) -> String { HTMLEscaper.escaped(text) }
    let folder = root + e(board.path) + "/"
    var out =
      "<li class=\"board-card\">\n<h2><a href=\"\(folder)\(e(SiteAddresses.locale(code, SiteAddresses.board)))\">"
    out += "<bdi>\(e(board.title))</bdi></a>"
    if showsPath { out += " <small class=\"board-path\"><bdi>\(e(board.path))/</bdi></small>" }
    out += "</h2>\n<p class=\"counts\">"
    out += TaskState.allCases.compactMap { state in
      board.counts[state.order].map { "\(e(formatter.label(state))) <strong>\($0)</strong>" }
    }.joined(separator: " · ")
    out += "</p>\n<p class=\"warnings\">\(e(catalog.string("nav.overdue"))) <strong>\(board.overdue)</strong>"
    if let soon = board.dueSoon { out += " · \(e(catalog.string("nav.due_soon"))) <strong>\(soon)</strong>" }
    out += "</p>\n"
    if let seconds = board.lastChange {
      let day = CalendarDate(Date(timeIntervalSince1970: TimeInterval(seconds)), in: board.zone)
      out +=
        "<p class=\"updated\">\(e(catalog.string("boards.updated"))) "
        + "<time datetime=\"\(day)\">\(e(formatter.longDate(day)))</time></p>\n"
    }
    if !board.badges.isEmpty {
      out += "<p class=\"badges\">"
      out += board.badges.map {
        "<img src=\"\(folder)\(e(SiteAddresses.badge($0.name)))\" alt=\"\(e($0.text))\" height=\"20\">"
      }.joined(separator: " ")
      out += "</p>\n"
    }
    return out + "</li>\n"
  }
}
