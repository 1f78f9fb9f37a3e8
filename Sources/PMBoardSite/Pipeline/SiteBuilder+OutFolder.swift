import Foundation

/// Who may control the folders around `--out` (``OutFolderTrust``), checked before the shortcut as well as by the
/// writer: a build that would be refused is refused even when nothing changed, so the answer does not depend on
/// whether the board did.
extension SiteBuilder {
  /// The store files this build reads: the source's, or each board's of a many-board site.
  func storeLocations(_ boards: [BoardSite]? = nil) -> [String] {
    if let boards { return boards.map(\.store.location) }
    if case .store(let store) = source { return [store.location] }
    return []
  }

  /// The rule for this build's `--out`: the builder, root and the owners of `stores` (and of their folders) are
  /// trusted; with `shared-out: true` what is found is a warning.
  func outTrust(stores: [String]) -> OutFolderTrust {
    OutFolderTrust(
      shared: settings.sharedOut,
      owners: OutFolderTrust.storeOwners(of: stores, workingDirectory: workingDirectory))
  }

  /// Refuses an `--out` another user controls; the warning lines with `shared-out: true`.
  func checkOutFolder(stores: [String]) throws(SiteWriteError) -> [String] {
    let out = URL(fileURLWithPath: settings.out, relativeTo: workingDirectory).standardizedFileURL
    return try outTrust(stores: stores).check(out.path)
  }
}
