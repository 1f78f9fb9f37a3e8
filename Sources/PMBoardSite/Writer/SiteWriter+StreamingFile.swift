import CSystemShim
import Foundation
import PMBoardBytes

extension SiteWriter {
  /// One file being written piece by piece. While every byte so far equals the old site's file, nothing is
  /// written: a rebuild with nothing changed only reads. At the first difference the equal prefix is copied from
  /// the old file and writing goes on from there.
  struct StreamingFile: ~Copyable {
    let writer: SiteWriter
    let path: String
    /// The old site's file while it is still being compared with; -1 once the bytes differ (or there is none).
    var oldDescriptor: Int32
    /// The new file in the staging folder; -1 until the bytes differ from the old file's.
    var descriptor: Int32 = -1
    /// How many bytes so far equal the old file's.
    var matched = 0
    var oldBytes: [UInt8] = []
    /// The first failure; later pieces are ignored, and `finish` throws it.
    var failure: SiteWriteError?
    var total = 0

    init(writer: SiteWriter, path: String) throws(SiteWriteError) {
      self.writer = writer
      self.path = path
      // Never through a link, never waiting on a FIFO: a page the user deleted or put anything but a regular file
      // in place of (or of its folder) is written anew.
      let compares = writer.previous?.contains(path) == true && !writer.scan.missing.contains(path)
      let (folder, name) = SiteManifest.split(path)
      oldDescriptor = compares ? writer.oldFolder(folder)?.openRegularFile(name) ?? -1 : -1
      if oldDescriptor < 0 { try diverge() }
    }

    /// From here on the bytes differ from the old file's: create the new file with the equal prefix.
    mutating func diverge() throws(SiteWriteError) {
      descriptor = try writer.create(path)
      if matched > 0 { try SiteWriter.copyPrefix(from: oldDescriptor, to: descriptor, count: matched, path: path) }
      if oldDescriptor >= 0 { close(oldDescriptor) }
      oldDescriptor = -1
    }

    mutating func emit(_ bytes: Span<UInt8>) {
      guard failure == nil, bytes.count > 0 else { return }
      do {
        total += bytes.count
        if oldDescriptor >= 0 {
          if POSIX.readEqual(oldDescriptor, bytes, buffer: &oldBytes) {
            matched += bytes.count
            return
          }
          try diverge()
        }
        try SiteWriter.writeAll(descriptor, bytes, path: path)
      } catch {
        failure = error
      }
    }

    /// Appends `range` of a file this build wrote before (or of the old site's file it left unchanged).
    mutating func copy(_ source: String, _ range: Range<Int>) {
      guard failure == nil, !range.isEmpty else { return }
      let content = writer.contentFile(of: source)
      let (file, compared) = (content.path, content.compared)
      let input = content.folder?.openRegularFile(content.name) ?? -1
      guard input >= 0 else {
        failure = .io(file, POSIX.errorText(errno))
        return
      }
      defer { close(input) }
      // An old-site file is copied only if it is still the one this build compared.
      if let compared, SiteWriter.identity(of: input) != compared {
        failure = .io(file, "it was replaced while this build ran; build again")
        return
      }
      // Still comparing with the old file, or no kernel copy here: the bytes pass through a buffer.
      if oldDescriptor < 0, SiteWriter.copyInKernel(from: input, range, to: descriptor) {
        total += range.count
        return
      }
      copyThroughBuffer(from: input, file: file, range)
    }

    private mutating func copyThroughBuffer(from input: Int32, file: String, _ range: Range<Int>) {
      var buffer = [UInt8](repeating: 0, count: min(range.count, 1 << 20))
      var offset = range.lowerBound
      while offset < range.upperBound, failure == nil {
        let got = POSIX.read(input, into: &buffer, count: range.upperBound - offset, at: offset)
        guard got > 0 else {
          failure = .io(file, "ended before the bytes this build wrote to it")
          return
        }
        emit(buffer.span.extracting(0..<got))
        offset += got
      }
    }

    /// Ends the file: an old file that turned out equal to the end is linked at commit; otherwise the new file is
    /// closed and recorded. Throws the first failure.
    consuming func finish() throws(SiteWriteError) {
      if oldDescriptor >= 0 {
        var probe: [UInt8] = [0]
        if failure == nil, POSIX.read(oldDescriptor, into: &probe, count: 1) == 0 {
          let info = POSIX.status(ofDescriptor: oldDescriptor)
          close(oldDescriptor)
          let path = self.path
          writer.state.withLock {
            writer.add(path, stamp: info.flatMap(SiteManifest.stamp), to: &$0)
            $0.unchanged.append(path)
            $0.comparedFiles[path] = info.map { FileIdentity(device: UInt64($0.st_dev), inode: UInt64($0.st_ino)) }
          }
          return
        }
        if failure == nil {
          do { try diverge() } catch { failure = error }
        } else {
          close(oldDescriptor)
        }
      }
      // Stamped once every byte is written: the file keeps this stamp until someone changes it.
      let stamp = descriptor >= 0 ? POSIX.status(ofDescriptor: descriptor).flatMap(SiteManifest.stamp) : nil
      if descriptor >= 0 { close(descriptor) }
      if let failure { throw failure }
      let (path, total) = (self.path, self.total)
      writer.state.withLock {
        writer.add(path, stamp: stamp, to: &$0)
        $0.bytes += total
      }
    }
  }
}
