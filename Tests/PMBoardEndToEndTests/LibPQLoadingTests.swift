import Foundation
import PMBoardTestSupport
import Testing

/// libpq and the libraries it needs (OpenSSL, Kerberos, LDAP, …) are loaded only when a PostgreSQL store is opened:
/// linked, they were loaded and relocated at the start of every command.
@Suite("libpq loading")
struct LibPQLoadingTests {
  @Test func theBinaryDoesNotLinkLibPQ() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
    process.arguments = [CLIRunner.binary.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(output.contains("libc.so"), "ldd listed the binary's libraries")
    #expect(!output.contains("libpq"))
    #expect(!output.contains("libssl"))
  }
}
