import Foundation

/// A fixed array with a stable address, readable without reference counting while its owner lives.
public final class FixedArray<Element> {
  public let base: UnsafeMutableBufferPointer<Element>

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

  /// Room for `count` elements, and a real address even for none (so `pointer` is valid). `base.count` must be
  /// `count`, not the capacity: an empty table with one uninitialised slot was read as garbage (a build of a
  /// board without history crashed now and then).
  private static func allocate(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
    UnsafeMutableBufferPointer(start: .allocate(capacity: max(count, 1)), count: count)
  }

  deinit {
    // swift-format-ignore: NeverForceUnwrap
    base.baseAddress!.deallocate()
  }

  // swift-format-ignore: NeverForceUnwrap
  public var pointer: UnsafePointer<Element> { UnsafePointer(base.baseAddress!) }
}

/// Shared between the pages of a build when its elements may be; nothing mutates it after `init`.
extension FixedArray: @unchecked Sendable where Element: Sendable {}
