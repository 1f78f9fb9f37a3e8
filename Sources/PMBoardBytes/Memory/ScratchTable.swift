/// A table of `count` slots read and written by index with a bounds check, owned by one value and freed with
/// it: scratch space a render fills once and reads per item, without an array's uniqueness check on each write.
public struct ScratchTable<Element>: ~Copyable {
  @usableFromInline var base: UnsafeMutableBufferPointer<Element>

  /// A table with no slots; ``fill(repeating:count:)`` gives it some.
  public init() {
    base = UnsafeMutableBufferPointer(start: nil, count: 0)
  }

  deinit {
    base.deinitialize()
    base.deallocate()
  }

  @inlinable public var count: Int { base.count }

  /// Replaces the table by `count` slots holding `value`.
  public mutating func fill(repeating value: Element, count: Int) {
    base.deinitialize()
    base.deallocate()
    base = .allocate(capacity: count)
    base.initialize(repeating: value)
  }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
    get {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count), "index out of range")
      return base[index]
    }
    set {
      precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count), "index out of range")
      base[index] = newValue
    }
  }
}
