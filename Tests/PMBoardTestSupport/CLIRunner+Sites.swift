import Foundation

extension CLIRunner {
  /// Every file of the site built into `folder` but the build's own bookkeeping (dot files, as the manifest), by
  /// path.
  package func siteFiles(_ folder: String = "_site") throws -> [String: Data] {
    let site = path(folder)
    var files: [String: Data] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: site) {
      var isFolder: ObjCBool = false
      guard !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
        FileManager.default.fileExists(atPath: site + "/" + path, isDirectory: &isFolder), !isFolder.boolValue,
        let data = FileManager.default.contents(atPath: site + "/" + path)
      else { continue }
      files[path] = data
    }
    return files
  }

  /// A board written by `scripts/gen-board` (`tasks`, `history`, `seed`, dated 2026-11-21) imported into
  /// `board.sqlite`: what the measuring scripts build, at a size a test affords.
  package func importGeneratedBoard(tasks: Int, history: Int, seed: Int) throws -> Result {
    let generator = Golden.repositoryRoot.appendingPathComponent("scripts/gen-board").path
    let board = try run(
      "/usr/bin/env", "python3", generator, "--tasks", String(tasks), "--history", String(history), "--seed",
      String(seed), "--today", "2026-11-21")
    guard board.status == 0 else { return board }
    try write("board.json", board.stdout)
    return try run("import", "board.json", "--store", "board.sqlite")
  }
}

/// The paths where two sites (``CLIRunner/siteFiles(_:)``) differ: a file in one only, or other bytes.
package func siteDifferences(_ first: [String: Data], _ second: [String: Data]) -> [String] {
  Set(first.keys).union(second.keys).filter { first[$0] != second[$0] }.sorted()
}
