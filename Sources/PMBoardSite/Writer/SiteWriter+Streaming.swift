import CSystemShim
import Foundation
import PMBoardBytes
import Synchronization

/// Pages written as they render, and a rebuild's reuse of the previous site's bytes.
extension SiteWriter {
  /// Writes one file whose bytes `produce` hands over in pieces, so a big page never sits in memory whole; safe
  /// to call from several tasks at once. A file whose bytes did not change is hard-linked from the old site.
  public func write(
    _ path: String, streaming produce: ((Span<UInt8>) -> Void) -> Void
  ) throws(SiteWriteError) {
    try write(path) { emit, _ in withoutActuallyEscaping(emit) { produce($0) } }
  }

  /// Like ``write(_:streaming:)``; `produce` may also hand over a byte range of a file this build wrote before
  /// (`copy(path, range)`), which the kernel copies without the bytes passing through this process.
  public func write(
    _ path: String,
    streaming produce: (
      _ emit: (Span<UInt8>) -> Void, _ copy: (_ path: String, _ range: Range<Int>) -> Void
    ) -> Void
  ) throws(SiteWriteError) {
    var file = try StreamingFile(writer: self, path: path)
    produce({ file.emit($0) }, { file.copy($0, $1) })
    try file.finish()
  }

  /// Writes several files at once, whose bytes `produce` hands over in pieces as `emit(i, bytes)` for file
  /// `paths[i]`: for files made side by side from the same data (the locales' calendars). Each is written as
  /// ``write(_:streaming:)`` writes one.
  public func write(
    _ paths: [String], streaming produce: (_ emit: (_ file: Int, Span<UInt8>) -> Void) -> Void
  ) throws(SiteWriteError) {
    var files: [OpenFile] = []
    var failure: SiteWriteError?
    for path in paths where failure == nil {
      do { files.append(OpenFile(try StreamingFile(writer: self, path: path))) } catch { failure = error }
    }
    // A file that could not be opened leaves the others to be closed, not written.
    if failure == nil { produce { index, bytes in files[index].file?.emit(bytes) } }
    for open in files {
      guard let file = open.file.take() else { continue }
      do { try file.finish() } catch { failure = failure ?? error }
    }
    if let failure { throw failure }
  }

  /// A file being written, held where an array can keep it.
  private final class OpenFile {
    var file: StreamingFile?
    init(_ file: consuming StreamingFile) { self.file = .some(file) }
  }

  /// Gives `path` exactly the bytes this build gave `source` (written before) as a second hard link to the same
  /// file: nothing is copied or compared. When `source` kept the old site's file and the old site's `path` was a
  /// link to that very file, `path` is unchanged too and keeps it. Where the file system refuses a hard link, the
  /// bytes are copied.
  public func link(_ path: String, sameAs source: String) throws(SiteWriteError) {
    let content = contentFile(of: source)
    guard let info = content.folder?.status(of: content.name) else { throw .io(content.path, POSIX.lastErrorText) }
    let found = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    // An old-site file is linked only if it is still the one this build compared.
    if let compared = content.compared, found != compared {
      throw .io(content.path, "it was replaced while this build ran; build again")
    }
    let (folder, name) = SiteManifest.split(path)
    if let compared = content.compared, previous?.contains(path) == true,
      let old = oldFolder(folder)?.status(of: name),
      FileIdentity(device: UInt64(old.st_dev), inode: UInt64(old.st_ino)) == compared
    {
      state.withLock {
        add(path, stamp: SiteManifest.stamp(old), to: &$0)
        $0.unchanged.append(path)
        $0.comparedFiles[path] = compared
      }
      return
    }
    let target = try stagingFolder(folder)
    if spare != nil {
      target.removeTree(name)
      state.withLock { $0.touched.append(path) }
    }
    let size = Int(info.st_size)
    // swift-format-ignore: NeverForceUnwrap
    guard content.folder!.link(content.name, to: target, as: name) == 0 else {
      try write(path) { _, copy in copy(source, 0..<size) }
      return
    }
    state.withLock {
      add(path, stamp: SiteManifest.stamp(info), to: &$0)
      $0.bytes += size
    }
  }

  /// Copies `range` of `input` to the end of `output` with copy_file_range; false (nothing copied) where the
  /// kernel or file system cannot, or on a short copy, which the caller then redoes through a buffer.
  static func copyInKernel(from input: Int32, _ range: Range<Int>, to output: Int32) -> Bool {
    let start = lseek(output, 0, SEEK_CUR)
    var offset = Int64(range.lowerBound)
    while offset < Int64(range.upperBound) {
      let copied = POSIX.copyFileRange(input, offset: &offset, to: output, count: Int(Int64(range.upperBound) - offset))
      guard copied > 0 else {
        // Undo a partial copy so the buffered path starts where this one did.
        _ = ftruncate(output, start)
        _ = lseek(output, start, SEEK_SET)
        return false
      }
    }
    return true
  }

  /// Where the bytes this build gave `path` are: its staging file, or the old site's file (and which file that
  /// was) when unchanged; the folder is nil when it is gone.
  func contentFile(of path: String) -> (folder: FolderHandle?, name: String, path: String, compared: FileIdentity?) {
    let (unchanged, compared) = state.withLock { ($0.unchanged.contains(path), $0.comparedFiles[path]) }
    let (folder, name) = SiteManifest.split(path)
    if unchanged { return (oldFolder(folder), name, outPath + "/" + path, compared) }
    return (existingStagingFolder(folder), name, stagingFile(path), nil)
  }

  /// A file's device and inode, to tell whether a path still names the same file.
  public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
  }

  static func identity(of descriptor: Int32) -> FileIdentity? {
    guard let info = POSIX.status(ofDescriptor: descriptor) else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Copies the first `count` bytes of the old file into the new one: in the kernel where it can, through a
  /// buffer otherwise.
  static func copyPrefix(from source: Int32, to target: Int32, count: Int, path: String)
    throws(SiteWriteError)
  {
    if copyInKernel(from: source, 0..<count, to: target) { return }
    var buffer = [UInt8](repeating: 0, count: min(count, 1 << 20))
    var offset = 0
    while offset < count {
      let got = POSIX.read(source, into: &buffer, count: count - offset, at: offset)
      guard got > 0 else { throw .io(path, "the old file changed while it was compared") }
      try writeAll(target, buffer.span.extracting(0..<got), path: path)
      offset += got
    }
  }
}
