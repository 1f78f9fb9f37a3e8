import Foundation

/// One answer of `serve`'s server, and the bytes that send it. Every answer closes its connection (`serve` reads
/// one request per connection), so the length is always said and nothing is chunked.
struct HTTPAnswer: Sendable {
  var status: Int
  var reason: String
  var headers: [(name: String, value: String)]
  var body: Data

  /// The status line, the headers with `Content-Length` and `Connection: close`, and the body unless the request
  /// was HEAD (which gets the length GET would).
  func encoded(head: Bool) -> Data {
    var text = "HTTP/1.1 \(status) \(reason)\r\n"
    for (name, value) in headers { text += "\(name): \(value)\r\n" }
    text += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    return head ? Data(text.utf8) : Data(text.utf8) + body
  }

  /// The value of the header `name` (as written here, case and all), if any.
  func header(_ name: String) -> String? {
    headers.first { $0.name == name }?.value
  }
}

/// The request line, which is all `serve` needs of a request: GET and HEAD have no body, and since the connection
/// closes after one answer, no header changes what is sent.
struct HTTPRequestLine: Equatable {
  var method: String
  var target: String

  /// The line `METHOD SP TARGET SP HTTP/1.x` at the start of `head`; nil when it is not one.
  init?(_ head: [UInt8]) {
    let end = head.firstIndex(of: UInt8(ascii: "\n")) ?? head.endIndex
    var line = head[..<end]
    if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
    let words = line.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard words.count == 3, let method = String(validating: words[0], as: UTF8.self),
      let target = String(validating: words[1], as: UTF8.self), words[2].starts(with: Array("HTTP/1.".utf8)),
      !method.isEmpty, method.utf8.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }),
      !target.isEmpty
    else { return nil }
    self.method = method
    self.target = target
  }
}
