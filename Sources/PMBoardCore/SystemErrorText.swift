import Foundation
import PMBoardBytes

/// A file-system error from Foundation as the one short reason a person can act on: the POSIX message when the
/// error came from a system call (`Permission denied`, `Read-only file system`), never "NSCocoaErrorDomain error
/// 512" or "You don't have permission" (which Foundation says to root on a read-only file system too).
public enum SystemErrorText {
  public static func reason(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return POSIX.errorText(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
      return POSIX.errorText(Int32(underlying.code))
    }
    switch CocoaError.Code(rawValue: error.code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: return POSIX.errorText(ENOENT)
    case .fileWriteNoPermission, .fileReadNoPermission: return POSIX.errorText(EACCES)
    case .fileWriteOutOfSpace: return POSIX.errorText(ENOSPC)
    case .fileWriteVolumeReadOnly: return POSIX.errorText(EROFS)
    case .fileWriteFileExists: return POSIX.errorText(EEXIST)
    case .fileReadInapplicableStringEncoding, .fileReadCorruptFile: return "it is not UTF-8 text"
    default:
      // Foundation's text for the codes it does not explain is "The operation could not be completed.
      // (NSCocoaErrorDomain error 256.)", which tells a person nothing to do.
      return error.domain == NSCocoaErrorDomain
        ? "the system refused it (error \(error.code))" : error.localizedDescription
    }
  }

  /// What ``readReason(_:path:)`` says of a folder.
  public static let folderReason = "is a folder, not a file"

  /// Why the file at `path` could not be read, for a failed read of it: a folder named where a file belongs
  /// fails with Foundation's unexplained "error 256", so it is asked for by name.
  public static func readReason(_ error: any Error, path: String) -> String {
    let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    if type == .typeDirectory { return folderReason }
    if FileManager.default.fileExists(atPath: path), !FileManager.default.isReadableFile(atPath: path) {
      return POSIX.errorText(EACCES)
    }
    return reason(error)
  }
}
