import Foundation
import Synchronization

/// Runs async work on a thread of its own rather than on Swift's cooperative pool, which has one thread per core (two
/// on the shared CI machine) for the whole test process: a test whose calls block their thread (libpq's replies,
/// SQLite's commits, a child process) would otherwise hold the pool from every other test while it waits.
package final class OwnThread: TaskExecutor {
  private struct State {
    var queue: [UnownedJob] = []
    var stopped = false
    /// The thread has ended: a job enqueued later (by a task that outlived `run`) gets a thread of its own.
    var ended = false
  }

  private let state = Mutex(State())
  private let ready = DispatchSemaphore(value: 0)

  private init() {}

  /// Runs `body` with this executor preferred: its task and the nonisolated async functions it calls run on the
  /// thread, which ends when `body` has returned.
  package static func run<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
    let executor = OwnThread()
    Thread { [executor] in executor.loop() }.start()
    defer { executor.stop() }
    return try await withTaskExecutorPreference(executor) { try await body() }
  }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let ended = state.withLock { state in
      if !state.ended { state.queue.append(job) }
      return state.ended
    }
    if ended {
      Thread { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }.start()
    } else {
      ready.signal()
    }
  }

  private func stop() {
    state.withLock { $0.stopped = true }
    ready.signal()
  }

  /// Runs the jobs in order until stopped with none left.
  private func loop() {
    while true {
      ready.wait()
      let next = state.withLock { state -> UnownedJob? in
        if !state.queue.isEmpty { return state.queue.removeFirst() }
        if state.stopped { state.ended = true }
        return nil
      }
      if let next {
        next.runSynchronously(on: asUnownedTaskExecutor())
      } else if state.withLock({ $0.ended }) {
        return
      }
    }
  }
}
