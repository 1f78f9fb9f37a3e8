/// Read-only, bounds-checked access to an array's elements without reference counting: what a hot loop reads
/// from tables that do not change while it runs.
///
/// A `ReadView` exists only inside ``Swift/Array/withReadView(_:)``, which keeps the array alive and unchanged for
/// the closure's extent; it must not be kept after the closure returns.
public struct ReadView<Element> {
  /// Never nil, even for no elements, so that reads need no check for it.
  @usableFromInline let base: UnsafePointer<Element>
  @usableFromInline let length: Int

  @inlinable
  init(_ buffer: UnsafeBufferPointer<Element>) {
    base = buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Element>.alignment).unsafelyUnwrapped
    length = buffer.count
  }

  @inlinable
  init(base: UnsafePointer<Element>, length: Int) {
    self.base = base
    self.length = length
  }

  @inlinable var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: length) }

  /// Whether the `count` elements from `start` lie inside the view. Unsigned: one comparison each covers the
  /// negative cases, and nothing can overflow.
  @inlinable @inline(__always)
  func contains(_ start: Int, _ count: Int) -> Bool {
    UInt(bitPattern: count) <= UInt(bitPattern: length) && UInt(bitPattern: start) <= UInt(bitPattern: length &- count)
  }

  /// A view of elements `range` of this one.
  @inlinable @inline(__always)
  public func extracting(_ range: Range<Int>) -> ReadView {
    precondition(contains(range.lowerBound, range.count), "range out of bounds")
    return ReadView(base: base + range.lowerBound, length: range.count)
  }

  /// Calls `body` with elements `range` in order: the range is checked once, not each element.
  @inlinable @inline(__always)
  public func forEach(in range: Range<Int>, _ body: (Element) -> Void) {
    precondition(contains(range.lowerBound, range.count), "range out of bounds")
    for index in range { body(base[index]) }
  }
}

extension ReadView: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { length }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: length), "index out of range")
    return base[index]
  }
}

extension Array {
  /// Calls `body` with a ``ReadView`` of the array.
  public func withReadView<Result>(_ body: (ReadView<Element>) throws -> Result) rethrows -> Result {
    try withUnsafeBufferPointer { try body(ReadView($0)) }
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
