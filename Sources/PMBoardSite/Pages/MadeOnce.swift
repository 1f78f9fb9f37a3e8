import Synchronization

/// A value of the build made by the first page, feed or job that asks, and kept for the others (the insights, the
/// column pages' cuts): the renderer is a value shared by every worker, so the value lives in a class of its own.
final class MadeOnce<Value: Sendable>: Sendable {
  private let made = Mutex<Value?>(nil)

  func value(make: () -> Value) -> Value {
    made.withLock { known in
      if let known { return known }
      let value = make()
      known = value
      return value
    }
  }
}
