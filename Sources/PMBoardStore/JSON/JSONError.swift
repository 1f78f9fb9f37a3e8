import Foundation
import PMBoardBytes

/// Where and why a JSON text could not be read.
public struct JSONError: Error, Sendable {
  /// The byte offset where reading stopped.
  public var offset: Int
  public var message: String
  /// False when the text is well-formed JSON but a value has the wrong type for the document.
  public var isSyntax: Bool

  public init(offset: Int, message: String, isSyntax: Bool) {
    self.offset = offset
    self.message = message
    self.isSyntax = isSyntax
  }

  /// `line 3, column 17: message`; lines and columns count from 1, columns in Unicode characters.
  public func described(in bytes: ReadView<UInt8>) -> String {
    var line = 1
    var column = 1
    for position in 0..<min(offset, bytes.count) {
      let byte = bytes[position]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return "line \(line), column \(column): \(message)"
  }
}
