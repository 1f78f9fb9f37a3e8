/// Numbers distinct values in the order they are first seen, so a table can hold each once (every due date
/// and history day is formatted once per locale, not once per card or entry).
public struct Interner<Value: Hashable> {
  public private(set) var values: [Value] = []
  private var numbers: [Value: Int32] = [:]
  /// The last value asked for: history comes in time order, so most entries repeat their neighbour's day and
  /// skip the hash lookup.
  private var last: (value: Value, number: Int32)?

  /// The number of `value`, given it if new.
  public mutating func number(_ value: Value) -> Int32 {
    if let last, last.value == value { return last.number }
    let number: Int32
    if let known = numbers[value] {
      number = known
    } else {
      number = Int32(values.count)
      numbers[value] = number
      values.append(value)
    }
    last = (value, number)
    return number
  }
}
