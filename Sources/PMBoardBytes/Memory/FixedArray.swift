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

  /// Room for `count` elements, not yet initialized: ``made(count:parts:fill:adjust:)`` initializes every one
  /// before anyone reads them.
  private init(allocating count: Int) {
    base = Self.allocate(count)
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

/// A ``FixedArray`` read through a pointer that this value keeps valid by holding its owner: a hot loop reading
/// tables stored in one object reads them without touching (and so without retaining) each table's own object.
/// The pointer is not public: ``view`` hands out a ``ReadView`` that the compiler keeps from outliving this value.
public struct FixedTable<Element> {
  @usableFromInline let owner: FixedArray<Element>
  @usableFromInline let elements: UnsafeBufferPointer<Element>

  public init(_ owner: FixedArray<Element>) {
    self.owner = owner
    elements = UnsafeBufferPointer(owner.base)
  }

  /// The elements, valid while this value (which holds their owner) is.
  @inlinable
  public var view: ReadView<Element> {
    @_lifetime(borrow self) get { _overrideLifetime(ReadView(elements), borrowing: self) }
  }

  @inlinable public var count: Int { elements.count }

  @inlinable @inline(__always)
  public subscript(index: Int) -> Element { view[index] }

  /// Calls `body` with elements `range` in order: the range is checked once, not each element.
  @inlinable @inline(__always)
  public func forEach(in range: Range<Int>, _ body: (Element) -> Void) { view.forEach(in: range, body) }
}

extension ByteWriter {
  /// Appends the `count` bytes of `table` from `start`. Here, not at the caller, because a view of a table that
  /// is a class's stored property may not outlive the property's read, which ends before the caller's call.
  @inlinable @inline(__always)
  public mutating func append(_ table: FixedTable<UInt8>, start: Int, count: Int) {
    append(table.view, start: start, count: count)
  }
}

extension FixedArray {
  /// `count` elements made in place by one worker per range of `ranges` at once (``concurrentMap``): worker
  /// `part` writes the elements of `ranges[part]` in order through the ``FixedArrayPart`` it is given and answers
  /// its result. Then, with all the results, `adjust` may answer a change for a part's elements, made to each of
  /// them in place before the array is shared: a part's own numbering of something the parts share (days, due
  /// dates) is made the array's there.
  ///
  /// A table that several cores build is so written once, where it stays: parts built as arrays of their own and
  /// joined after cost a copy, and as many fresh pages again.
  /// The ranges must cover `0..<count` in order; a part that writes more or fewer than its range stops the
  /// process.
  public static func made<PartResult>(
    count: Int, parts ranges: [Range<Int>],
    fill: @Sendable (_ part: Int, _ writer: inout FixedArrayPart<Element>) -> PartResult,
    adjust: (_ results: [PartResult], _ part: Int) -> ((inout Element) -> Void)? = { _, _ in nil }
  ) -> (FixedArray, [PartResult]) {
    precondition(
      ranges.first?.lowerBound ?? 0 == 0 && ranges.last?.upperBound ?? 0 == count
        && zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound },
      "the parts must cover the array in order")
    let array = FixedArray(allocating: count)
    // swift-format-ignore: NeverForceUnwrap
    nonisolated(unsafe) let base = array.base.baseAddress!
    let results = concurrentMap(ranges.count) { part in
      var writer = FixedArrayPart(base: base, range: ranges[part])
      let result = fill(part, &writer)
      writer.finish()
      return result
    }
    for (part, range) in ranges.enumerated() {
      guard let change = adjust(results, part) else { continue }
      for index in range { change(&array.base[index]) }
    }
    return (array, results)
  }
}

/// Writes one range of a ``FixedArray`` being made by ``FixedArray/made(count:parts:fill:adjust:)``, in order.
public struct FixedArrayPart<Element>: ~Copyable {
  private let base: UnsafeMutablePointer<Element>
  /// The elements this part writes, as indices of the whole array.
  public let range: Range<Int>
  /// Elements written so far.
  public private(set) var count = 0

  fileprivate init(base: UnsafeMutablePointer<Element>, range: Range<Int>) {
    self.base = base
    self.range = range
  }

  /// Writes the next element of the range.
  public mutating func append(_ element: Element) {
    precondition(count < range.count, "a part wrote past its range")
    (base + range.lowerBound + count).initialize(to: element)
    count += 1
  }

  fileprivate consuming func finish() {
    precondition(count == range.count, "a part left some of its range unwritten")
  }
}
