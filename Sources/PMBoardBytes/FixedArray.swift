import Foundation

/// A fixed array with a stable address, read with a bounds check and no reference counting while its owner lives.
public final class FixedArray<Element> {
  @usableFromInline let base: UnsafeMutableBufferPointer<Element>

  public init(_ elements: [Element]) {
    base = Self.allocate(elements.count)
    _ = base.initialize(from: elements)
  }

  /// `count` elements made by `element(i)` in order, written in place (no intermediate array).
  public init(count: Int, _ element: (Int) -> Element) {
    base = Self.allocate(count)
    for index in 0..<count {
      // swift-format-ignore: NeverForceUnwrap
      (base.baseAddress! + index).initialize(to: element(index))
    }
  }

  /// Room for `count` elements, and a real address even for none. `base.count` must be `count`, not the
  /// capacity: an empty table with one uninitialised slot was read as garbage (a build of a board without
  /// history crashed now and then).
  private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: .allocate(capacity: Swift.max(count, 1)), count: count)
  }

  deinit {
    base.deinitialize()
    // swift-format-ignore: NeverForceUnwrap
    base.baseAddress!.deallocate()
  }
}

extension FixedArray: RandomAccessCollection {
  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { base.count }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element {
    precondition(UInt(bitPattern: index) < UInt(bitPattern: base.count), "index out of range")
    return base[index]
  }
}

/// Shared between the pages of a build when its elements may be; nothing mutates it after `init`.
extension FixedArray: @unchecked Sendable where Element: Sendable {}

/// A ``FixedArray`` read through a ``ReadView`` that this value keeps valid by holding its owner: a hot loop reading
/// tables stored in one object reads them without touching (and so without retaining) each table's own object.
public struct FixedTable<Element> {
  @usableFromInline let owner: FixedArray<Element>
  public let view: ReadView<Element>

  public init(_ owner: FixedArray<Element>) {
    self.owner = owner
    view = ReadView(UnsafeBufferPointer(owner.base))
  }

  @inlinable public var count: Int { view.count }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element { view[index] }

  /// Calls `body` with elements `range` in order: the range is checked once, not each element.
  @inlinable @inline(__always)
  public func forEach(in range: Range<Int>, _ body: (Element) -> Void) { view.forEach(in: range, body) }
}
