import CSystemShim
import Foundation
import PMBoardBytes
import PMBoardCore
import PMBoardMustache
import PMBoardStore
import PMBoardValidation
import Synchronization

/// The "write the site" stage. Files go into a fresh directory beside `--out`; `commit()` swaps it in with one
/// rename, so readers see either the old site or the new one, never a mix. Files whose bytes did not change are
/// hard-linked from the old site, keeping their modification time for rsync and CDNs.
public final class SiteWriter: Sendable {
  /// The manifest marks a directory as pmboard's and lists what pmboard wrote into it.
  public static let manifestName = ".pmboard-manifest"

  public let out: URL
  private let staging: URL
  /// `out` and `staging` as paths: per-file paths are joined as strings, because `URL.appendingPathComponent`
  /// stats the result, and a stat waits for the directory lock while the other thread creates a file there.
  private let outPath: String
  private let stagingPath: String
  /// The files the old site's manifest lists; nil when there is no old site.
  private let previous: Set<String>?
  private let state = Mutex(Progress())

  private struct Progress {
    public var written: [String] = []
    /// Files identical to the old site's: linked from it at commit, and only if anything changed at all.
    public var unchanged: [String] = []
    /// The old file each unchanged path was compared with: a later copy from it checks it is still that file.
    public var comparedFiles: [String: FileIdentity] = [:]
    public var bytes = 0
  }

  /// What a build wrote.
  public struct Summary: Sendable {
    public var files: Int
    public var changed: Int
    public var removed: Int
    public var bytes: Int
    public var kept: [String]
  }

  /// Prepares a staging directory; refuses an `out` that pmboard did not make.
  public init(out: URL) throws(SiteWriteError) {
    self.out = out.standardizedFileURL
    let manager = FileManager.default
    var isDirectory: ObjCBool = false
    if unsafe manager.fileExists(atPath: self.out.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else { throw .notADirectory(self.out.path) }
      let contents = (try? manager.contentsOfDirectory(atPath: self.out.path)) ?? []
      let manifest = self.out.appendingPathComponent(Self.manifestName)
      if let text = try? String(contentsOf: manifest, encoding: .utf8) {
        previous = Set(text.split(separator: "\n").dropFirst().map(String.init))
      } else if contents.isEmpty {
        previous = []
      } else {
        throw .foreignDirectory(self.out.path)
      }
    } else {
      previous = nil
    }
    let parent = self.out.deletingLastPathComponent()
    let prefix = "." + self.out.lastPathComponent + ".pmboard-staging-"
    for stale in (try? manager.contentsOfDirectory(atPath: parent.path)) ?? [] where stale.hasPrefix(prefix) {
      try? manager.removeItem(at: parent.appendingPathComponent(stale))
    }
    staging = parent.appendingPathComponent(prefix + String(getpid()))
    outPath = self.out.path
    stagingPath = staging.path
    do {
      try manager.createDirectory(at: staging, withIntermediateDirectories: true)
    } catch {
      throw .io(staging.path, error.localizedDescription)
    }
  }

  /// Writes one file (relative path with `/`); safe to call from several tasks at once.
  public func write(_ path: String, _ bytes: [UInt8]) throws(SiteWriteError) {
    unsafe try bytes.withUnsafeBufferPointer { buffer throws(SiteWriteError) in unsafe try write(path, buffer) }
  }

  /// Writes one file from a buffer; safe to call from several tasks at once.
  public func write(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) throws(SiteWriteError) {
    unsafe try write(path) { emit in unsafe emit(bytes) }
  }

  /// Creates `path` in the staging directory, with its folders.
  private func create(_ path: String) throws(SiteWriteError) -> Int32 {
    let target = stagingFile(path)
    var descriptor = unsafe open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      makeFolders(for: target)
      descriptor = unsafe open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw unsafe .io(target, String(cString: strerror(errno))) }
    return descriptor
  }

  private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String)
    throws(SiteWriteError)
  {
    var offset = 0
    while offset < bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      let result = unsafe Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      guard result > 0 else { throw unsafe .io(path, String(cString: strerror(errno))) }
      offset += result
    }
  }

  /// Writes one file whose bytes `produce` hands over in pieces, so a big page never sits in memory whole; safe
  /// to call from several tasks at once. A file whose bytes did not change is hard-linked from the old site.
  public func write(
    _ path: String, streaming produce: ((UnsafeBufferPointer<UInt8>) -> Void) -> Void
  ) throws(SiteWriteError) {
    unsafe try write(path) { emit, _ in unsafe withoutActuallyEscaping(emit) { unsafe produce($0) } }
  }

  /// Like ``write(_:streaming:)``; `produce` may also hand over a byte range of a file this build wrote before
  /// (`copy(path, range)`), which the kernel copies without the bytes passing through this process.
  public func write(
    _ path: String,
    streaming produce: (
      _ emit: (UnsafeBufferPointer<UInt8>) -> Void, _ copy: (_ path: String, _ range: Range<Int>) -> Void
    ) -> Void
  ) throws(SiteWriteError) {
    let old = outPath + "/" + path
    // While every byte so far equals the old file's, write nothing: a rebuild with nothing changed only reads.
    // At the first difference, the equal prefix is copied from the old file and writing goes on from there.
    var oldDescriptor: Int32 = unsafe previous?.contains(path) == true ? open(old, O_RDONLY | O_CLOEXEC) : -1
    var descriptor: Int32 = -1
    var matched = 0
    var oldBytes: [UInt8] = []
    var failure: SiteWriteError?
    var total = 0
    func diverge() throws(SiteWriteError) {
      descriptor = try create(path)
      if matched > 0 { try Self.copyPrefix(from: oldDescriptor, to: descriptor, count: matched, path: path) }
      if oldDescriptor >= 0 { close(oldDescriptor) }
      oldDescriptor = -1
    }
    if oldDescriptor < 0 {
      do { try diverge() } catch { throw error }
    }
    func emit(_ bytes: UnsafeBufferPointer<UInt8>) {
      guard failure == nil, bytes.count > 0 else { return }
      do {
        total += bytes.count
        if oldDescriptor >= 0 {
          if unsafe Self.readEqual(oldDescriptor, bytes, buffer: &oldBytes) {
            matched += bytes.count
            return
          }
          try diverge()
        }
        unsafe try Self.writeAll(descriptor, bytes, path: path)
      } catch {
        failure = error
      }
    }
    func copy(_ source: String, _ range: Range<Int>) {
      guard failure == nil, !range.isEmpty else { return }
      let (file, compared) = contentFile(of: source)
      let input = unsafe open(file, O_RDONLY | O_CLOEXEC)
      guard input >= 0 else {
        failure = unsafe .io(file, String(cString: strerror(errno)))
        return
      }
      defer { close(input) }
      // An old-site file is copied only if it is still the one this build compared (another build may have
      // swapped its site in since).
      if let compared, Self.identity(of: input) != compared {
        failure = .io(file, "it was replaced while this build ran; build again")
        return
      }
      // Still comparing with the old file, or no kernel copy here: the bytes pass through a buffer.
      if oldDescriptor < 0, Self.copyInKernel(from: input, range, to: descriptor) {
        total += range.count
        return
      }
      var buffer = [UInt8](repeating: 0, count: min(range.count, 1 << 20))
      var offset = range.lowerBound
      while offset < range.upperBound, failure == nil {
        let got = unsafe buffer.withUnsafeMutableBytes {
          // swift-format-ignore: NeverForceUnwrap
          unsafe pread(input, $0.baseAddress!, min($0.count, range.upperBound - offset), off_t(offset))
        }
        guard got > 0 else {
          failure = .io(file, "ended before the bytes this build wrote to it")
          return
        }
        unsafe buffer.withUnsafeBufferPointer { unsafe emit(UnsafeBufferPointer(rebasing: $0[0..<got])) }
        offset += got
      }
    }
    unsafe produce(emit, copy)
    if oldDescriptor >= 0 {
      var probe: UInt8 = 0
      if failure == nil, unsafe read(oldDescriptor, &probe, 1) == 0 {
        let identity = Self.identity(of: oldDescriptor)
        close(oldDescriptor)
        state.withLock {
          $0.written.append(path)
          $0.unchanged.append(path)
          $0.comparedFiles[path] = identity
        }
        return
      }
      if failure == nil {
        do { try diverge() } catch { failure = error }
      } else {
        close(oldDescriptor)
      }
    }
    if descriptor >= 0 { close(descriptor) }
    if let failure { throw failure }
    state.withLock {
      $0.written.append(path)
      $0.bytes += total
    }
  }

  /// Copies `range` of `input` to the end of `output` with copy_file_range; false (nothing copied) where the
  /// kernel or file system cannot, or on a short copy, which the caller then redoes through a buffer.
  private static func copyInKernel(from input: Int32, _ range: Range<Int>, to output: Int32) -> Bool {
    let start = lseek(output, 0, SEEK_CUR)
    var offset = Int64(range.lowerBound)
    while offset < Int64(range.upperBound) {
      let copied = unsafe pmboard_copy_file_range(input, &offset, output, UInt(Int64(range.upperBound) - offset))
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
  /// was) when unchanged.
  private func contentFile(of path: String) -> (String, FileIdentity?) {
    let (unchanged, compared) = state.withLock { ($0.unchanged.contains(path), $0.comparedFiles[path]) }
    return unchanged ? (outPath + "/" + path, compared) : (stagingFile(path), nil)
  }

  /// A file's device and inode, to tell whether a path still names the same file.
  public struct FileIdentity: Equatable, Sendable {
    public var device: UInt64
    public var inode: UInt64
  }

  private static func identity(of descriptor: Int32) -> FileIdentity? {
    var info = stat()
    guard unsafe fstat(descriptor, &info) == 0 else { return nil }
    return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
  }

  /// Copies the first `count` bytes of the old file into the new one: in the kernel where it can, through a
  /// buffer otherwise.
  private static func copyPrefix(from source: Int32, to target: Int32, count: Int, path: String)
    throws(SiteWriteError)
  {
    if copyInKernel(from: source, 0..<count, to: target) { return }
    var buffer = [UInt8](repeating: 0, count: min(count, 1 << 20))
    var offset = 0
    while offset < count {
      let got = unsafe buffer.withUnsafeMutableBytes {
        // swift-format-ignore: NeverForceUnwrap
        unsafe pread(source, $0.baseAddress!, min($0.count, count - offset), off_t(offset))
      }
      guard got > 0 else { throw .io(path, "the old file changed while it was compared") }
      unsafe try buffer.withUnsafeBufferPointer { chunk throws(SiteWriteError) in
        unsafe try writeAll(target, UnsafeBufferPointer(rebasing: chunk[0..<got]), path: path)
      }
      offset += got
    }
  }

  /// Reads `bytes.count` bytes from `descriptor` and says whether they equal `bytes`.
  private static func readEqual(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>, buffer: inout [UInt8])
    -> Bool
  {
    if buffer.count < bytes.count { buffer = [UInt8](repeating: 0, count: bytes.count) }
    var offset = 0
    while offset < bytes.count {
      // swift-format-ignore: NeverForceUnwrap
      let count = unsafe buffer.withUnsafeMutableBytes {
        unsafe read(descriptor, $0.baseAddress!, bytes.count - offset)
      }
      guard count > 0 else { return false }
      // swift-format-ignore: NeverForceUnwrap
      let equal = unsafe buffer.withUnsafeBytes {
        unsafe memcmp($0.baseAddress!, bytes.baseAddress! + offset, count) == 0
      }
      guard equal else { return false }
      offset += count
    }
    return true
  }

  /// Swaps the new site in. Files in the old site that pmboard did not write are carried over, not deleted.
  public func commit() throws(SiteWriteError) -> Summary {
    let progress = state.withLock { $0 }
    let writtenSet = Set(progress.written)
    var kept: [String] = []
    if let previous {
      for item in Self.files(under: outPath)
      where item != Self.manifestName && !previous.contains(item) && !writtenSet.contains(item) {
        kept.append(item)
      }
    }
    let removed = (previous ?? []).subtracting(writtenSet).count
    let manifest =
      (["pmboard site: files written by pmboard build (others are kept as they are)"]
      + progress.written.sorted()).joined(separator: "\n") + "\n"
    let manifestUnchanged =
      (try? Data(contentsOf: URL(fileURLWithPath: outPath + "/" + Self.manifestName))) == Data(manifest.utf8)
    let changed = progress.written.count - progress.unchanged.count
    if previous != nil, changed == 0, removed == 0, manifestUnchanged {
      // Nothing to swap: the site on disk is already exactly this build's.
      discard()
      return Summary(files: progress.written.count, changed: 0, removed: 0, bytes: 0, kept: kept.sorted())
    }
    for item in kept {
      try linkFromOldSite(item)
    }
    if manifestUnchanged {
      try linkFromOldSite(Self.manifestName)
    } else {
      let manifestPath = stagingFile(Self.manifestName)
      do { try Data(manifest.utf8).write(to: URL(fileURLWithPath: manifestPath)) } catch {
        throw .io(manifestPath, "\(error)")
      }
    }
    for path in progress.unchanged {
      try linkFromOldSite(path)
    }
    if previous != nil {
      if unsafe pmboard_exchange_paths(staging.path, out.path) != 0 {
        // No atomic exchange on this file system: fall back to two renames (a brief moment without `out`).
        let aside = staging.path + "-old"
        guard unsafe rename(out.path, aside) == 0, unsafe rename(staging.path, out.path) == 0 else {
          throw unsafe .io(out.path, String(cString: strerror(errno)))
        }
        try? FileManager.default.removeItem(atPath: aside)
      }
      try? FileManager.default.removeItem(at: staging)
    } else if unsafe rename(staging.path, out.path) != 0 {
      throw unsafe .io(out.path, String(cString: strerror(errno)))
    }
    return Summary(
      files: progress.written.count, changed: changed, removed: removed, bytes: progress.bytes, kept: kept.sorted())
  }

  /// Everything below `root` but folders, as relative paths with `/`: files, and symbolic links as they are
  /// (to a file or a folder; a swap carries the link itself over). From `readdir`'s entry types, so no `stat`
  /// per entry, which was most of a no-op rebuild's commit with `FileManager`'s enumerator.
  private static func files(under root: String, prefix: String = "") -> [String] {
    guard let directory = unsafe opendir(root) else { return [] }
    defer { unsafe closedir(directory) }
    var found: [String] = []
    while let entry = unsafe readdir(directory) {
      let name = unsafe withUnsafeBytes(of: entry.pointee.d_name) {
        // swift-format-ignore: NeverForceUnwrap
        unsafe String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
      }
      guard name != ".", name != ".." else { continue }
      let path = root + "/" + name
      var isFolder = unsafe Int32(entry.pointee.d_type) == Int32(DT_DIR)
      if unsafe Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
        var info = stat()
        isFolder = unsafe lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
      }
      if isFolder {
        found += files(under: path, prefix: prefix + name + "/")
      } else {
        found.append(prefix + name)
      }
    }
    return found
  }

  /// `path` in the staging directory.
  private func stagingFile(_ path: String) -> String {
    stagingPath + "/" + path
  }

  /// Makes the folders `target` (a staging path) needs, once the first file there finds them missing.
  private func makeFolders(for target: String) {
    let folder = (target as NSString).deletingLastPathComponent
    if folder.count > stagingPath.count {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  /// Hard-links the old site's `path` into the staging directory.
  private func linkFromOldSite(_ path: String) throws(SiteWriteError) {
    let source = outPath + "/" + path
    let target = stagingFile(path)
    var result = unsafe link(source, target)
    if result != 0, errno == ENOENT {
      makeFolders(for: target)
      result = unsafe link(source, target)
    }
    if result != 0 { throw unsafe .io(source, String(cString: strerror(errno))) }
  }

  /// Throws the staging directory away; the old site is untouched.
  public func discard() {
    // A rebuild that changed nothing wrote nothing into it: `rmdir` is then all it takes.
    if unsafe rmdir(stagingPath) != 0 {
      try? FileManager.default.removeItem(at: staging)
    }
  }
}

/// Why the site could not be written; the previous site is untouched.
public enum SiteWriteError: Error, Sendable, PMBoardFailure {
  case notADirectory(String)
  case foreignDirectory(String)
  case io(String, String)

  public var description: String {
    switch self {
    case .notADirectory(let path): "\(path) is a file, not a site directory; choose another --out"
    case .foreignDirectory(let path):
      "\(path) is not empty and was not made by pmboard (no \(SiteWriter.manifestName)); "
        + "pmboard will not replace it — choose another --out or empty it"
    case .io(let path, let reason): "cannot write \(path): \(reason); the previous site is unchanged"
    }
  }
}
