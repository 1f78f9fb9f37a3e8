import Foundation

/// Follows every link of a built site: each `href` and `src` of every page and change feed, and every address the
/// search index leads to (a result's, from its part's `href` or `pages` table and id files, and the search page's), and lists
/// those that do not reach a file of the site. A link with a scheme is left alone when it is http(s) or mailto (a
/// task's own link, a body's address) and counts as broken otherwise; a fragment must name an `id` of the page it
/// leads to.
struct SiteLinks {
  /// The site's folder.
  let site: URL
  /// Every regular file of the site, by path from its folder.
  let files: Set<String>
  /// The `id`s of each page whose fragments were looked for.
  private var ids: [String: Set<String>] = [:]
  /// How many links were followed.
  private(set) var followed = 0
  /// "page: link" for each link that leads nowhere.
  private(set) var broken: [String] = []
  /// The same for a change feed's link whose file is there but not the fragment (a feed once linked a task's card
  /// on the board page, `index.html#t-ID`, which a capped column leaves off).
  private(set) var feedFragmentsMissing: [String] = []

  init(site: URL) throws {
    self.site = site
    var files: Set<String> = []
    let root = site.standardizedFileURL.path + "/"
    let walk = FileManager.default.enumerator(at: site, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = walk?.nextObject() as? URL {
      guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
      files.insert(String(url.standardizedFileURL.path.dropFirst(root.count)))
    }
    self.files = files
  }

  /// Follows every link of the site's pages and feeds and of its search index.
  mutating func check() throws {
    for path in files.sorted() where path.hasSuffix(".html") || path.hasSuffix(".atom") {
      let bytes = [UInt8](try Data(contentsOf: site.appendingPathComponent(path)))
      for link in Self.attributes(["href", "src"], in: bytes) { follow(link, from: path) }
    }
    try checkSearchIndex()
  }

  /// Follows `link`, written in the file `page`.
  mutating func follow(_ link: String, from page: String) {
    followed += 1
    let lowered = link.lowercased()
    if ["http://", "https://", "mailto:"].contains(where: lowered.hasPrefix) { return }
    var target = link
    var fragment: String?
    if let hash = target.firstIndex(of: "#") {
      fragment = String(target[target.index(after: hash)...])
      target = String(target[..<hash])
    }
    if let query = target.firstIndex(of: "?") { target = String(target[..<query]) }
    guard !target.contains(":"), let path = Self.resolve(target.removingPercentEncoding ?? target, from: page),
      files.contains(path)
    else {
      broken.append("\(page): \(link)")
      return
    }
    guard let fragment, !fragment.isEmpty, path.hasSuffix(".html") else { return }
    if ids[path] == nil {
      let bytes = (try? Data(contentsOf: site.appendingPathComponent(path))).map { [UInt8]($0) } ?? []
      ids[path] = Set(Self.attributes(["id"], in: bytes))
    }
    if ids[path]?.contains(fragment.removingPercentEncoding ?? fragment) != true {
      if page.hasSuffix(".html") {
        broken.append("\(page): \(link) (no id \(fragment))")
      } else {
        feedFragmentsMissing.append("\(page): \(link)")
      }
    }
  }

  /// `link` (without fragment and query) from the file `page`, as a path from the site's folder; nil when it leaves
  /// the site. An empty link is the page itself.
  static func resolve(_ link: String, from page: String) -> String? {
    if link.isEmpty { return page }
    var parts = link.hasPrefix("/") ? [] : page.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    for part in link.split(separator: "/", omittingEmptySubsequences: false) {
      switch part {
      case ".": continue
      case "..":
        guard !parts.isEmpty else { return nil }
        parts.removeLast()
      default: parts.append(part)
      }
    }
    return parts.joined(separator: "/")
  }

  /// The values of the attributes `names` (written `name="…"` after a space, as the templates write them), with
  /// their character references read.
  static func attributes(_ names: [String], in bytes: [UInt8]) -> [String] {
    let names = names.map { Array($0.utf8) }
    var values: [String] = []
    var index = 0
    while let equals = bytes[index...].firstIndex(of: UInt8(ascii: "=")) {
      index = equals + 1
      guard equals + 1 < bytes.count, bytes[equals + 1] == UInt8(ascii: "\"") else { continue }
      let named = names.contains { name in
        equals > name.count && bytes[(equals - name.count)..<equals].elementsEqual(name)
          && [0x20, 0x0A, 0x09].contains(bytes[equals - name.count - 1])
      }
      guard named, let end = bytes[(equals + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
      values.append(Self.unescaped(String(decoding: bytes[(equals + 2)..<end], as: UTF8.self)))
      index = end + 1
    }
    return values
  }

  /// `text` with the character references the pages write (`&amp;`, `&quot;`, `&#39;`, `&lt;`, `&gt;`) read.
  static func unescaped(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&amp;", with: "&")
  }
}

extension SiteLinks {
  /// The search index: from each locale's folder (`search/<code>.js` names it and its search page), the address
  /// of every result of every part, as `search.js` makes it from the part's `href` table and its id files.
  mutating func checkSearchIndex() throws {
    let scripts = files.filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }
    let words = try scripts.compactMap { path -> (code: String, words: [String: Any])? in
      let name = String(path.dropFirst("search/".count).dropLast(".js".count))
      guard files.contains("\(name)/index.html") else { return nil }
      return (name, try Self.json(of: path, in: site) as? [String: Any] ?? [:])
    }
    for (code, words) in words {
      let page = "\(code)/index.html"
      guard let searchPage = words["searchPage"] as? String else {
        broken.append("search/\(code).js: no searchPage")
        continue
      }
      follow(searchPage, from: page)
      for part in words["parts"] as? [String] ?? [] {
        let tasks = try Self.json(of: "search/\(part).js", in: site) as? [String: Any] ?? [:]
        let links = tasks["href"] as? [String: [String]] ?? [:]
        // A site without task pages whose columns are cut into pages: each task's page of its column's.
        let pageLinks = tasks["pages"] as? [String: [[String]]]
        let pageOf = tasks["page"] as? [Int]
        let states = Array(tasks["state"] as? String ?? "")
        // Each task's id file is its bucket's (`idDigits` hex digits a task), its place the count before it there.
        let digits = tasks["idDigits"] as? Int ?? 1
        let buckets = Array(tasks["bucket"] as? String ?? "")
        guard buckets.count == states.count * digits else {
          broken.append("search/\(part).js: \(buckets.count) bucket digits for \(states.count) tasks")
          continue
        }
        var places: [String: [Int]] = [:]
        for task in states.indices {
          let key = String(buckets[(task * digits)..<((task + 1) * digits)])
          places[key, default: []].append(task)
        }
        for (key, members) in places.sorted(by: { $0.key < $1.key }) {
          let ids = try Self.json(of: "search/\(part)-ids-\(key).js", in: site) as? [String] ?? []
          if ids.count != members.count { broken.append("search/\(part)-ids-\(key).js: \(ids.count) ids") }
          for (id, task) in zip(ids, members) {
            let state = String(states[task])
            let paged = pageOf.flatMap { pages in pageLinks?[state].map { $0[pages[task]] } }
            guard let around = paged ?? links[state], around.count == 2 else {
              broken.append("search/\(part).js: no href for state \(state)")
              continue
            }
            follow(around[0] + id + around[1], from: page)
          }
        }
      }
    }
  }

  /// The JSON the index's script `path` hands over (`PMBoardSearch["name"]=…;`).
  static func json(of path: String, in site: URL) throws -> Any {
    let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
    guard let start = text.firstIndex(of: "="), text.hasSuffix(";\n") else { return [:] }
    return try JSONSerialization.jsonObject(with: Data(text[text.index(after: start)...].dropLast(2).utf8))
  }
}
