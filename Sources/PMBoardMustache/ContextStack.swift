/// The renderer's context stack, innermost last: one buffer reused by every section of a render.
///
/// A Swift array checked uniqueness and capacity on every push and pop, and bounds on every read; sections push
/// and pop once per card and history entry, and every name lookup reads the stack, so this keeps plain pointers.
@safe public struct ContextStack<Value>: ~Copyable {
  private var base: UnsafeMutablePointer<Value>
  private var capacity: Int
  /// Frames on the stack; the root is frame 0.
  public private(set) var count = 0

  public init(root: Value, capacity: Int = 16) {
    self.capacity = max(capacity, 1)
    unsafe base = .allocate(capacity: self.capacity)
    push(root)
  }

  deinit {
    unsafe base.deinitialize(count: count)
    unsafe base.deallocate()
  }

  /// Frame number `level`, 0 being the root; `level` must be below `count`.
  public subscript(level: Int) -> Value { unsafe base[level] }

  public var top: Value { unsafe base[count - 1] }

  public mutating func push(_ value: Value) {
    if count == capacity {
      grow()
    }
    unsafe (base + count).initialize(to: value)
    count += 1
  }

  public mutating func pop() {
    count -= 1
    unsafe (base + count).deinitialize(count: 1)
  }

  @inline(never)
  private mutating func grow() {
    let larger = UnsafeMutablePointer<Value>.allocate(capacity: capacity * 2)
    unsafe larger.moveInitialize(from: base, count: count)
    unsafe base.deallocate()
    unsafe base = unsafe larger
    capacity *= 2
  }
}
