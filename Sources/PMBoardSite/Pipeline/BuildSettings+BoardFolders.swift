import Foundation
import PMBoardCore

/// The folders of a PostgreSQL database's boards (`boards: postgres://…`), whose names `init` takes as they come
/// (`모바일`, `team web`, `Web-Team` beside `web-team`) though a folder is `[a-z0-9._-]`: one odd name made every
/// build of the site fail.
extension BuildSettings.BoardEntry {
  /// Each board's folder, `names` given in the order the boards were made. A name whose lower case is a plain path
  /// part (`[a-z0-9._-]`, not starting with `.`, not one of `reserved`) keeps the folder it always had, its lower
  /// case. Any other name gets ``slug(of:)``, and so does the later-made of two names that differ only in case: a
  /// board made later never moves the folder of one made before. A slug that is already a folder takes the long
  /// form.
  public static func folders(forBoards names: [String], reserved: Set<String>) -> [String] {
    var folders = [String?](repeating: nil, count: names.count)
    var taken = Set<String>()
    for (index, name) in names.enumerated() {
      let lower = name.lowercased()
      guard isPlainFolder(lower), !reserved.contains(lower), taken.insert(lower).inserted else { continue }
      folders[index] = lower
    }
    for (index, name) in names.enumerated() where folders[index] == nil {
      var folder = slug(of: name)
      if taken.contains(folder) { folder = slug(of: name, long: true) }
      taken.insert(folder)
      folders[index] = folder
    }
    return folders.map { $0 ?? "" }
  }

  /// A folder for a board whose name is not one: its ASCII letters and digits in lower case, `-` and a hash of the
  /// exact name (`team-web-1f0c3a9b`; `모바일` gets the hash alone), as a label's page is named.
  public static func slug(of name: String, long: Bool = false) -> String {
    CardNames.slug(of: name, long: long)
  }

  /// Whether `part` may be a folder as it is: what ``BuildSettings/problem(ofBoards:locales:)`` allows of one part.
  static func isPlainFolder(_ part: String) -> Bool {
    let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-_.")
    return !part.isEmpty && !part.hasPrefix(".") && part.allSatisfy(allowed.contains)
  }
}
