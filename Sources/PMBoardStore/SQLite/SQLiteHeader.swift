import Foundation
import PMBoardBytes

/// Tells whether a file is a pmboard SQLite store by reading its 100-byte header, before SQLite opens it.
///
/// Opening a file with SQLite (and setting up WAL) may write to it; a file that is not ours must stay byte-for-byte
/// as it was, so it is judged from raw bytes read through a read-only descriptor.
public enum SQLiteHeader {
  private static let magic = Array("SQLite format 3\0".utf8)

  /// Throws `notFound`, `notAStore` or `unreadable`; returns `PRAGMA user_version` (``SQLiteSchema/replicaMark``)
  /// when `path` looks like a sound pmboard store.
  @discardableResult
  public static func check(path: String) throws(StoreError) -> UInt32 {
    let (descriptor, info) = try StoreFile.open(path, storePath: path)
    defer { close(descriptor) }
    var header = [UInt8](repeating: 0, count: 100)
    let count = POSIX.read(descriptor, into: &header, count: 100)
    guard count >= 0 else { throw .unreadable(path: path, reason: POSIX.errorText(errno)) }
    if count == 0 { throw .notAStore(path: path, reason: "the file is empty") }
    guard count == 100, Array(header[0..<16]) == magic else {
      throw .notAStore(path: path, reason: "it is not an SQLite database")
    }
    let applicationID = bigEndian(header, at: 68)
    guard applicationID == SQLiteSchema.applicationID else {
      throw .notAStore(
        path: path,
        reason: applicationID == 0
          ? "it is an SQLite database without pmboard's mark" : "it is the SQLite database of another application")
    }
    do {
      try checkLength(header, fileSize: Int64(info.st_size), path: path)
    } catch {
      // The size was taken before the header was read: another process's checkpoint may have grown the file in
      // between (and then removed its WAL). A file truly cut short is still short when read again.
      try checkAgain(descriptor, path: path)
    }
    return bigEndian(header, at: 60)
  }

  /// ``checkLength(_:fileSize:path:)`` on a fresh read of the header and, after it, of the size; up to three tries
  /// a few milliseconds apart, for a checkpoint to end.
  private static func checkAgain(_ descriptor: Int32, path: String) throws(StoreError) {
    var failure: StoreError?
    for _ in 0..<3 {
      usleep(5_000)
      var header = [UInt8](repeating: 0, count: 100)
      guard POSIX.read(descriptor, into: &header, count: 100, at: 0) == 100,
        let info = POSIX.status(ofDescriptor: descriptor)
      else { throw .unreadable(path: path, reason: POSIX.errorText(errno)) }
      do {
        try checkLength(header, fileSize: Int64(info.st_size), path: path)
        return
      } catch {
        failure = error
      }
    }
    if let failure { throw failure }
  }

  /// A file cut short keeps a sound header; SQLite would only notice when it reaches a missing page.
  private static func checkLength(_ header: [UInt8], fileSize: Int64, path: String) throws(StoreError) {
    let rawPageSize = Int64(header[16]) << 8 | Int64(header[17])
    let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
    let pages = Int64(bigEndian(header, at: 28))
    // The page count is only trustworthy when the change counter matches "version valid for".
    let countIsValid = pages > 0 && bigEndian(header, at: 24) == bigEndian(header, at: 92)
    guard countIsValid, fileSize < pages * pageSize else { return }
    // With a non-empty WAL, a checkpoint may have been interrupted; SQLite finishes it from the WAL.
    if StoreFile.walHasContent(path) { return }
    throw .notAStore(
      path: path, reason: "the file is truncated: it has \(fileSize) of its \(pages * pageSize) bytes")
  }

  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> UInt32 {
    bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
  }
}
