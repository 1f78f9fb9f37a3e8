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
    default: return error.localizedDescription
    }
  }
}
