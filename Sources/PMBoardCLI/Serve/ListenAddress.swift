import ArgumentParser
import FlyingSocks
import Foundation
import PMBoardBytes

/// Where `serve` listens: `--host` and `--port`, checked before anything is built.
struct ListenAddress {
  let host: String
  let port: Int
  let socket: any SocketAddress

  /// The URL a server listens at, and whether only this machine can reach it.
  struct Listening {
    var host: String
    var text: String
    var isLoopback: Bool
  }

  init(host: String, port: Int) throws {
    guard (0...65535).contains(port) else {
      throw ValidationError("--port takes a number from 0 to 65535, not \(port)")
    }
    self.host = host
    self.port = port
    var name = host == "localhost" ? "127.0.0.1" : host
    if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
    do {
      socket =
        name.contains(":")
        ? try sockaddr_in6.inet6(ip6: name, port: UInt16(port)) : try sockaddr_in.inet(ip4: name, port: UInt16(port))
    } catch {
      throw ValidationError("--host takes an IP address such as 127.0.0.1 or ::1, not \(host)")
    }
  }

  /// A server listening here; the URL it listens at, and whether only this machine can reach it.
  func listen() throws -> (server: SiteServer, url: Listening) {
    let server: SiteServer
    do {
      server = try SiteServer(address: socket)
    } catch let error as SocketError {
      throw failure(error)
    }
    switch try server.address() {
    case .ip4(let address, let port):
      return (
        server, Listening(host: address, text: "http://\(address):\(port)/", isLoopback: address.hasPrefix("127."))
      )
    case .ip6(let address, let port):
      return (server, Listening(host: address, text: "http://[\(address)]:\(port)/", isLoopback: address == "::1"))
    case .unix:
      throw CommandError("cannot listen on \(host) port \(port)")
    }
  }

  /// Why the server could not listen, as one line saying what to do.
  private func failure(_ error: SocketError) -> CommandError {
    guard case .failed(_, let number, _) = error else {
      return CommandError("cannot listen on \(host) port \(port): \(error.localizedDescription)")
    }
    switch number {
    case EADDRINUSE:
      return CommandError("port \(port) is in use on \(host); give another with --port (--port 0 picks a free one)")
    case EACCES:
      return CommandError("cannot listen on port \(port): permission denied; give a port above 1023 with --port")
    case EADDRNOTAVAIL:
      return CommandError("cannot listen on \(host): this machine has no such address; see --host")
    default:
      return CommandError("cannot listen on \(host) port \(port): \(POSIX.errorText(number))")
    }
  }
}
