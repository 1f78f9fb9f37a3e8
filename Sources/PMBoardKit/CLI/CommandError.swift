/// A mistake in what was typed on the command line, worded as one line saying what to do instead.
public struct CommandError: Error, Sendable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
