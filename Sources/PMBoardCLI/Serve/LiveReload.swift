import Foundation
import Synchronization

/// How `serve` reloads open pages after a rebuild. The site runs under `Content-Security-Policy: script-src
/// 'self'`, which forbids inline script, so each served page gets a `<script src>` to a file the server itself
/// answers (never written into the site); the script asks for the build's generation every second and reloads the
/// page once it differs from the generation the page was served at.
package final class LiveReload: Sendable {
  /// The paths the server answers itself, before it looks in the site (no build makes a `__pmboard` folder).
  static let prefix = "/__pmboard/"
  static let scriptPath = prefix + "reload.js"
  static let generationPath = prefix + "generation"

  private let counter = Atomic<Int>(0)

  /// The number of builds that succeeded since `serve` started.
  var generation: Int { counter.load(ordering: .relaxed) }

  /// Counts one more successful build: the open pages reload at their next check.
  func advance() { counter.add(1, ordering: .relaxed) }

  /// The script, which polls rather than holding a connection open: on loopback a request a second costs nothing,
  /// and a server stopped and started again is picked up without any reconnection logic.
  static let script = """
    /* pmboard serve: reloads this page when the site is rebuilt. Added to pages by `pmboard serve` only. */
    (function () {
      "use strict";
      var tag = document.currentScript;
      var served = tag && tag.getAttribute("data-generation");
      function check() {
        fetch("\(generationPath)", { cache: "no-store" })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (now) {
            if (now !== null && served !== null && now.trim() !== served) { location.reload(); return; }
            setTimeout(check, 1000);
          })
          .catch(function () { setTimeout(check, 1000); });
      }
      setTimeout(check, 1000);
    })();

    """

  /// `page` with the script's tag added before its `</head>` (else its `</body>`, else at its end), saying the
  /// generation the page is served at.
  package static func inject(into page: Data, generation: Int) -> Data {
    let tag = Data("<script src=\"\(scriptPath)\" data-generation=\"\(generation)\" defer></script>".utf8)
    guard let at = position(of: "</head", in: page) ?? position(of: "</body", in: page) else { return page + tag }
    var out = page
    out.insert(contentsOf: tag, at: at)
    return out
  }

  /// Where the first `marker` (ASCII, lower case) starts in `page`, in any letter case.
  private static func position(of marker: String, in page: Data) -> Data.Index? {
    let needle = Array(marker.utf8)
    guard page.count >= needle.count else { return nil }
    var index = page.startIndex
    let last = page.endIndex - needle.count
    while index <= last {
      if page[index] == needle[0], zip(needle.indices, needle).allSatisfy({ page[index + $0] | 0x20 == $1 | 0x20 }) {
        return index
      }
      index += 1
    }
    return nil
  }
}
