/// A reference that counts nothing: copying it or calling through it costs no retain and no release.
///
/// The renderer copies its model before each call on it, and a counted reference there was a retain and a
/// release per lookup, which two threads rendering pages of one board made bounce a cache line between cores.
/// A `Borrowed` exists only inside ``with(_:_:)``, which keeps the object alive for the closure's extent; it is
/// non-escapable, so the compiler rejects keeping it (or a value holding it) after the closure returns
/// (`Tests/PMBoardUnitTests/ReadViewEscapeTests.swift`). The site's renderer keeps it in a model that lives as
/// long as one page, a model that is non-escapable in turn.
public struct Borrowed<Object: AnyObject>: ~Escapable {
  @usableFromInline let reference: Unmanaged<Object>

  @_lifetime(borrow object)
  private init(_ object: borrowing Object) {
    reference = .passUnretained(object)
  }

  /// Calls `body` with an uncounted reference to `object`, which lives at least until `body` returns.
  public static func with<Result, Failure: Error>(
    _ object: Object, _ body: (Borrowed) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    defer { withExtendedLifetime(object) {} }
    return try body(Borrowed(object))
  }

  /// The object, for the duration of `body`.
  @inlinable @inline(__always)
  public func read<Result>(_ body: (Object) -> Result) -> Result {
    reference._withUnsafeGuaranteedRef(body)
  }

  /// Whether both name the same object.
  public static func === (lhs: Borrowed, rhs: Borrowed) -> Bool {
    lhs.reference.toOpaque() == rhs.reference.toOpaque()
  }
}
