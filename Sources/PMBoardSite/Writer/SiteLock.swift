import Foundation
import PMBoardBytes
import Synchronization

/// An exclusive `flock` on a lock file beside a site, held by one build from preparing the output folder until
/// it commits or discards: builds into one `--out` take turns.
///
/// The kernel drops the lock when its holder dies, so a killed build never blocks the next one. The lock file is
/// never deleted: removing it while another build waits on it would let a third build lock a new file and run
/// alongside the second.
final class SiteLock: Sendable {
  private let descriptor: Mutex<Int32>

  /// Takes the lock on the file `name` in `folder` (at `path`), waiting as long as another build holds it;
  /// `waiting` is called once before a wait.
  init(in folder: FolderHandle, name: String, path: String, site: String, waiting: () -> Void) throws(SiteWriteError) {
    let lockPath = path + "/" + name
    // Never through a link (opening one would create or lock a file wherever it leads), never waiting on a FIFO.
    let descriptor = folder.openLockFile(name)
    guard descriptor >= 0 else {
      if errno == ELOOP {
        throw .io(site, "the build lock \(lockPath) is a symbolic link, not pmboard's file; remove it and build again")
      }
      if errno == EINVAL || errno == ENXIO || errno == EISDIR {
        throw .io(site, "the build lock \(lockPath) is not a regular file, not pmboard's; remove it and build again")
      }
      throw .io(site, "cannot open the build lock \(lockPath): \(POSIX.errorText(errno))")
    }
    if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      waiting()
      var result: Int32
      repeat { result = flock(descriptor, LOCK_EX) } while result != 0 && errno == EINTR
      guard result == 0 else {
        let reason = POSIX.errorText(errno)
        close(descriptor)
        throw .io(site, "cannot lock \(lockPath): \(reason)")
      }
    }
    self.descriptor = Mutex(descriptor)
  }

  /// Lets the next build in; later calls do nothing.
  func release() {
    descriptor.withLock { descriptor in
      if descriptor >= 0 { close(descriptor) }  // closing the descriptor releases the lock
      descriptor = -1
    }
  }

  deinit {
    release()
  }
}
