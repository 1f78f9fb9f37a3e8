/// A task's set of names (its labels, its assignees): each name once, kept sorted so that two sets with the same
/// names are the same value, in the same order, in every store, export, page and fingerprint.
///
/// Stored as one text, the names joined by line breaks (``storedText``): a name is one line
/// (``TaskRules/checkName(_:as:)``), so the break cannot be part of one.
public struct NameSet: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral, CustomStringConvertible {
  public private(set) var names: [String]

  public init(_ names: some Sequence<String>) {
    self.names = Array(Set(names)).sorted()
  }

  public init(arrayLiteral names: String...) {
    self.init(names)
  }

  public init() {
    names = []
  }

  /// The set a store's text holds (``storedText``); empty text is the empty set.
  public init(storedText text: String) {
    self.init(text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init))
  }

  /// The names joined by line breaks, as the stores keep them; empty for the empty set.
  public var storedText: String { names.joined(separator: "\n") }

  public var isEmpty: Bool { names.isEmpty }
  public var count: Int { names.count }
  public func contains(_ name: String) -> Bool { names.contains(name) }
  public func makeIterator() -> IndexingIterator<[String]> { names.makeIterator() }

  public mutating func insert(_ name: String) {
    guard !names.contains(name) else { return }
    names.append(name)
    names.sort()
  }

  public mutating func remove(_ name: String) {
    names.removeAll { $0 == name }
  }

  public func union(_ other: NameSet) -> NameSet { NameSet(names + other.names) }
  public func subtracting(_ other: NameSet) -> NameSet { NameSet(names.filter { !other.contains($0) }) }

  public var description: String { names.joined(separator: ", ") }
}
