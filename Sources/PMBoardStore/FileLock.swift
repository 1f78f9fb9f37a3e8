import Foundation
import PMBoardBytes

/// An exclusive `flock` on a sidecar lock file, held by every JSON store writer from its read to its rename.
///
/// `flock` locks belong to the open file description, so two store instances in one process exclude each other just
/// as two processes do, and the kernel drops the lock when a holder dies. The lock file is never deleted: removing
/// it while another process waits on it would let a third process lock a new file and run alongside.
public enum FileLock {
  /// How long a writer waits while no other writer makes progress before giving up. Each commit replaces the store
  /// file, so a waiter that sees it replaced starts its wait anew: four busy writers on a loaded machine queue
  /// for as long as they keep committing, instead of the unlucky one failing after a minute of others' progress.
  public static let timeout: Duration = .seconds(60)

  /// Runs `body` while holding the lock on `lockPath`; `storePath` names the store in errors.
  public static func withLock<T>(
    _ lockPath: String, storePath: String, _ body: () throws -> T
  ) async throws -> T {
    let descriptor = POSIX.open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw StoreError.unwritable(
        path: storePath, reason: "cannot open the lock file \(lockPath): \(POSIX.errorText(errno))")
    }
    defer { close(descriptor) }  // closing the descriptor releases the lock
    try await acquire(descriptor, lockPath: lockPath, storePath: storePath)
    return try body()
  }

  /// Polls with a non-blocking `flock`: a blocking one cannot time out and would tie up a thread of the
  /// cooperative pool while it waits.
  private static func acquire(_ descriptor: Int32, lockPath: String, storePath: String) async throws {
    var deadline = ContinuousClock.now + timeout
    var pause = Duration.milliseconds(1)
    // The file the lock guards: `NAME.lock` guards `NAME`, which every commit replaces.
    let guarded = lockPath.hasSuffix(".lock") ? String(lockPath.dropLast(5)) : lockPath
    var lastSeen = version(of: guarded)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        throw StoreError.unwritable(
          path: storePath, reason: "cannot lock \(lockPath): \(POSIX.errorText(code))")
      }
      let seen = version(of: guarded)
      if seen != lastSeen {
        (lastSeen, deadline) = (seen, ContinuousClock.now + timeout)
      }
      guard ContinuousClock.now < deadline else {
        throw StoreError.unwritable(
          path: storePath, reason: "another process held \(lockPath) for over \(timeout.components.seconds) seconds")
      }
      try await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(50))
    }
  }

  /// The guarded file's inode and change time, which a commit's rename changes; nil while it does not exist.
  private static func version(of path: String) -> [Int]? {
    guard let info = POSIX.status(path) else { return nil }
    return [Int(info.st_ino), Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec)]
  }
}
