import FlyingSocks
import Foundation

/// `serve`'s HTTP/1.1 server, on FlyingSocks' non-blocking sockets (FlyingFox's socket layer, without its HTTP
/// layer, which links FoundationNetworking and with it libcurl and OpenSSL into every pmboard command; see
/// docs/serve.md). One request per connection: its head is read, answered and the connection closed.
final class SiteServer: Sendable {
  /// A request head longer than this is not read further (a pmboard URL is short; a browser's head is ~1 KB).
  static let headLimit = 32 * 1024
  /// How long a connection may take to send its request head: a connection opened ahead and left idle (browsers
  /// do) is closed then.
  static let headTimeout = Duration.seconds(10)

  private let listener: Socket

  /// A socket bound to `address` and listening, so that a taken port fails here, before anything is built.
  init(address: any SocketAddress) throws {
    listener = try Socket(domain: Int32(address.family), type: .stream)
    do {
      // Ctrl-C then `serve` again: the port is free while the last connections are in TIME_WAIT.
      try listener.setValue(true, for: .localAddressReuse)
      try listener.bind(to: address)
      try listener.listen()
    } catch {
      try? listener.close()
      throw error
    }
  }

  /// The address the server listens at (the port `--port 0` got).
  func address() throws -> Socket.Address { try listener.sockname() }

  /// Accepts and answers connections until the task is cancelled, then closes the listening socket.
  func run(answering handler: SiteRequestHandler) async throws {
    defer { try? listener.close() }
    #if os(Linux)
      let pool: some AsyncSocketPool = .ePoll()
    #else
      let pool: some AsyncSocketPool = .poll()
    #endif
    try await pool.prepare()
    let socket = try AsyncSocket(socket: listener, pool: pool)
    try await withThrowingDiscardingTaskGroup { group in
      group.addTask { try await pool.run() }
      while true {
        let connection: AsyncSocket
        do {
          connection = try await socket.accept()
        } catch let error as SocketError where error != .disconnected {
          // A connection that failed before it was accepted, or no descriptor left: the next may do.
          try await Task.sleep(for: .milliseconds(50))
          continue
        }
        group.addTask { await Self.answer(connection, handler) }
      }
    }
  }

  /// Reads one request head from `connection`, sends the answer and closes it.
  private static func answer(_ connection: AsyncSocket, _ handler: SiteRequestHandler) async {
    defer { try? connection.close() }
    guard let head = await head(of: connection) else { return }
    guard let request = HTTPRequestLine(head) else {
      try? await connection.write(SiteRequestHandler.plain(400, "Bad Request").encoded(head: false))
      return
    }
    let answer = handler.answer(method: request.method, target: request.target)
    try? await connection.write(answer.encoded(head: request.method == "HEAD"))
  }

  /// The bytes up to the blank line that ends a request head (or the first ``headLimit`` bytes); nil when the
  /// connection ends or times out first.
  private static func head(of connection: AsyncSocket) async -> [UInt8]? {
    await withTaskGroup(of: [UInt8]?.self) { group in
      group.addTask {
        var head: [UInt8] = []
        while head.count < headLimit {
          guard let chunk = try? await connection.read(atMost: 4096), !chunk.isEmpty else { return nil }
          head += chunk
          if endsHead(head) { return head }
        }
        return head
      }
      group.addTask {
        try? await Task.sleep(for: headTimeout)
        return nil
      }
      defer { group.cancelAll() }
      return await group.next() ?? nil
    }
  }

  /// Whether `bytes` hold a blank line (CRLF CRLF, or LF LF from a lenient client).
  private static func endsHead(_ bytes: [UInt8]) -> Bool {
    bytes.firstRange(of: Array("\r\n\r\n".utf8)) != nil || bytes.firstRange(of: Array("\n\n".utf8)) != nil
  }
}
