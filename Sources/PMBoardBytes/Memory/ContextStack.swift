/// The renderer's context stack, innermost last: one buffer reused by every section of a render.
///
/// A Swift array checked uniqueness and capacity on every push and pop, and bounds on every read; sections push
/// and pop once per card and history entry, and every name lookup reads the stack, so this keeps plain pointers.
public struct ContextStack<Value>: ~Copyable {
  @usableFromInline var base: UnsafeMutablePointer<Value>
  @usableFromInline var capacity: Int
  /// Frames on the stack; the root is frame 0.
  @usableFromInline var frames = 0
  @inlinable public var count: Int { frames }

  public init(root: Value, capacity: Int = 16) {
    self.capacity = max(capacity, 1)
    base = .allocate(capacity: self.capacity)
    push(root)
  }

  deinit {
    base.deinitialize(count: count)
    base.deallocate()
  }

  /// Frame number `level`, 0 being the root.
  @inlinable public subscript(level: Int) -> Value {
    precondition(level >= 0 && level < count, "no such frame")
    return base[level]
  }

  /// The innermost frame (the root is never popped).
  @inlinable public var top: Value { base[count - 1] }

  @inlinable public mutating func push(_ value: Value) {
    if count == capacity {
      grow()
    }
    (base + count).initialize(to: value)
    frames += 1
  }

  /// Removes the innermost frame; the root stays.
  @inlinable public mutating func pop() {
    precondition(count > 1, "the root frame is never popped")
    frames -= 1
    (base + count).deinitialize(count: 1)
  }

  @inline(never) @usableFromInline
  mutating func grow() {
    let larger = UnsafeMutablePointer<Value>.allocate(capacity: capacity * 2)
    larger.moveInitialize(from: base, count: count)
    base.deallocate()
    base = larger
    capacity *= 2
  }
}
