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
  let staging: URL
  /// `out` and `staging` as paths: per-file paths are joined as strings, because `URL.appendingPathComponent`
  /// stats the result, and a stat waits for the directory lock while the other thread creates a file there.
  let outPath: String
  let stagingPath: String
  /// The files the old site's manifest lists; nil when there is no old site.
  let previous: Set<String>?
  let state = Mutex(Progress())

  struct Progress {
    var written: [String] = []
    /// Files identical to the old site's: linked from it at commit, and only if anything changed at all.
    var unchanged: [String] = []
    /// The old file each unchanged path was compared with: a later copy from it checks it is still that file.
    var comparedFiles: [String: FileIdentity] = [:]
    var bytes = 0
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
  func create(_ path: String) throws(SiteWriteError) -> Int32 {
    let target = stagingFile(path)
    var descriptor = unsafe open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    if descriptor < 0, errno == ENOENT {
      makeFolders(for: target)
      descriptor = unsafe open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard descriptor >= 0 else { throw unsafe .io(target, String(cString: strerror(errno))) }
    return descriptor
  }

  static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String)
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
  static func files(under root: String, prefix: String = "") -> [String] {
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
  func stagingFile(_ path: String) -> String {
    stagingPath + "/" + path
  }

  /// Makes the folders `target` (a staging path) needs, once the first file there finds them missing.
  func makeFolders(for target: String) {
    let folder = (target as NSString).deletingLastPathComponent
    if folder.count > stagingPath.count {
      try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
  }

  /// Hard-links the old site's `path` into the staging directory.
  func linkFromOldSite(_ path: String) throws(SiteWriteError) {
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
