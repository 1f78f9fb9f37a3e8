import Foundation
import PMBoardCore

/// The file `import` is given, read whole; a failure says what it is and what to give instead.
enum ImportFile {
  /// `file`'s bytes, or standard input's for `-` when `allowsStandardInput`. `kind` names what was expected,
  /// e.g. "export file", for the message when `file` is a folder or cannot be read.
  static func read(_ file: String, kind: String, allowsStandardInput: Bool = false) throws(CommandError) -> Data {
    if allowsStandardInput, file == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    do {
      return try Data(contentsOf: URL(fileURLWithPath: file))
    } catch {
      let reason = SystemErrorText.readReason(error, path: file)
      if reason == SystemErrorText.folderReason {
        throw CommandError("\(file): \(reason); give the \(kind) to import")
      }
      throw CommandError("cannot read \(file): \(reason)")
    }
  }
}
