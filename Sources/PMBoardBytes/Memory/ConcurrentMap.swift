import Foundation

/// `make(0)`, `make(1)`, … `make(count - 1)` computed on every core, in order.
///
/// The one way the build spreads independent work (catalogs and templates, view-model pieces, locales): each
/// result is written to its own slot of the array being made, so the pieces share nothing while they run.
public func concurrentMap<T>(_ count: Int, _ make: @Sendable (Int) -> T) -> [T] {
  guard count > 0 else { return [] }
  return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
    // swift-format-ignore: NeverForceUnwrap
    nonisolated(unsafe) let slots = buffer.baseAddress!
    DispatchQueue.concurrentPerform(iterations: count) { index in
      (slots + index).initialize(to: make(index))
    }
    initialized = count
  }
}
