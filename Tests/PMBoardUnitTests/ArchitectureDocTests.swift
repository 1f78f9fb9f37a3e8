import Foundation
import Testing

/// ARCHITECTURE.md is a map, and a map that names a file or a type that is gone sends the reader the wrong way:
/// every path and Swift name it gives in backticks or links must exist on the branch, and it must stay short
/// enough to read in one sitting (details belong in the code's comments and docs/).
@Suite struct ArchitectureDocTests {
  static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// `wc -w ARCHITECTURE.md` at most: about a quarter of an hour's reading.
  static let wordLimit = 3_500

  @Test func everyNamedPathExists() throws {
    let text = try Self.architecture()
    let missing = ArchitectureMap.paths(in: text).filter { !ArchitectureMap.exists($0, under: Self.root) }
    #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing.sorted())")
  }

  @Test func everyNamedTypeAndMemberIsDeclared() throws {
    let text = try Self.architecture()
    let declarations = try ArchitectureMap.Declarations(root: Self.root)
    let unknown = ArchitectureMap.swiftNames(in: text).filter { !declarations.declares($0) }
    #expect(
      unknown.isEmpty,
      "ARCHITECTURE.md names what no file under Sources/ or Tests/ declares: \(unknown.sorted())")
  }

  @Test func itStaysAMap() throws {
    let words = ArchitectureMap.wordCount(try Self.architecture())
    #expect(words <= Self.wordLimit, "ARCHITECTURE.md has \(words) words; keep it at most \(Self.wordLimit)")
  }

  /// The checks catch what they are for: a planted path, type and member that do not exist are named, while the
  /// real ones beside them are not.
  @Test func aPlantedBadNameIsCaught() throws {
    let text = """
      See [the builder](Sources/PMBoardSite/Pipeline/SiteBuilder.swift) and `Sources/PMBoardSite/NoSuchFile.swift`,
      `SiteBuilder.build`, `SiteBuilder.noSuchMember`, `NoSuchType` and `scripts/test quick`.
      """
    let declarations = try ArchitectureMap.Declarations(root: Self.root)
    let missing = ArchitectureMap.paths(in: text).filter { !ArchitectureMap.exists($0, under: Self.root) }
    let unknown = ArchitectureMap.swiftNames(in: text).filter { !declarations.declares($0) }
    #expect(missing == ["Sources/PMBoardSite/NoSuchFile.swift"])
    #expect(unknown.sorted() == ["NoSuchType", "SiteBuilder.noSuchMember"])
    #expect(ArchitectureMap.wordCount("a  b\nc\t`d e`") == 5)
  }

  static func architecture() throws -> String {
    try String(contentsOf: root.appending(path: "ARCHITECTURE.md"), encoding: .utf8)
  }
}

/// What the checks read out of the document and the sources.
enum ArchitectureMap {
  /// The folders of the repository a path in the document may start with.
  static let roots = ["Sources", "Tests", "docs", "scripts", "Fuzz", "Plugins", "Templates", "Public"]

  /// The text of every backtick span and every link target (`[text](target)`, its `#anchor` dropped).
  static func spans(in text: String) -> [String] {
    let code = text.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }
    let links = text.matches(of: /\]\(([^)\s]+)\)/).map { String($0.output.1.prefix { $0 != "#" }) }
    return code + links
  }

  /// Every repository path in a span, where it starts (`scripts/test quick` names `scripts/test`).
  static func paths(in text: String) -> Set<String> {
    let alternatives = roots.joined(separator: "|")
    // A path starts a span or follows a character no path holds (`Tests/Scripts/x` is one path, not two).
    guard let pattern = try? Regex("(?:^|[^A-Za-z0-9_./+-])((?:\(alternatives))/[A-Za-z0-9_./+-]*)") else { return [] }
    var found: Set<String> = []
    for span in spans(in: text) {
      for match in span.matches(of: pattern) {
        guard let matched = match.output[1].substring else { continue }
        var path = String(matched)
        while path.hasSuffix(".") || path.hasSuffix(",") { path.removeLast() }
        found.insert(path)
      }
    }
    return found
  }

  static func exists(_ path: String, under root: URL) -> Bool {
    FileManager.default.fileExists(atPath: root.appending(path: path).path)
  }

  /// Every span that is a Swift name as a whole: `Type`, `Type.member`, `Outer.Inner.member`, a member with its
  /// argument labels (`SiteWriter.reuse(_:fingerprint:)`). A type is UpperCamelCase with a lowercase letter in
  /// it (`TODO` and `GET` are words, not types).
  static func swiftNames(in text: String) -> Set<String> {
    let name = /[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9]*)*(\([A-Za-z0-9_:]*\))?/
    return Set(text.matches(of: /`([^`\n]+)`/).map { String($0.output.1) }.filter { $0.wholeMatch(of: name) != nil })
  }

  /// Every word as `wc -w` counts them: runs of characters between white space.
  static func wordCount(_ text: String) -> Int {
    text.split(whereSeparator: \.isWhitespace).count
  }

  /// The types declared under Sources/ and Tests/ (and the plugins' and fuzz targets' sources), the files each is
  /// declared or extended in, and the module names Package.swift gives.
  struct Declarations {
    /// Type name → the text of every file that declares or extends it.
    var files: [String: [String]] = [:]
    var modules: Set<String> = []

    init(root: URL) throws {
      let package = try String(contentsOf: root.appending(path: "Package.swift"), encoding: .utf8)
      modules = Set(package.matches(of: /name: "([^"]+)"/).map { String($0.output.1) })
      // NSRegularExpression rather than Swift's `Regex`: over every source file, several times faster.
      let declaration = try NSRegularExpression(
        pattern: #"\b(?:struct|enum|class|protocol|actor|typealias|extension)\s+(?:\w+\.)*(\w+)"#)
      for folder in ["Sources", "Tests", "Plugins", "Fuzz"] {
        let enumerator = FileManager.default.enumerator(
          at: root.appending(path: folder), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
          guard url.pathExtension == "swift", let source = try? String(contentsOf: url, encoding: .utf8) else {
            continue
          }
          let matches = declaration.matches(in: source, range: NSRange(source.startIndex..., in: source))
          let types = Set(matches.compactMap { Range($0.range(at: 1), in: source).map { String(source[$0]) } })
          for type in types { files[type, default: []].append(source) }
        }
      }
    }

    /// Whether `name`'s types are declared and its member (the last component, when lowercase) is declared in a
    /// file that declares or extends the innermost type.
    func declares(_ name: String) -> Bool {
      let components = name.prefix { $0 != "(" }.split(separator: ".").map(String.init)
      let types = components.prefix { $0.first?.isUppercase == true }
      guard types.count == components.count || types.count == components.count - 1 else { return false }
      if types.count == 1, components.count == 1, modules.contains(types[0]) { return true }
      guard types.allSatisfy({ files[$0] != nil }), let innermost = types.last else { return false }
      guard components.count > types.count, let member = components.last else { return true }
      guard
        let memberPattern = try? NSRegularExpression(
          pattern: "\\b(?:func|var|let|case)\\s+`?\(member)`?\\b|\\bcase\\s+[^\\n]*,\\s*\(member)\\b")
      else { return false }
      return files[innermost, default: []].contains { source in
        source.contains(member)
          && memberPattern.firstMatch(in: source, range: NSRange(source.startIndex..., in: source)) != nil
      }
    }
  }
}
