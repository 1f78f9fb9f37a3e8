import Foundation
import PMBoardCore

/// A task's body as `add` and `edit` take it: typed with `--body`, or read with `--body-file PATH` (`-`: standard
/// input), which suits a checklist or a text of several lines that a shell quote would garble.
enum BodyInput {
  /// Bytes read from a body file at most: room for the longest body in any normalization form (NFD can take a
  /// few times NFC's bytes), yet a large file named by mistake is not read into memory whole.
  static let fileByteLimit = TaskRules.bodyByteLimit * 4

  /// The body `--body` or `--body-file` gives, checked by the body rules; nil when neither is given.
  static func checked(body: String?, file: String?) throws(CommandError) -> String? {
    switch (body, file) {
    case (nil, nil): return nil
    case (_?, _?): throw bothGiven
    case (let text?, nil):
      return try TaskRules.checkBody(text).mapError { CommandError("--body: \($0)") }.get()
    case (nil, let path?):
      let text = try read(path)
      return try TaskRules.checkBody(text).mapError { CommandError("--body-file \(named(path)): \($0)") }.get()
    }
  }

  /// The error for `--body` and `--body-file` given together.
  static let bothGiven = CommandError("--body and --body-file both give the body; give one of them")

  /// The text of the body file `path`: UTF-8, Windows line ends made newlines, and the newlines at its end dropped,
  /// as the shell drops them from `--body "$(cat PATH)"`.
  static func read(_ path: String) throws(CommandError) -> String {
    let bytes = try bytes(of: path)
    guard bytes.count <= fileByteLimit else {
      throw CommandError(
        "--body-file \(named(path)) is more than \(fileByteLimit) bytes; a body is at most "
          + "\(TaskRules.bodyLimit) characters (\(TaskRules.bodyByteLimit) bytes)")
    }
    guard var text = String(validating: bytes, as: UTF8.self) else {
      throw CommandError("--body-file \(named(path)) is not UTF-8 text; save it as UTF-8")
    }
    text = text.replacingOccurrences(of: "\r\n", with: "\n")
    while text.hasSuffix("\n") { text.removeLast() }
    return text
  }

  /// At most one byte past ``fileByteLimit`` of `path`, or of standard input for `-`.
  private static func bytes(of path: String) throws(CommandError) -> Data {
    let handle: FileHandle
    if path == "-" {
      handle = FileHandle.standardInput
    } else {
      // A folder opens for reading on Linux; reading it would fail with a less helpful reason.
      let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
      if type == .typeDirectory {
        throw CommandError("--body-file \(named(path)) \(SystemErrorText.folderReason); give the file with the body")
      }
      do {
        handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
      } catch {
        throw CommandError("cannot read --body-file \(named(path)): \(SystemErrorText.readReason(error, path: path))")
      }
    }
    defer { if path != "-" { try? handle.close() } }
    do {
      return try handle.read(upToCount: fileByteLimit + 1) ?? Data()
    } catch {
      throw CommandError("cannot read --body-file \(named(path)): \(SystemErrorText.reason(error))")
    }
  }

  /// `path` as a message shows it: standard input by name, a path on one line.
  static func named(_ path: String) -> String {
    path == "-" ? "- (standard input)" : TerminalText.oneLine(path)
  }
}
