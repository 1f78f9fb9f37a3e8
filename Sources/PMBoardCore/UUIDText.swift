import Foundation
import PMBoardBytes

/// UUIDs as pmboard writes and reads them: 36 characters, lowercase when written, either case when read. The
/// byte work is ``UUIDBytes``'s.
extension UUID {
  /// `0f8fad5b-d9cb-469f-a165-70867728950e`.
  public var lowercaseString: String { UUIDBytes.lowercase(self) }

  /// The first 8 characters, enough to name a task on the command line (ids are matched by prefix, like git).
  public var shortString: String { String(lowercaseString.prefix(8)) }

  /// Parses `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in either letter case.
  public init?(text: some StringProtocol) {
    guard let parsed = UUIDBytes.uuid(String(text)) else { return nil }
    self = parsed
  }
}
