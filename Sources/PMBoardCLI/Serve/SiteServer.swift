import FlyingSocks
import Foundation

/// `serve`'s HTTP/1.1 server, on FlyingSocks' non-blocking sockets (FlyingFox's socket layer, without its HTTP
/// layer, which links FoundationNetworking and with it libcurl and OpenSSL into every pmboard command; see
/// docs/serve.md). One request per connection: its head is read, answered and the connection closed. Connections
/// still sending their head are bounded (``WaitingConnections``) and timed out; FlyingSocks has neither.
final class SiteServer: Sendable {
  /// A request head longer than this is not read further (a pmboard URL is short; a browser's head is ~1 KB).
  static let headLimit = 32 * 1024
  /// How long a connection may take to send its request head: a connection opened ahead and left idle (browsers
  /// do) is closed then.
  static let headTimeout = Duration.seconds(10)
  /// How long sending an answer may take: a client that stops reading is cut off then.
  static let writeTimeout = Duration.seconds(30)

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
    let waiting = WaitingConnections()
    try await withThrowingDiscardingTaskGroup { group in
      group.addTask { try await pool.run() }
      while true {
        let connection: AsyncSocket
        do {
          connection = try await socket.accept()
        } catch let error as SocketError where error != .disconnected {
          // No descriptor left (EMFILE): the oldest connection still sending nothing makes room; otherwise, or for
          // a connection that failed before it was accepted, the next try may do.
          let noDescriptor = [EMFILE, ENFILE].contains(error.number)
          try await Task.sleep(for: noDescriptor && waiting.evictOldest() ? .milliseconds(5) : .milliseconds(50))
          continue
        }
        let ticket = waiting.enter()
        group.addTask { await Self.answer(connection, handler, ticket: ticket, waiting: waiting) }
      }
    }
  }

  /// Reads one request head from `connection`, sends the answer and closes it.
  private static func answer(
    _ connection: AsyncSocket, _ handler: SiteRequestHandler, ticket: WaitingConnections.Ticket,
    waiting: WaitingConnections
  ) async {
    defer { try? connection.close() }
    let head = await head(of: connection, evicted: ticket.evicted)
    waiting.leave(ticket.number)
    guard let head else { return }
    guard let request = HTTPRequestLine(head) else {
      await send(SiteRequestHandler.plain(400, "Bad Request").encoded(head: false), to: connection)
      return
    }
    let answer = handler.hostRefusal(head: head) ?? handler.answer(method: request.method, target: request.target)
    await send(answer.encoded(head: request.method == "HEAD"), to: connection)
  }

  /// What ``head(of:evicted:)``'s racing tasks come to.
  private enum HeadRace: Sendable {
    case head([UInt8]?)
    case gaveUp
  }

  /// The bytes up to the blank line that ends a request head (or the first ``headLimit`` bytes); nil when the
  /// connection ends, times out or is told to close (`evicted` ends) first.
  private static func head(of connection: AsyncSocket, evicted: AsyncStream<Void>) async -> [UInt8]? {
    await withTaskGroup(of: HeadRace.self) { group in
      group.addTask {
        var head: [UInt8] = []
        while head.count < headLimit {
          guard let chunk = try? await connection.read(atMost: 4096), !chunk.isEmpty else { return .head(nil) }
          head += chunk
          if endsHead(head) { return .head(head) }
        }
        return .head(head)
      }
      group.addTask {
        try? await Task.sleep(for: headTimeout)
        return .gaveUp
      }
      group.addTask {
        for await _ in evicted {}
        return .gaveUp
      }
      defer { group.cancelAll() }
      guard case .head(let head)? = await group.next() else { return nil }
      return head
    }
  }

  /// Sends `bytes`, giving up after ``writeTimeout``: a client that stops reading does not hold its connection.
  private static func send(_ bytes: Data, to connection: AsyncSocket) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { try? await connection.write(bytes) }
      group.addTask { try? await Task.sleep(for: writeTimeout) }
      _ = await group.next()
      group.cancelAll()
    }
  }

  /// Whether `bytes` hold a blank line (CRLF CRLF, or LF LF from a lenient client).
  private static func endsHead(_ bytes: [UInt8]) -> Bool {
    bytes.firstRange(of: Array("\r\n\r\n".utf8)) != nil || bytes.firstRange(of: Array("\n\n".utf8)) != nil
  }
}

extension SocketError {
  /// The system's error number, for a failed call; 0 otherwise.
  fileprivate var number: Int32 {
    guard case .failed(_, let number, _) = self else { return 0 }
    return number
  }
}
