import Foundation
import PMBoardBytes
import PMBoardCore
import Synchronization

/// Standard output that reports a failed write (a full disk, a closed descriptor) as one line and exit status 1,
/// where `print` loses it and `FileHandle.write` traps.
enum StandardOutput {
  /// Whether pmboard was started with standard output closed (`>&-`).
  private static let closed = Atomic<Bool>(false)

  /// Occupies closed standard descriptors with /dev/null before anything opens a file: otherwise the store's file
  /// would get descriptor 1, and output meant for the terminal would be written into the store.
  static func guardStandardDescriptors() {
    // A reader that went away (`pmboard list | head -1`) makes a write fail with EPIPE, reported like any failed
    // write, instead of killing pmboard (exit 141) after it recorded a change.
    signal(SIGPIPE, SIG_IGN)
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 {
      _ = POSIX.open("/dev/null", O_RDWR)
      if descriptor == STDOUT_FILENO { closed.store(true, ordering: .relaxed) }
    }
  }

  /// Writes `data` whole, or throws saying why not.
  static func write(_ data: Data) throws(StandardOutputFailure) {
    if closed.load(ordering: .relaxed) { throw StandardOutputFailure(reason: "it is closed", readerLeft: false) }
    if let number = POSIX.writeAll(STDOUT_FILENO, data) {
      throw StandardOutputFailure(reason: POSIX.errorText(number), readerLeft: number == EPIPE)
    }
  }

  /// Writes the line reporting a change the store has already recorded (`done` says which, e.g. "added task
  /// 6ba03bd7"). If it cannot be written, the error says the change was made, with its own exit status: a
  /// script that took plain failure for "nothing happened" would make the change twice.
  static func recorded(_ done: String, line text: String) throws(RecordedChangeUnreported) {
    if let reason = failure(writing: Data((text + "\n").utf8)) {
      throw RecordedChangeUnreported(change: done, reason: reason)
    }
  }

  /// Why `data` could not be written whole, or nil once it is.
  private static func failure(writing data: Data) -> String? {
    if closed.load(ordering: .relaxed) { return "it is closed" }
    return POSIX.writeAll(STDOUT_FILENO, data).map(POSIX.errorText)
  }

  /// Writes `text` and a newline. Text from the board must already be made ``TerminalText/visible(_:)``.
  static func line(_ text: String) throws(StandardOutputFailure) {
    try write(Data((text + "\n").utf8))
  }
}

/// Standard output could not be written: one line and exit status 1, but for a reader that went away
/// (`pmboard list | head -1`), which ends the command quietly (``PMBoardCommand``).
package struct StandardOutputFailure: Error, Sendable, PMBoardFailure {
  /// Why, as the system says it (`No space left on device`).
  package var reason: String
  /// Whether the reader closed its end of the pipe (EPIPE): it read what it wanted, and no one is left to tell.
  package var readerLeft: Bool

  package var description: String { "cannot write to standard output: \(reason)" }
}

/// Board text as the terminal shows it: control characters (C0 but newline and tab, DEL, C1) and the bidi
/// overrides and isolates appear as `\u{…}` escapes, so a title cannot move the cursor, set the window title or
/// reverse the rest of the line.
enum TerminalText {
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for scalar in text.unicodeScalars {
      if needsEscape(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Single-line text (a title, a path in a message): a newline is escaped too.
  static func oneLine(_ text: String) -> String {
    visible(text).replacingOccurrences(of: "\n", with: "\\n")
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0A, 0x09: false
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}

/// A warning: one `pmboard: warning: …` line on standard error; the command goes on.
enum Warning {
  static func print(_ message: String) {
    POSIX.writeStandardError("pmboard: warning: \(TerminalText.oneLine(message))\n")
  }
}
