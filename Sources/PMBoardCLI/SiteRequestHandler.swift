import FlyingFox
import Foundation
import PMBoardBytes

/// `serve`'s answers: the site's files with their types, the live-reload script and generation, and short errors.
/// GET and HEAD only; nothing outside the site folder, nothing through a symbolic link, nothing whose path has a
/// component starting with `.`.
struct SiteRequestHandler: HTTPHandler {
  /// The site folder, as an absolute path: opened anew for each request, since a build swaps in a new folder.
  let folder: String
  let reload: LiveReload

  func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard request.method == .GET || request.method == .HEAD else {
      return Self.plain(
        .methodNotAllowed, "405 Method Not Allowed: only GET and HEAD\n", extra: [HTTPHeader("Allow"): "GET, HEAD"])
    }
    let response = answer(target: request.target.rawValue)
    guard request.method == .HEAD else { return response }
    // HEAD: the headers GET would send, with the length of the body it would send, and no body.
    var head = HTTPResponse(statusCode: response.statusCode, headers: response.headers)
    head.headers[.contentLength] = String(try await response.bodyData.count)
    return head
  }

  /// The answer to a GET of `target`, the request's path and query as sent (FlyingFox's `path` is decoded and
  /// has its dot segments removed already, which would hide a `..` from the checks here).
  func answer(target: String) -> HTTPResponse {
    let path: SitePath
    do {
      path = try SitePath(target: target)
    } catch .malformed {
      return Self.plain(.badRequest, "400 Bad Request\n")
    } catch {
      return Self.notFound
    }
    if path.components.first == "__pmboard" { return own(path) }
    guard let site = FolderHandle(path: folder),
      let parent = site.openFolder(path: path.components.dropLast().joined(separator: "/"))
    else { return Self.notFound }
    guard let name = path.components.last else { return file("index.html", in: site) }
    if parent.status(of: name).map({ $0.st_mode & S_IFMT == S_IFDIR }) ?? false {
      // A folder's pages link relative to it, so its URL must end with `/`.
      guard path.endsWithSlash else { return Self.redirect(to: Self.folderURL(target)) }
      guard let inner = parent.openFolder(name) else { return Self.notFound }
      return file("index.html", in: inner)
    }
    return path.endsWithSlash ? Self.notFound : file(name, in: parent)
  }

  /// The regular file `name` in `parent` (a link is not followed), with its type; a page gets the reload script.
  private func file(_ name: String, in parent: FolderHandle) -> HTTPResponse {
    guard var body = parent.contents(of: name) else { return Self.notFound }
    let type = MediaType.of(name)
    if type == MediaType.html { body = LiveReload.inject(into: body, generation: reload.generation) }
    return HTTPResponse(statusCode: .ok, headers: Self.headers(type), body: body)
  }

  /// The server's own files, under ``LiveReload/prefix``.
  private func own(_ path: SitePath) -> HTTPResponse {
    switch "/" + path.components.joined(separator: "/") {
    case LiveReload.scriptPath:
      HTTPResponse(
        statusCode: .ok, headers: Self.headers(MediaType.of("reload.js")), body: Data(LiveReload.script.utf8))
    case LiveReload.generationPath:
      Self.plain(.ok, "\(reload.generation)\n")
    default:
      Self.notFound
    }
  }

  /// Every answer may change with the next build, so the browser asks again each time (`no-cache` lets it keep a
  /// copy to revalidate; the server sends no validators, so it gets the file again); `nosniff` holds it to the
  /// type said.
  private static func headers(_ type: String, extra: [HTTPHeader: String] = [:]) -> HTTPHeaders {
    var headers: HTTPHeaders = [
      .contentType: type, .cacheControl: "no-cache", HTTPHeader("X-Content-Type-Options"): "nosniff",
    ]
    for (name, value) in extra { headers[name] = value }
    return headers
  }

  private static func plain(_ status: HTTPStatusCode, _ text: String, extra: [HTTPHeader: String] = [:]) -> HTTPResponse
  {
    HTTPResponse(statusCode: status, headers: headers(MediaType.of("status.txt"), extra: extra), body: Data(text.utf8))
  }

  private static let notFound = plain(.notFound, "404 Not Found\n")

  private static func redirect(to location: String) -> HTTPResponse {
    plain(.movedPermanently, "301 Moved Permanently\n", extra: [.location: location])
  }

  /// `target` with a `/` after its path, before its query; empty components are dropped, so that `//host`
  /// cannot make it a link to another site.
  static func folderURL(_ target: String) -> String {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0].split(separator: "/").joined(separator: "/")
    return "/" + path + "/" + (parts.count > 1 ? "?" + parts[1] : "")
  }
}
