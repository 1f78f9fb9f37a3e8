import Foundation

/// The C library's message for an `errno` value: reading it means reading a C string.
public enum POSIXMessage {
  /// `strerror(code)`, such as `Permission denied`.
  public static func text(_ code: Int32) -> String { String(cString: strerror(code)) }
}
