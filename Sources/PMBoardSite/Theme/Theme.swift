import Foundation
import PMBoardBytes
import PMBoardCore

/// The templates, locale catalogs and static assets a build uses, after the lookup order is applied:
/// a site's own folder (`--templates`/`--public`, else `./Templates`/`./Public`) wins file by file over the
/// built-in theme compiled into the binary.
public struct Theme: Sendable {
  /// A file of the theme with the path shown in messages.
  public struct File: Sendable {
    public var path: String
    public var data: Data
    public var text: String { String(decoding: data, as: UTF8.self) }
  }

  /// Template name (file name without `.mustache`, as `{{> name}}` uses it) → file.
  public var templates: [String: File]
  /// Locale code → catalog file.
  public var catalogs: [String: File]
  /// Path under `assets/` → file.
  public var assets: [String: File]
  /// Problems found while assembling (two templates with one name).
  public var problems: [Diagnostic]
  /// Whether every template and catalog is the built-in theme's: its check is then ``BuiltInTheme/checked``.
  public var hasBuiltInTemplates = false

  /// The page templates a site needs, one a page kind (``SiteRenderer/pageKinds``); the rest are partials.
  public static let pageTemplates = SiteRenderer.pageKinds.map { $0.template }

  /// Assembles the theme. `templatesDir`/`publicDir` nil means `./Templates`/`./Public` when they exist.
  public static func load(templatesDir: String?, publicDir: String?, workingDirectory: URL) throws -> Theme {
    var layers = BuiltInTheme.files
    let changed = try overlay(
      &layers, prefix: "Templates", folder: templatesDir, fallback: "Templates", in: workingDirectory)
    try overlay(&layers, prefix: "Public", folder: publicDir, fallback: "Public", in: workingDirectory)
    var theme = assemble(layers)
    theme.hasBuiltInTemplates = changed == 0
    return theme
  }

  /// The theme of these files by path (`Templates/…`, `Public/…`).
  static func assemble(_ layers: [String: File]) -> Theme {
    var theme = Theme(templates: [:], catalogs: [:], assets: [:], problems: [])
    for (key, file) in layers.sorted(by: { $0.key < $1.key }) {
      if key.hasPrefix("Public/") {
        theme.assets[String(key.dropFirst("Public/".count))] = file
      } else if key.hasPrefix("Templates/locales/"), key.hasSuffix(".yml") || key.hasSuffix(".yaml") {
        let code = ((key as NSString).lastPathComponent as NSString).deletingPathExtension
        theme.catalogs[code] = file
      } else if key.hasSuffix(".mustache") {
        let name = ((key as NSString).lastPathComponent as NSString).deletingPathExtension
        if let other = theme.templates[name] {
          theme.problems.append(
            Diagnostic(
              file: file.path, line: 1, column: 1,
              code: "theme.duplicate-name",
              message: "a template named `\(name)` is already at \(other.path); template names must be unique"))
        }
        theme.templates[name] = file
      }
    }
    return theme
  }

  /// Refuses FIFOs, sockets and devices: reading a FIFO would wait forever for a writer.
  private static func refuseSpecialFile(_ path: String, shown: String) throws {
    guard let info = POSIX.status(path) else { return }
    guard info.st_mode & S_IFMT == S_IFREG else { throw ThemeError.notARegularFile(shown) }
  }

  /// Refuses a public folder that holds the site being written or the store: `--public .` would publish the
  /// board's database and nest every build inside the next.
  public static func checkPublicFolder(
    _ publicDir: String?, out: String, store: String?, workingDirectory: URL
  ) throws {
    guard let publicDir else { return }
    let root = URL(fileURLWithPath: publicDir, relativeTo: workingDirectory).resolvingSymlinksInPath().path
    func inside(_ path: String) -> Bool {
      let real = URL(fileURLWithPath: path, relativeTo: workingDirectory).resolvingSymlinksInPath().path
      return real == root || real.hasPrefix(root + "/")
    }
    if inside(out) { throw ThemeError.containsSite(folder: publicDir, what: "the output folder \(out)") }
    if let store, !store.contains("://"), inside(store) {
      throw ThemeError.containsSite(folder: publicDir, what: "the store \(store)")
    }
  }

  /// Lays the files of `folder` over `layers`; returns how many are not byte for byte the file they replace (a
  /// copy of the built-in theme, as in pmboard's own checkout, changes nothing).
  @discardableResult
  private static func overlay(
    _ layers: inout [String: File], prefix: String, folder: String?, fallback: String, in directory: URL
  ) throws -> Int {
    let url = URL(fileURLWithPath: folder ?? fallback, relativeTo: directory).standardizedFileURL
    guard POSIX.isFolder(url.path) else {
      if let folder { throw ThemeError.missingFolder(folder) }
      return 0
    }
    var count = 0
    let shown = folder ?? fallback
    // Paths, not URLs: the URL enumerator with resource values cost half a millisecond per file, a tenth of a
    // small build.
    let root = url.path
    let realRoot = url.resolvingSymlinksInPath().path
    for relative in (try? FileManager.default.subpathsOfDirectory(atPath: root)) ?? [] {
      let path = root + "/" + relative
      // Hidden files and folders (.DS_Store, .git) are not part of a theme; neither are dangling links.
      guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
        let info = POSIX.status(path), info.st_mode & S_IFMT != S_IFDIR
      else { continue }
      // A theme from a pull request must not publish the build machine's files through a symbolic link.
      let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
      guard real.hasPrefix(realRoot + "/") else {
        throw ThemeError.linkOutside("\(shown)/\(relative)", target: real, folder: shown)
      }
      try refuseSpecialFile(path, shown: "\(shown)/\(relative)")
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      let key = "\(prefix)/\(relative)"
      if layers[key]?.data != data { count += 1 }
      layers[key] = File(path: "\(shown)/\(relative)", data: data)
    }
    return count
  }
}

/// A theme folder named on the command line or in pmboard.yml that is not there or not safe to publish.
public enum ThemeError: Error, PMBoardFailure {
  case missingFolder(String)
  case linkOutside(String, target: String, folder: String)
  case notARegularFile(String)
  case containsSite(folder: String, what: String)

  public var description: String {
    switch self {
    case .missingFolder(let path): "\(path) is not a directory; check --templates / --public or pmboard.yml"
    case .linkOutside(let path, let target, let folder):
      "\(path) is a symbolic link to \(target), outside \(folder); pmboard publishes only files inside the theme "
        + "folders — copy the file in or remove the link"
    case .notARegularFile(let path):
      "\(path) is not a regular file (a FIFO, socket or device); remove it from the theme folder"
    case .containsSite(let folder, let what):
      "the public folder \(folder) contains \(what), which would be published; "
        + "choose a folder of static files only for --public"
    }
  }
}
