import Foundation
import PMBoardTestSupport
import Testing

/// libpq and libxml2, and the libraries they need (OpenSSL, Kerberos, LDAP, … for libpq; ICU, liblzma, zlib for
/// libxml2), are loaded only when a PostgreSQL store is opened or a site's own template is checked: linked, they
/// were loaded and relocated at the start of every command.
@Suite("libraries loaded on use")
struct LibraryLoadingTests {
  @Test func theBinaryDoesNotLinkLibPQOrLibXML2() throws {
    let output = try Self.linkedLibraries()
    #expect(output.contains("libc.so"), "ldd listed the binary's libraries")
    #expect(!output.contains("libpq"))
    #expect(!output.contains("libssl"))
    #expect(!output.contains("libxml2"))
    #expect(!output.contains("libicu"))
  }

  /// Loaded on use, libxml2 still checks a site's own template in a build of the real binary.
  @Test func aSitesOwnTemplateIsStillCheckedByLibXML2() throws {
    let cli = try CLIRunner()
    defer { try? FileManager.default.removeItem(at: cli.directory) }
    let partials = cli.directory.appendingPathComponent("Templates/partials")
    try FileManager.default.createDirectory(at: partials, withIntermediateDirectories: true)
    // A comment never closed: libxml2 reports it (the checks of pmboard's own do not).
    try Data("<footer><p>made with pmboard</p></footer>\n<!-- never closed\n".utf8)
      .write(to: partials.appendingPathComponent("footer.mustache"))
    let result = try cli.run("build", "--demo", "--out", "_site")
    #expect(result.status != 0)
    #expect(result.stderr.contains("footer.mustache"), "\(result.stderr)")
    #expect(result.stderr.contains("Comment not terminated"), "\(result.stderr)")
  }

  static func linkedLibraries() throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [CLIRunner.binary.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output
  }
}
