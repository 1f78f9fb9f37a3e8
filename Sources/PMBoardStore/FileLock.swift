import Foundation
import PMBoardBytes

/// An exclusive `flock` on a sidecar lock file, held by every JSON store writer from its read to its rename.
///
/// `flock` locks belong to the open file description, so two store instances in one process exclude each other just
/// as two processes do, and the kernel drops the lock when a holder dies. The lock file is never deleted: removing
/// it while another process waits on it would let a third process lock a new file and run alongside.
public enum FileLock {
  /// How long a writer waits for the others before giving up.
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
    let deadline = ContinuousClock.now + timeout
    var pause = Duration.milliseconds(1)
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      guard code == EWOULDBLOCK || code == EINTR else {
        throw StoreError.unwritable(
          path: storePath, reason: "cannot lock \(lockPath): \(POSIX.errorText(code))")
      }
      guard ContinuousClock.now < deadline else {
        throw StoreError.unwritable(
          path: storePath, reason: "another process held \(lockPath) for over \(timeout.components.seconds) seconds")
      }
      try await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(50))
    }
  }
}
