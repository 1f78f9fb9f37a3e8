/// Read-only, bounds-checked access to elements that something else owns, without reference counting: what a hot
/// loop reads from tables that do not change while it runs.
///
/// Non-escapable, so the compiler keeps a view inside the scope of what owns its elements: a view made by
/// ``Swift/Array/withReadView(_:)`` cannot leave the closure (stored in a global, a class, an escapable struct or
/// an escaping closure, or returned), and one read from a ``FixedTable``, an ``ArenaBytes`` or a database row
/// cannot outlive the value it was read from. `Tests/PMBoardUnitTests/ReadViewEscapeTests.swift` compiles escapes
/// and checks that the compiler rejects them. A bare pointer and count: being non-escapable costs nothing at run
/// time, the checks are all the compiler's.
public struct ReadView<Element>: ~Escapable {
  /// Never nil, even for no elements, so that reads need no check for it.
  @usableFromInline let base: UnsafePointer<Element>
  @usableFromInline let length: Int

  /// A view of `buffer`, valid while `buffer` is: callers that know a longer lifetime (an owner they hold) say so
  /// with `_overrideLifetime`.
  @inlinable @_lifetime(borrow buffer)
  init(_ buffer: UnsafeBufferPointer<Element>) {
    base = buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    length = buffer.count
  }

  @inlinable @_lifetime(borrow base)
  init(base: UnsafePointer<Element>, length: Int) {
    self.base = base
    self.length = length
  }

  @inlinable var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: length) }

  /// How many elements the view has.
  @inlinable public var count: Int { length }

  @inlinable public var isEmpty: Bool { length == 0 }

  /// Whether the `count` elements from `start` lie inside the view. Unsigned: one comparison each covers the
  /// negative cases, and nothing can overflow.
  @inlinable @inline(__always)
  func contains(_ start: Int, _ count: Int) -> Bool {
    UInt(bitPattern: count) <= UInt(bitPattern: length) && UInt(bitPattern: start) <= UInt(bitPattern: length &- count)
  }

  /// A view of elements `range` of this one, valid as long as this one.
  @inlinable @inline(__always) @_lifetime(copy self)
  public func extracting(_ range: Range<Int>) -> ReadView {
    precondition(contains(range.lowerBound, range.count), "range out of bounds")
    return _overrideLifetime(ReadView(base: base + range.lowerBound, length: range.count), copying: self)
  }

  /// Calls `body` with elements `range` in order: the range is checked once, not each element.
  @inlinable @inline(__always)
  public func forEach(in range: Range<Int>, _ body: (Element) -> Void) {
    precondition(contains(range.lowerBound, range.count), "range out of bounds")
    for index in range { body(base[index]) }
  }

  /// The first index of `element`, or nil.
  @inlinable
  public func firstIndex(of element: Element) -> Int? where Element: Equatable {
    for index in 0..<length where base[index] == element { return index }
    return nil
  }

  /// Whether the view holds exactly the elements of `other`, in order (what `Sequence.elementsEqual` said when the
  /// view was a collection).
  public func elementsEqual<Other: Sequence>(_ other: Other) -> Bool
  where Other.Element == Element, Element: Equatable {
    var index = 0
    for element in other {
      guard index < length, base[index] == element else { return false }
      index += 1
    }
    return index == length
  }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: length), "index out of range")
    return base[index]
  }
}

extension Array {
  /// Calls `body` with a ``ReadView`` of the array, which cannot outlive the call.
  public func withReadView<Result>(_ body: (ReadView<Element>) throws -> Result) rethrows -> Result {
    try withUnsafeBufferPointer { try body(ReadView($0)) }
  }
}

extension Array {
  /// Appends the elements of `view`: what `append(contentsOf:)` did when the view was a collection, which a
  /// non-escapable type cannot be.
  @inlinable
  public mutating func append(contentsOf view: ReadView<Element>) {
    append(contentsOf: view.buffer)
  }
}

extension ByteWriter {
  /// Appends the `count` bytes of `view` from `start`.
  @inlinable @inline(__always)
  public mutating func append(_ view: ReadView<UInt8>, start: Int, count: Int) {
    precondition(view.contains(start, count), "range out of bounds")
    appendBytes(view.base + start, count: count)
  }

  /// Appends bytes `range` of `view`.
  @inlinable @inline(__always)
  public mutating func append(_ view: ReadView<UInt8>, _ range: Range<Int>) {
    append(view, start: range.lowerBound, count: range.count)
  }
}

extension ReadView {
  @inlinable
  func withBuffer<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    body(buffer)
  }
}
