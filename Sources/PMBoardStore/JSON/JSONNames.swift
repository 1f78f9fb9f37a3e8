import Foundation
import PMBoardBytes

/// The member names a document reader looks for, kept as UTF-8 so names are matched without making strings.
public struct JSONNames: Sendable {
  private let names: [String]
  private let bytes: [[UInt8]]

  public init(_ names: [String]) {
    self.names = names
    bytes = names.map { Array($0.utf8) }
  }

  public static let none = JSONNames([])

  public var count: Int { names.count }

  /// The name at `index`, for a message.
  public func name(at index: Int) -> String { names[index] }

  /// The index of the name bytes `range` of `text` spell, or `count` if none.
  public func index(of range: Range<Int>, in text: ReadView<UInt8>) -> Int {
    for (index, candidate) in bytes.enumerated() where text.equals(range, candidate) {
      return index
    }
    return names.count
  }

  public func index(of name: String) -> Int { names.firstIndex(of: name) ?? names.count }
}
