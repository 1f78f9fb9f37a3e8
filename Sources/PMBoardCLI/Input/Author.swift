import Foundation
import PMBoardCore
import PMBoardSite

/// Who is making changes from this command line, as each history line records it: only as people chose to be
/// named, since the history is published. `PMBOARD_USER`, else `user:` in `pmboard.yml`, else git's
/// `user.name`, else no one; never the login or the machine's name (a CI build would publish "root@runner").
enum Author {
  static func current(
    environment: [String: String] = ProcessInfo.processInfo.environment, settingsFile: String = "pmboard.yml"
  ) throws -> String {
    if let named = environment["PMBOARD_USER"] {
      return try TaskRules.checkAuthor(named).mapError { CommandError("PMBOARD_USER: \($0)") }.get()
    }
    if let named = try BuildSettings.user(file: settingsFile) {
      return try TaskRules.checkAuthor(named).mapError { CommandError("\(settingsFile): user: \($0)") }.get()
    }
    // A git name with odd characters is not worth failing a command for: it is left out.
    return gitUserName(environment: environment).flatMap { try? TaskRules.checkAuthor($0).get() } ?? ""
  }

  /// `git config user.name`, run directly (no shell reads the name), or nil if git is missing or has none.
  private static func gitUserName(environment: [String: String]) -> String? {
    let folders = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    guard
      let git = folders.lazy.map({ "\($0)/git" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: git)
    process.arguments = ["config", "user.name"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let name = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return name.isEmpty ? nil : name
  }
}
