import Foundation

/// The process's own argument strings, as `ps` and `/proc/PID/cmdline` show them to other users of the machine.
public enum ProcessArguments {
  /// Overwrites each argument for which `masked` returns text of the same UTF-8 length, in place. Parsing is not
  /// affected: `CommandLine.arguments` is a copy made at start.
  public static func mask(_ masked: (String) -> String?) {
    let argv = CommandLine.unsafeArgv
    for index in 1..<Int(CommandLine.argc) {
      guard let argument = argv[index] else { continue }
      let text = String(cString: argument)
      guard let replacement = masked(text) else { continue }
      let bytes = Array(replacement.utf8)
      guard bytes.count == strlen(argument) else { continue }
      argument.withMemoryRebound(to: UInt8.self, capacity: bytes.count) { target in
        for (offset, byte) in bytes.enumerated() { target[offset] = byte }
      }
    }
  }
}
