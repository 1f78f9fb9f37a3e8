import Foundation

/// Why an input cannot be imported: one line naming the place (`[17].milestone.dueOn`, `row 12, column due`).
public struct ImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
