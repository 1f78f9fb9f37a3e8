import CSystemShim
import Foundation
import PMBoardCore
import Synchronization

/// Why the site could not be written; the previous site is untouched.
public enum SiteWriteError: Error, Sendable, PMBoardFailure {
  case notADirectory(String)
  case foreignDirectory(String)
  case io(String, String)
  /// The old site was moved aside and the new one could not take its place, nor the old one go back.
  case swapInterrupted(String, aside: String, String)
  /// The store (or the folder of its companion files) is inside the site or its build folders.
  case storeInSite(store: String, site: String)
  /// The store is reachable through a file of the user's in the site (a hard link, or a link to it or its folder).
  case storeReachable(store: String, site: String, through: String)
  /// Another user controls a folder or link on the way to the site, or a build file beside it (``OutFolderTrust``).
  case untrustedOut(site: String, problem: String, fix: String)

  public var description: String {
    switch self {
    case .notADirectory(let path): "\(path) is a file, not a site directory; choose another --out"
    case .foreignDirectory(let path):
      "\(path) is not empty and was not made by pmboard (no \(SiteManifest.name)); "
        + "pmboard will not replace it — choose another --out or empty it"
    case .io(let path, let reason): "cannot write \(path): \(reason); the previous site is unchanged"
    case .swapInterrupted(let path, let aside, let reason):
      "cannot move the new site to \(path): \(reason); the previous site is at \(aside), "
        + "and the next build into \(path) puts it back first"
    case .storeInSite(let store, let site):
      "the store \(store) is inside the site folder \(site), which would publish every task, body and author; "
        + "move the store out of \(site) (or choose another --out); nothing was written"
    case .storeReachable(let store, let site, let entry):
      "the store \(store) is reachable from the site folder \(site) through \(entry) (a hard link to it, or a link to it "
        + "or its folder), which would publish every task, body and author; remove \(entry) from the site; nothing "
        + "was written"
    case .untrustedOut(let site, let problem, let fix):
      "cannot build into \(site): \(problem); \(fix), or pass --shared-out (shared-out: true in pmboard.yml) if "
        + "others share it on purpose; nothing was written"
    }
  }
}
