import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One HTTP/1.1 request on a new connection, written and read as bytes: the target goes out exactly as written
/// (URLSession would resolve `..` and re-encode it first), and nothing but the response is read.
struct HTTPProbe {
  struct Response {
    var status: Int
    /// Header names in lower case.
    var headers: [String: String]
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
    var contentType: String? { headers["content-type"] }
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Sends `method target` to `address`:`port` and reads the response (its length from `Content-Length`, none
  /// after HEAD), waiting up to 10 seconds for each read. `host` is the `Host:` header's value, by default the
  /// address and port; `sendsHost: false` sends none.
  static func request(
    _ method: String = "GET", _ target: String, port: UInt16, address: String = "127.0.0.1",
    host: String? = nil, sendsHost: Bool = true
  ) throws -> Response {
    let socket = try connect(address, port)
    defer { close(socket) }
    let hostLine = sendsHost ? "Host: \(host ?? "\(address):\(port)")\r\n" : ""
    let request = "\(method) \(target) HTTP/1.1\r\n\(hostLine)Connection: close\r\n\r\n"
    let sent = Array(request.utf8).withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    guard sent == request.utf8.count else { throw Failure(description: "could not send: \(errno)") }
    var received = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      if let end = received.range(of: Data("\r\n\r\n".utf8)) {
        var response = try parseHead(received[..<end.lowerBound])
        let length = method == "HEAD" ? 0 : Int(response.headers["content-length"] ?? "0") ?? 0
        if received.count - end.upperBound >= length {
          response.body = Data(received[end.upperBound..<end.upperBound + length])
          return response
        }
      }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw Failure(description: "connection ended after \(received.count) bytes") }
      received.append(contentsOf: buffer[..<count])
    }
  }

  /// A connected TCP socket, or the reason (`ECONNREFUSED` when nothing listens there).
  static func connect(_ address: String, _ port: UInt16) throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw Failure(description: "socket: \(errno)") }
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var peer = sockaddr_in()
    peer.sin_family = sa_family_t(AF_INET)
    peer.sin_port = port.bigEndian
    inet_pton(AF_INET, address, &peer.sin_addr)
    let connected = withUnsafePointer(to: &peer) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      close(socket)
      throw Failure(description: code == ECONNREFUSED ? "refused" : "connect: \(code)")
    }
    return socket
  }

  private static func parseHead(_ head: Data) throws -> Response {
    let lines = String(decoding: head, as: UTF8.self).components(separatedBy: "\r\n")
    let statusWords = lines[0].split(separator: " ")
    guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
      throw Failure(description: "bad status line: \(lines[0])")
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }
    return Response(status: status, headers: headers, body: Data())
  }
}
