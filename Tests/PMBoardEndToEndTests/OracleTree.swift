import Foundation

/// A site folder as the oracle compares it: every entry by its path relative to the folder, with its type and its
/// bytes (a file's contents, a symbolic link's target). Links are not followed.
struct OracleTree: Equatable {
  enum Entry: Equatable {
    case folder
    case file(Data)
    case link(String)
    case other(FileAttributeType)
  }

  private(set) var entries: [String: Entry] = [:]

  /// The manifest, whose heading ends with the build's key (`<TAB>key KEY TASKS ENTRIES FILES`,
  /// `SiteManifest`). The key sums up every input, the output folder's name included, so two sites built from the
  /// same inputs into two folders have two keys; the counts after it must still agree.
  static let manifest = ".pmboard-manifest"

  init(folder: String) throws {
    try read(folder, relative: "")
  }

  private mutating func read(_ folder: String, relative: String) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: folder).sorted() {
      let path = folder + "/" + name
      let key = relative.isEmpty ? name : relative + "/" + name
      // `attributesOfItem` reads the entry itself (lstat): a link is reported as a link.
      let type = try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
      switch type {
      case .typeDirectory?:
        entries[key] = .folder
        try read(path, relative: key)
      case .typeRegular?:
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        entries[key] = .file(key == Self.manifest ? Self.withoutKey(data) : data)
      case .typeSymbolicLink?:
        entries[key] = .link(try FileManager.default.destinationOfSymbolicLink(atPath: path))
      default:
        entries[key] = .other(type ?? .typeUnknown)
      }
    }
  }

  /// The manifest with its heading's key (the one field after `key `) replaced by `KEY`; all else as it is.
  static func withoutKey(_ data: Data) -> Data {
    let bytes = [UInt8](data)
    let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    let mark = Array("\tkey ".utf8)
    guard let start = (0...max(0, newline - mark.count)).first(where: { Array(bytes[$0..<$0 + mark.count]) == mark })
    else { return data }
    let keyStart = start + mark.count
    let keyEnd = bytes[keyStart..<newline].firstIndex(of: UInt8(ascii: " ")) ?? newline
    return Data(bytes[..<keyStart] + Array("KEY".utf8) + bytes[keyEnd...])
  }

  /// The first path (in path order) where `self` (the incremental site) and `fresh` differ, with how; nil when
  /// they are the same.
  func firstDifference(from fresh: OracleTree) -> String? {
    for path in Set(entries.keys).union(fresh.entries.keys).sorted() where entries[path] != fresh.entries[path] {
      if case .file(let mine)? = entries[path], case .file(let theirs)? = fresh.entries[path] {
        return "\(path): the files differ (\(mine.count) and \(theirs.count) bytes); " + Self.firstLines(mine, theirs)
      }
      return "\(path): incremental has \(Self.describe(entries[path])), fresh has \(Self.describe(fresh.entries[path]))"
    }
    return nil
  }

  private static func describe(_ entry: Entry?) -> String {
    switch entry {
    case nil: "nothing"
    case .folder?: "a folder"
    case .file(let data)?: "a file of \(data.count) bytes"
    case .link(let target)?: "a link to \(target)"
    case .other(let type)?: "an entry of type \(type.rawValue)"
    }
  }

  /// The first line where two text files differ, as each has it (cut to a readable length).
  private static func firstLines(_ mine: Data, _ theirs: Data) -> String {
    let (a, b) = [mine, theirs].map { String(decoding: $0, as: UTF8.self).components(separatedBy: "\n") }.pair
    let line = zip(a, b).prefix { $0 == $1 }.count
    // Around the first character that differs: a page's line can be long.
    let common = line < min(a.count, b.count) ? zip(a[line], b[line]).prefix { $0 == $1 }.count : 0
    func shown(_ lines: [String]) -> String {
      guard line < lines.count else { return "(no line)" }
      let text = Array(lines[line])
      let start = max(0, common - 80)
      return (start > 0 ? "…" : "") + String(text[start..<min(text.count, common + 160)])
    }
    return "line \(line + 1): incremental `\(shown(a))`, fresh `\(shown(b))`"
  }
}

extension Array {
  fileprivate var pair: (Element, Element) { (self[0], self[1]) }
}
