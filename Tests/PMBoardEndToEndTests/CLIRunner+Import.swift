import PMBoardTestSupport
import Testing

extension CLIRunner {
  /// A runner whose store (`board.sqlite`) holds the interchange `json`, imported with the real binary.
  static func importing(
    _ json: String, now: String = "2026-11-21T09:00:00Z", store: String = "board.sqlite"
  ) throws -> CLIRunner {
    var cli = try CLIRunner(now: now)
    cli.environment["PMBOARD_STORE"] = store
    try cli.write("in.json", json)
    let imported = try cli.run("import", "in.json")
    #expect(imported.status == 0, "\(imported.stderr)")
    return cli
  }
}
