/// pmboard's version, written here and nowhere else: `pmboard --version` prints it, and `scripts/package` names the
/// packages after what that prints. A release changes `number`; the commit comes from the build (Plugins/EmbedCommit).
package enum PMBoardVersion {
  package static let number = "0.16.0"

  /// The first 12 hex digits of the commit this binary was built from, or "unknown" (sources without git metadata).
  package static var commit: String {
    builtFromCommit.isEmpty ? "unknown" : String(builtFromCommit.prefix(12))
  }

  /// What `pmboard --version` prints, e.g. `pmboard 0.16.0 (commit 1a2b3c4d5e6f)`.
  package static var line: String { "pmboard \(number) (commit \(commit))" }
}
