import Synchronization

/// The connections `serve` has accepted and whose request head has not come yet, oldest first. They are bounded:
/// a client can open connections and send nothing (1,100 of them under `ulimit -n 1024` took every descriptor, and
/// a real request waited 8.8 s for the first to time out). Past ``limit``, or when no descriptor is left, the
/// oldest is told to close, so a new connection is always read.
final class WaitingConnections: Sendable {
  /// Connections waiting for their head at most: a browser keeps a few open ahead per site, so this is room for
  /// many tabs, and it leaves most of a 1,024-descriptor limit to the rebuilds `serve` runs.
  static let defaultLimit = 128

  /// One waiting connection: its number, and the stream that ends when it is told to close.
  struct Ticket: Sendable {
    let number: Int
    let evicted: AsyncStream<Void>
  }

  let limit: Int
  private let state = Mutex(State())

  private struct State: ~Copyable {
    var next = 0
    /// Oldest first.
    var waiting: [(number: Int, evict: AsyncStream<Void>.Continuation)] = []
  }

  init(limit: Int = defaultLimit) {
    self.limit = limit
  }

  /// How many connections wait now.
  var count: Int { state.withLock { $0.waiting.count } }

  /// Registers a new connection; the oldest is told to close when there are more than ``limit``.
  func enter() -> Ticket {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    let (number, oldest) = state.withLock { state in
      let number = state.next
      state.next += 1
      state.waiting.append((number, continuation))
      return (number, state.waiting.count > limit ? state.waiting.removeFirst().evict : nil)
    }
    oldest?.finish()
    return Ticket(number: number, evicted: stream)
  }

  /// The connection `number` got its head (or ended): it no longer waits and cannot be told to close.
  func leave(_ number: Int) {
    let left = state.withLock { state in
      state.waiting.firstIndex { $0.number == number }.map { state.waiting.remove(at: $0).evict }
    }
    left?.finish()
  }

  /// Tells the oldest waiting connection to close (no descriptor was left for a new one); false when none waits.
  func evictOldest() -> Bool {
    let oldest = state.withLock { state in state.waiting.isEmpty ? nil : state.waiting.removeFirst().evict }
    oldest?.finish()
    return oldest != nil
  }
}
