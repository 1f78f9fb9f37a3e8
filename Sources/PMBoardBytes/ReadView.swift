/// Read-only, bounds-checked access to an array's elements without reference counting: what a hot loop reads
/// from tables that do not change while it runs.
///
/// A `ReadView` exists only inside ``Swift/Array/withReadView(_:)``, which keeps the array alive and unchanged for
/// the closure's extent; it must not be kept after the closure returns.
public struct ReadView<Element> {
  @usableFromInline let buffer: UnsafeBufferPointer<Element>

  @inlinable
  init(_ buffer: UnsafeBufferPointer<Element>) {
    self.buffer = buffer
  }

  /// A view of elements `range` of this one.
  @inlinable @inline(__always)
  public func extracting(_ range: Range<Int>) -> ReadView {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "range out of bounds")
    return ReadView(UnsafeBufferPointer(rebasing: buffer[range]))
  }
}

extension ReadView: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { buffer.count }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: buffer.count), "index out of range")
    return buffer[index]
  }
}

extension Array {
  /// Calls `body` with a ``ReadView`` of the array.
  public func withReadView<Result>(_ body: (ReadView<Element>) throws -> Result) rethrows -> Result {
    try withUnsafeBufferPointer { try body(ReadView($0)) }
  }
}

extension ByteWriter {
  /// Appends bytes `range` of `view`.
  @inlinable @inline(__always)
  public mutating func append(_ view: ReadView<UInt8>, _ range: Range<Int>) {
    precondition(range.lowerBound >= 0 && range.upperBound <= view.buffer.count, "range out of bounds")
    // swift-format-ignore: NeverForceUnwrap
    appendBytes(view.buffer.baseAddress! + range.lowerBound, count: range.count)
  }
}

extension ReadView {
  @inlinable
  func withBuffer<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
    body(buffer)
  }
}
