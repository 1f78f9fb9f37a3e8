import Foundation
import PMBoardBytes

/// A built page whose last bytes are overwritten in place with a marker the renderer never writes, its size and
/// modification time kept: the marker stays only while rebuilds keep the page without rendering it (by its
/// fingerprint), which is how the tests tell a kept page from a rendered one. (A page changed by hand in any way
/// that moves its stamp, inode, size or modification time, is written again by the next build.)
package struct KeptPage {
  package let cli: CLIRunner
  package let page: String

  package init(_ page: String, in cli: CLIRunner) {
    self.cli = cli
    self.page = page
  }

  private static let marker = "<!-- kept -->"

  package func mark() throws {
    let path = cli.path(page)
    guard let info = POSIX.linkStatus(path), let handle = FileHandle(forWritingAtPath: path) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path])
    }
    let marker = Data(Self.marker.utf8)
    try handle.seek(toOffset: UInt64(max(0, Int(info.st_size) - marker.count)))
    try handle.write(contentsOf: marker)
    try handle.close()
    _ = POSIX.setModificationTime(
      path, seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
  }

  package var isKept: Bool { get throws { try cli.read(page).hasSuffix(Self.marker) } }

  /// Whether a `build` after `change` renders the page again rather than keeping it.
  package func isRenderedAgain(after change: () throws -> Void, build: () throws -> Void) throws -> Bool {
    try mark()
    try change()
    try build()
    return try !isKept
  }
}
