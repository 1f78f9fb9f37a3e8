internal import CLibPQ
import Foundation

/// What libpq reported: a connection that could not be made, or a statement the server refused.
public struct PostgresError: Error, Sendable, Equatable {
  public enum Stage: Sendable, Equatable {
    case connecting
    case executing
  }

  public var stage: Stage
  /// The server's five-character SQLSTATE (`40001`, `42501`, …); nil when libpq failed before the server answered.
  public var sqlState: String?
  /// The message, on one line.
  public var message: String

  public init(stage: Stage, sqlState: String?, message: String) {
    self.stage = stage
    self.sqlState = sqlState
    self.message = message
  }
}

/// One connection to a PostgreSQL server through libpq, used by one thread at a time.
///
/// This file is the only code in pmboard that calls libpq, so the PostgreSQL store never handles a pointer:
/// everything this hands out is a Swift value. Statements run with
/// `PQexecParams` and text parameters: values never become part of the SQL text.
public final class PostgresConnection {
  private let handle: OpaquePointer

  /// Connects with `conninfo` (a `postgres://` URL or `key=value` words). `defaults` are libpq keywords applied
  /// before it, so the URL overrides them; `overrides` are applied after it.
  public init(
    conninfo: String, defaults: [(keyword: String, value: String)] = [],
    overrides: [(keyword: String, value: String)] = []
  ) throws(PostgresError) {
    guard pmboard_libpq_load() == 1 else {
      let reason = pmboard_libpq_error().map { String(cString: $0) } ?? "libpq.so.5 was not found"
      throw PostgresError(
        stage: .connecting, sqlState: nil,
        message: "the PostgreSQL client library is not installed (\(reason)); install libpq5 (apt-get install libpq5)")
    }
    let keywords = defaults.map(\.keyword) + ["dbname"] + overrides.map(\.keyword)
    let values = defaults.map(\.value) + [conninfo] + overrides.map(\.value)
    let connection = Self.withCStrings(keywords) { keywordPointers in
      Self.withCStrings(values) { valuePointers in
        pmboard_PQconnectdbParams(keywordPointers, valuePointers, 1)
      }
    }
    guard let connection = connection else {
      throw PostgresError(stage: .connecting, sqlState: nil, message: "libpq could not allocate a connection")
    }
    guard pmboard_PQstatus(connection) == CONNECTION_OK else {
      let message = Self.oneLine(pmboard_PQerrorMessage(connection))
      pmboard_PQfinish(connection)
      throw PostgresError(stage: .connecting, sqlState: nil, message: message)
    }
    // Notices ("schema already exists, skipping") would go to standard error, under the command's own output.
    pmboard_PQsetNoticeProcessor(connection, { _, _ in }, nil)
    handle = connection
  }

  deinit {
    pmboard_PQfinish(handle)
  }

  /// Waits up to `timeout` seconds for notifications of a channel this connection `LISTEN`s to, and returns their
  /// payloads (empty when none came). A connection that was lost throws.
  public func notifications(timeout: Double) throws(PostgresError) -> [String] {
    let socket = pmboard_PQsocket(handle)
    guard socket >= 0 else {
      throw PostgresError(stage: .connecting, sqlState: nil, message: Self.oneLine(pmboard_PQerrorMessage(handle)))
    }
    var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    let ready = poll(&poller, 1, Int32(max(0, timeout * 1000)))
    if ready < 0 && errno != EINTR {
      throw PostgresError(stage: .connecting, sqlState: nil, message: String(cString: strerror(errno)))
    }
    // Read what arrived (also after a timeout: nothing is lost), then take every notification it held.
    guard pmboard_PQconsumeInput(handle) == 1, pmboard_PQstatus(handle) == CONNECTION_OK else {
      throw PostgresError(stage: .connecting, sqlState: nil, message: Self.oneLine(pmboard_PQerrorMessage(handle)))
    }
    var payloads: [String] = []
    while let notification = pmboard_PQnotifies(handle) {
      payloads.append(String(cString: notification.pointee.extra))
      pmboard_PQfreemem(notification)
    }
    return payloads
  }

  /// Runs one statement with `parameters` bound to `$1`, `$2`, … as text (nil is SQL NULL).
  @discardableResult
  public func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
    let result = Self.withCStrings(parameters) { values in
      pmboard_PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
    }
    guard let result = result else {
      throw PostgresError(stage: .executing, sqlState: nil, message: Self.oneLine(pmboard_PQerrorMessage(handle)))
    }
    let status = pmboard_PQresultStatus(result)
    guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
      let state = pmboard_PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
      let primary = pmboard_PQresultErrorField(result, Int32(UInt8(ascii: "M")))
      let message = primary.map { Self.oneLine($0) } ?? Self.oneLine(pmboard_PQresultErrorMessage(result))
      pmboard_PQclear(result)
      // A connection the server dropped reports no SQLSTATE: it is the connection that failed, not the statement.
      let stage: PostgresError.Stage = pmboard_PQstatus(handle) == CONNECTION_OK ? .executing : .connecting
      throw PostgresError(stage: stage, sqlState: state, message: message)
    }
    return PostgresRows(result)
  }

  /// The text of a libpq message up to its first line break (libpq adds hints on further lines).
  private static func oneLine(_ text: UnsafePointer<CChar>?) -> String {
    guard let text = text else { return "unknown libpq error" }
    let message = String(cString: text)
    let line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? message
    let trimmed = line.replacingOccurrences(of: "FATAL:  ", with: "").replacingOccurrences(of: "ERROR:  ", with: "")
    return trimmed.trimmingCharacters(in: .whitespaces)
  }

  /// Calls `body` with a nil-terminated array of C strings copied from `strings` (nil elements stay nil).
  private static func withCStrings<T>(
    _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T
  ) -> T {
    let copies = strings.map { string in string.flatMap { strdup($0) } }
    defer { copies.forEach { free($0) } }
    let pointers = copies.map { $0.map { UnsafePointer($0) } } + [nil]
    return pointers.withUnsafeBufferPointer { buffer in
      // A non-empty array's buffer always has a base address.
      guard let base = buffer.baseAddress else { preconditionFailure("an empty array of C strings") }
      return body(base)
    }
  }
}

/// The rows a statement returned, read as text; the result is freed with this value.
public final class PostgresRows {
  private let result: OpaquePointer
  public let count: Int
  public let columns: Int
  /// The number of rows an INSERT, UPDATE or DELETE changed.
  public let affected: Int

  fileprivate init(_ result: OpaquePointer) {
    self.result = result
    count = Int(pmboard_PQntuples(result))
    columns = Int(pmboard_PQnfields(result))
    affected = Int(String(cString: pmboard_PQcmdTuples(result))) ?? 0
  }

  deinit {
    pmboard_PQclear(result)
  }

  /// Hands each row to `body`, its values read in place in libpq's buffer (no `String` per value).
  public func forEach(_ body: (PostgresRow) throws -> Void) rethrows {
    try withExtendedLifetime(self) {
      for row in 0..<Int32(count) { try body(PostgresRow(result: result, row: row)) }
    }
  }

  /// The value in `column` of `row` as text (invalid UTF-8 repaired), nil for NULL.
  public func text(_ row: Int, _ column: Int) -> String? {
    let (row, column) = (Int32(row), Int32(column))
    guard pmboard_PQgetisnull(result, row, column) == 0, let start = pmboard_PQgetvalue(result, row, column) else {
      return nil
    }
    let length = Int(pmboard_PQgetlength(result, row, column))
    return start.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      String(decoding: UnsafeBufferPointer(start: bytes, count: length), as: UTF8.self)
    }
  }
}

/// One row of ``PostgresRows/forEach(_:)``, read in place; valid only inside the closure it is handed to.
public struct PostgresRow {
  fileprivate let result: OpaquePointer
  fileprivate let row: Int32

  /// The column's bytes (empty for NULL); valid until the closure returns, and the compiler keeps them from
  /// outliving this row value.
  @_lifetime(borrow self)
  public func text(_ column: Int32) -> ReadView<UInt8> {
    guard let start = pmboard_PQgetvalue(result, row, column) else {
      return _overrideLifetime(ReadView(UnsafeBufferPointer(start: nil, count: 0)), borrowing: self)
    }
    let length = Int(pmboard_PQgetlength(result, row, column))
    // `char` and `UInt8` may alias each other, so the bytes can be read as `UInt8` in place.
    let bytes = UnsafeRawPointer(start).assumingMemoryBound(to: UInt8.self)
    return _overrideLifetime(ReadView(UnsafeBufferPointer(start: bytes, count: length)), borrowing: self)
  }

  public func isNull(_ column: Int32) -> Bool {
    pmboard_PQgetisnull(result, row, column) != 0
  }

  /// The column's decimal integer (an optional `-` then digits), or nil.
  public func int64(_ column: Int32) -> Int64? {
    let bytes = text(column).buffer
    guard !bytes.isEmpty else { return nil }
    let negative = bytes[0] == UInt8(ascii: "-")
    let start = negative ? 1 : 0
    guard bytes.count > start, bytes.count - start <= 18,
      let magnitude = ASCIIDigits.value(bytes, start..<bytes.count)
    else { return nil }
    return Int64(negative ? -magnitude : magnitude)
  }
}
