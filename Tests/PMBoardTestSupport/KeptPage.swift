/// A built page with a marker the renderer never writes appended: the marker stays only while rebuilds keep the
/// page without rendering it (by its fingerprint), which is how the tests tell a kept page from a rendered one.
package struct KeptPage {
  package let cli: CLIRunner
  package let page: String

  package init(_ page: String, in cli: CLIRunner) {
    self.cli = cli
    self.page = page
  }

  package func mark() throws { try cli.write(page, try cli.read(page) + "<!-- kept -->") }

  package var isKept: Bool { get throws { try cli.read(page).hasSuffix("<!-- kept -->") } }

  /// Whether a `build` after `change` renders the page again rather than keeping it.
  package func isRenderedAgain(after change: () throws -> Void, build: () throws -> Void) throws -> Bool {
    try mark()
    try change()
    try build()
    return try !isKept
  }
}
