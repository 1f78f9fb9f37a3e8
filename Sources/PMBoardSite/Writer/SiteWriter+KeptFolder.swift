import Foundation

/// A folder of the site kept whole: a board of a many-board site whose build key is the last build's is not read,
/// and every file of its folder stays as the last build left it.
extension SiteWriter {
  /// Keeps every file the old site's manifest lists under `folder` (a board's folder, without a final "/") as the
  /// last build wrote it, rendering none; false, keeping nothing, when it lists none, when one went missing or was
  /// changed by hand (its stamp moved, in a folder whose own stamp moved), and in a verifying build: the board is
  /// then built. A board kept whole (``runs``) is the spare's folder as it is, given what the last build wrote anew
  /// in it (which the spare lacks); a file that cannot be linked fails the build.
  public func keep(folder: String) throws(SiteWriteError) -> Bool {
    if runs.contains(where: { $0.folder == folder }) {
      let prefix = (folder + "/").utf8
      for path in spareAbsent where path.utf8.starts(with: prefix) { try linkFromOldSite(path) }
      state.withLock { _ = $0.wholeFolders.insert(folder) }
      return true
    }
    guard !verifies, let previous, !folder.isEmpty else { return false }
    let lines = previous.lines(under: folder + "/")
    guard !lines.isEmpty else { return false }
    // A board's folders come in runs of lines (a locale's pages, then its task pages): each folder's state is
    // made once, and looked up only where a run starts.
    var states: [Substring: FolderState] = [:]
    var run: (folder: Substring, state: FolderState)?
    var found: [KeptLine?] = []
    found.reserveCapacity(lines.count)
    for line in lines {
      let path = previous.paths[line]
      let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.startIndex
      let holder = path[..<slash]
      let state: FolderState
      if let run, run.folder == holder {
        state = run.state
      } else if let known = states[holder] {
        state = known
      } else {
        state = folderState(String(holder))
        states[holder] = state
      }
      run = (holder, state)
      let name = { String(path[path.utf8.index(after: slash)...]) }
      guard let kept = intactLine(line, of: previous, in: state, path: { path }, name: name) else { return false }
      found.append(kept)
    }
    record(found, in: previous) { previous.paths[lines[$0]] }
    return true
  }
}
