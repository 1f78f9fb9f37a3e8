import Foundation

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

  public func index(of name: UnsafeBufferPointer<UInt8>) -> Int {
    for (index, candidate) in bytes.enumerated() where candidate.count == name.count {
      // swift-format-ignore: NeverForceUnwrap
      if unsafe candidate.withUnsafeBufferPointer({ unsafe memcmp($0.baseAddress!, name.baseAddress!, name.count) == 0 }
      ) {
        return index
      }
    }
    return names.count
  }

  public func index(of name: String) -> Int { names.firstIndex(of: name) ?? names.count }
}
