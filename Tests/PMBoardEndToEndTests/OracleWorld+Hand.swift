import Foundation
import PMBoardSite
import PMBoardTestSupport

/// What a person does to the built site between two builds or while one runs (issue 39): a page replaced,
/// removed or edited in place, a file of their own added, and a link, FIFO or folder put where pmboard keeps a
/// page or folder, in the live site or in the spare beside it.
enum HandEdit: Sendable, CustomStringConvertible {
  /// A page replaced by a new file renamed over it (as editors and `sed -i` do).
  case replace(page: Int)
  case remove(page: Int)
  /// A page appended to in place; the next build is a verifying one (`build --verify`).
  case editInPlace(page: Int)
  /// A file of the user's own added at a depth (0: the top, 1: a locale's folder, 2: below it).
  case add(depth: Int)
  /// A link (to a folder outside the site), a FIFO or an empty folder put in place of one of pmboard's entries at
  /// a depth, in the live site or the spare; `during` plants it once the build has started to render.
  case plant(Planted, inSpare: Bool, depth: Int, entry: Int, during: Bool)

  enum Planted: String, Sendable, CaseIterable { case link, fifo, folder }

  var description: String {
    switch self {
    case .replace(let page): "by hand: page #\(page) replaced"
    case .remove(let page): "by hand: page #\(page) removed"
    case .editInPlace(let page): "by hand: page #\(page) edited in place, then build --verify"
    case .add(let depth): "by hand: a file of the user's at depth \(depth)"
    case .plant(let kind, let inSpare, let depth, let entry, let during):
      "by hand: a \(kind.rawValue) in place of entry #\(entry) at depth \(depth) of the \(inSpare ? "spare" : "site")"
        + (during ? " while the build runs" : "")
    }
  }

  /// The kind of edit, for the oracle's coverage (``OracleStep/kind``).
  var kind: String {
    switch self {
    case .replace: "replace"
    case .remove: "remove"
    case .editInPlace: "edit in place"
    case .add: "add"
    case .plant: "plant"
    }
  }

  /// Every ``kind`` ``random(_:)`` makes.
  static var kinds: [String] {
    ["replace", "remove", "edit in place", "add", "plant"]
  }

  static func random(_ random: inout SplitMix64) -> HandEdit {
    let index = random.below(1000)
    switch random.below(6) {
    case 0: return .replace(page: index)
    case 1: return .remove(page: index)
    case 2: return .editInPlace(page: index)
    case 3: return .add(depth: random.below(3))
    default:
      let inSpare = random.below(2) == 0
      return .plant(
        OracleStep.pick(Planted.allCases, &random), inSpare: inSpare, depth: random.below(3), entry: index,
        during: !inSpare && random.below(2) == 0)
    }
  }
}

extension OracleWorld {
  /// The folder every planted link leads to, with one file that must never change.
  static let outside = "outside"

  func applyByHand(_ edit: HandEdit, _ random: inout SplitMix64) throws {
    let site = root.path + "/" + Self.incremental
    switch edit {
    case .replace(let page):
      guard let path = pick(page, in: site) else { return }
      try Data("replaced by hand".utf8).write(to: URL(fileURLWithPath: site + "/" + path), options: .atomic)
    case .remove(let page):
      guard let path = pick(page, in: site) else { return }
      try FileManager.default.removeItem(atPath: site + "/" + path)
    case .editInPlace(let page):
      guard let path = pick(page, in: site), let handle = FileHandle(forWritingAtPath: site + "/" + path) else {
        return
      }
      try handle.seekToEnd()
      try handle.write(contentsOf: Data("<!-- edited in place -->".utf8))
      try handle.close()
      verifyNext = true
    case .add(let depth):
      let folders = entries(in: site, depth: depth, folders: true)
      let folder = folders.isEmpty ? "" : folders[random.below(folders.count)]
      let path = (folder.isEmpty ? "" : folder + "/") + "notes-\(userFiles.count).txt"
      try Data("the user's".utf8).write(to: URL(fileURLWithPath: site + "/" + path))
      userFiles.append(path)
    case .plant(let kind, let inSpare, let depth, let entry, let during):
      let base = inSpare ? root.path + "/.\(Self.incremental).pmboard-spare" : site
      let plant: @Sendable () -> Void = { [root] in
        let found = OracleWorld.pmboardEntries(in: base, depth: depth)
        guard !found.isEmpty else { return }
        let path = base + "/" + found[entry % found.count]
        try? FileManager.default.removeItem(atPath: path)
        switch kind {
        case .link: _ = symlink(root.path + "/" + Self.outside, path)
        case .fifo: _ = mkfifo(path, 0o644)
        case .folder: _ = mkdir(path, 0o755)
        }
      }
      if during { duringBuild = plant } else { plant() }
    }
  }

  /// Makes the folder planted links lead to.
  func makeOutside() throws {
    let folder = root.path + "/" + Self.outside
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data("not the site's".utf8).write(to: URL(fileURLWithPath: folder + "/sentinel.html"))
  }

  /// What is wrong after a build with what was done by hand: the folder outside changed, or a user's file was not
  /// kept. The user's files are then taken out of the site, so that it compares with a fresh one.
  func checkByHand() throws -> String? {
    let outside = root.path + "/" + Self.outside
    let found = try FileManager.default.subpathsOfDirectory(atPath: outside)
    if found != ["sentinel.html"]
      || FileManager.default.contents(atPath: outside + "/sentinel.html")
        != Data("not the site's".utf8)
    {
      return "the folder a planted link leads to changed: \(found)"
    }
    let site = root.path + "/" + Self.incremental
    for path in userFiles {
      guard FileManager.default.contents(atPath: site + "/" + path) == Data("the user's".utf8) else {
        return "the user's file \(path) was not kept"
      }
      try FileManager.default.removeItem(atPath: site + "/" + path)
    }
    userFiles = []
    return nil
  }

  /// The `index`-th (modulo) page the site's manifest lists; nil when none.
  private func pick(_ index: Int, in site: String) -> String? {
    let pages =
      (try? String(contentsOfFile: site + "/" + OracleTree.manifest, encoding: .utf8))?
      .split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) } ?? []
    return pages.isEmpty ? nil : pages[index % pages.count]
  }

  /// The entries of pmboard's at `depth` below `base` (files the manifest lists and folders holding them), sorted.
  static func pmboardEntries(in base: String, depth: Int) -> [String] {
    let listed =
      (try? String(contentsOfFile: base + "/" + OracleTree.manifest, encoding: .utf8))?
      .split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) } ?? []
    let entries = Set(
      listed.compactMap { path -> String? in
        let parts = path.split(separator: "/")
        return parts.count > depth ? parts.prefix(depth + 1).joined(separator: "/") : nil
      })
    return entries.sorted()
  }

  /// The folders (or files) at `depth` below `site`, sorted.
  private func entries(in site: String, depth: Int, folders: Bool) -> [String] {
    let all = (try? FileManager.default.subpathsOfDirectory(atPath: site)) ?? []
    return all.filter { path in
      path.split(separator: "/").count == depth && isRealFolder(site + "/" + path) == folders
    }.sorted()
  }
}

/// Whether `path` is a folder itself (a link to one is not).
private func isRealFolder(_ path: String) -> Bool {
  ((try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType) == .typeDirectory
}
