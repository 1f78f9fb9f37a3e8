import Foundation
import PMBoardBytes

/// `serve`'s answers: the site's files with their types, the live-reload script and generation, and short errors.
/// GET and HEAD only; nothing outside the site folder, nothing through a symbolic link, nothing whose path has a
/// component starting with `.`.
struct SiteRequestHandler: Sendable {
  /// The site folder, as an absolute path: opened anew for each request, since a build swaps in a new folder.
  let folder: String
  let reload: LiveReload
  /// The names answered in `Host:`, besides `localhost` and IP addresses.
  var hosts = AllowedHosts(names: [])

  /// The answer when the request's `Host:` is not one to answer (a 403 saying how to allow it), else nil.
  func hostRefusal(head: [UInt8]) -> HTTPAnswer? {
    switch hosts.verdict(head: head) {
    case .allowed: return nil
    case .malformed: return Self.plain(400, "Bad Request")
    case .refused(let host):
      // The body says what to do: a name of one's own (an /etc/hosts entry) is given with --allow-host.
      var answer = Self.plain(403, "Forbidden")
      answer.body = Data(
        ("403 Forbidden: pmboard serve answers localhost and IP addresses; to answer \(host) too, run it with "
          + "--allow-host \(host)\n").utf8)
      return answer
    }
  }

  /// The answer to `method` on `target`, the request's path and query as sent (still percent-encoded, so that the
  /// checks of ``SitePath`` see every `..`). HEAD gets GET's answer, which is sent without its body.
  func answer(method: String, target: String) -> HTTPAnswer {
    guard method == "GET" || method == "HEAD" else {
      return Self.plain(405, "Method Not Allowed", extra: [("Allow", "GET, HEAD")])
    }
    let path: SitePath
    do {
      path = try SitePath(target: target)
    } catch .malformed {
      return Self.plain(400, "Bad Request")
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
      guard path.endsWithSlash else {
        return Self.plain(301, "Moved Permanently", extra: [("Location", Self.folderURL(target))])
      }
      guard let inner = parent.openFolder(name) else { return Self.notFound }
      return file("index.html", in: inner)
    }
    return path.endsWithSlash ? Self.notFound : file(name, in: parent)
  }

  /// The regular file `name` in `parent` (a link is not followed), with its type; a page gets the reload script.
  private func file(_ name: String, in parent: FolderHandle) -> HTTPAnswer {
    guard var body = parent.contents(of: name) else { return Self.notFound }
    let type = MediaType.of(name)
    if type == MediaType.html { body = LiveReload.inject(into: body, generation: reload.generation) }
    return HTTPAnswer(status: 200, reason: "OK", headers: Self.headers(type), body: body)
  }

  /// The server's own files, under ``LiveReload/prefix``.
  private func own(_ path: SitePath) -> HTTPAnswer {
    switch "/" + path.components.joined(separator: "/") {
    case LiveReload.scriptPath:
      HTTPAnswer(
        status: 200, reason: "OK", headers: Self.headers(MediaType.of("reload.js")), body: Data(LiveReload.script.utf8))
    case LiveReload.generationPath:
      HTTPAnswer(
        status: 200, reason: "OK", headers: Self.headers(MediaType.of("generation.txt")),
        body: Data("\(reload.generation)\n".utf8))
    default:
      Self.notFound
    }
  }

  /// Every answer may change with the next build, so the browser asks again each time (`no-cache` lets it keep a
  /// copy to revalidate; no validator is sent, so it gets the file again); `nosniff` holds it to the type said.
  private static func headers(_ type: String) -> [(name: String, value: String)] {
    [("Content-Type", type), ("Cache-Control", "no-cache"), ("X-Content-Type-Options", "nosniff")]
  }

  /// A short plain-text answer: the status and its reason, as one line.
  static func plain(_ status: Int, _ reason: String, extra: [(name: String, value: String)] = []) -> HTTPAnswer {
    HTTPAnswer(
      status: status, reason: reason, headers: headers(MediaType.of("status.txt")) + extra,
      body: Data("\(status) \(reason)\n".utf8))
  }

  private static let notFound = plain(404, "Not Found")

  /// `target` with a `/` after its path, before its query; empty components are dropped, so that `//host`
  /// cannot make it a link to another site.
  static func folderURL(_ target: String) -> String {
    let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let path = parts[0].split(separator: "/").joined(separator: "/")
    return "/" + path + "/" + (parts.count > 1 ? "?" + parts[1] : "")
  }
}
