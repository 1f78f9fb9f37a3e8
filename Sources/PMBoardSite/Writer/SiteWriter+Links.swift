import Foundation
import PMBoardBytes

/// Linking the old site's kept pages into a new staging folder: what the first rebuild of a big board does before
/// there is a spare (hundreds of thousands of pages).
extension SiteWriter {
  /// Hard-links the old site's `paths` into the staging directory, on every core. Without a spare (the first rebuild
  /// of a big board), runs of pages in one folder are linked by name between two open folders; with one, page by
  /// page, since a spare's file may already be the very file.
  func linkFromOldSite(_ paths: [String]) throws(SiteWriteError) {
    if spare == nil {
      let runs = Self.runsByFolder(paths)
      try onEveryCore(runs.count, slices: paths.count / 1024) { (index) throws(SiteWriteError) in
        try link(runs[index].names, in: runs[index].folder)
      }
    } else {
      try onEveryCore(paths.count, slices: paths.count / 1024) { (index) throws(SiteWriteError) in
        try linkFromOldSite(paths[index])
      }
    }
  }

  /// Calls `body` for each index below `count`, the indices dealt in turn to up to `slices` (1–8) workers; the
  /// first failure is thrown.
  private func onEveryCore(
    _ count: Int, slices: Int, _ body: @Sendable (Int) throws(SiteWriteError) -> Void
  ) throws(SiteWriteError) {
    let slices = max(1, min(8, slices))
    let failures = concurrentMap(slices) { slice -> SiteWriteError? in
      for index in stride(from: slice, to: count, by: slices) {
        do throws(SiteWriteError) { try body(index) } catch { return error }
      }
      return nil
    }
    if let failure = failures.compactMap({ $0 }).first { throw failure }
  }

  /// `paths` as runs of at most 1,024 names in one folder, taking the folders in turn: a link locks its target
  /// folder, so workers that take neighbouring runs should be in different folders.
  private static func runsByFolder(_ paths: [String]) -> [(folder: String, names: [String])] {
    var byFolder: [String: [[String]]] = [:]
    var order: [String] = []
    // Paths come in runs from one folder: the current folder's runs are kept aside, not looked up per path.
    var folderNow: String?
    var runsNow: [[String]] = []
    for path in paths {
      let (folder, name) = SiteManifest.split(path)
      if folderNow != folder {
        if let folderNow { byFolder[folderNow] = runsNow }
        runsNow = byFolder.removeValue(forKey: folder) ?? []
        if runsNow.isEmpty { order.append(folder) }
        folderNow = folder
      }
      if let last = runsNow.indices.last, runsNow[last].count < 1024 {
        runsNow[last].append(name)
      } else {
        runsNow.append([name])
      }
    }
    if let folderNow { byFolder[folderNow] = runsNow }
    let lists = order.map { byFolder[$0] ?? [] }
    var runs: [(folder: String, names: [String])] = []
    for turn in 0..<(lists.map(\.count).max() ?? 0) {
      for (folder, list) in zip(order, lists) where turn < list.count {
        runs.append((folder, list[turn]))
      }
    }
    return runs
  }

  /// Links `names` from the old site's `folder` into the same folder of the staging site, making it if needed.
  private func link(_ names: [String], in folder: String) throws(SiteWriteError) {
    guard let source = oldFolder(folder) else { throw .io(outPath + "/" + folder, "its folder is gone") }
    let target = try stagingFolder(folder)
    for name in names where source.link(name, to: target, as: name) != 0 {
      throw .io(outPath + "/" + (folder.isEmpty ? name : folder + "/" + name), POSIX.lastErrorText)
    }
  }
}
