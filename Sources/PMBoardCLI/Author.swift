import Foundation
import PMBoardBytes
import PMBoardCore

/// Who is making changes from this command line: `PMBOARD_USER`, else user@host, as each history line records.
enum Author {
  static func current(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
    if let named = environment["PMBOARD_USER"] {
      return try TaskRules.checkAuthor(named).mapError { CommandError("PMBOARD_USER: \($0)") }.get()
    }
    let host = POSIX.hostName()?.split(separator: ".").first.map(String.init) ?? "localhost"
    let fallback = "\(NSUserName())@\(host)"
    // A user or host name with odd characters is not worth failing a command for: it is left out.
    return (try? TaskRules.checkAuthor(fallback).get()) ?? ""
  }
}
