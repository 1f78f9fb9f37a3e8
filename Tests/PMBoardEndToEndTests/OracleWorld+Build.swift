import Foundation
import PMBoardCore
import PMBoardSite
import PMBoardTestSupport
import Synchronization

/// Which binary builds: this test process (``SiteBuilder`` in-process, the fast way), or the `pmboard` executable
/// at a path. The build key and every page's fingerprint include the building binary's identity (its size, inode
/// and modification time, `SiteBuilder.siteFingerprint`), so each of these is another binary to the site.
enum OracleBinary: Equatable {
  case inProcess
  case executable(String)
}

extension OracleWorld {
  /// The folder the incremental builds go to, and the one each fresh build makes anew.
  static let incremental = "inc"
  static let fresh = "fresh"

  /// Builds into `out` (under the working directory) with `binary`; true when the build took the shortcut (it
  /// never started to load the store).
  func build(into out: String, binary: OracleBinary) async throws -> Bool {
    // What was done by hand concerns the incremental site only.
    let incremental = out == Self.incremental
    let verify = incremental && verifyNext
    let during = incremental ? duringBuild : nil
    if incremental { (verifyNext, duringBuild) = (false, nil) }
    switch binary {
    case .inProcess:
      var settings = self.settings
      settings.out = out
      var builder = SiteBuilder(
        source: .store(store), settings: settings,
        // As a folder (a trailing slash), as `build` makes its own: relative settings resolve inside it.
        workingDirectory: URL(fileURLWithPath: root.path, isDirectory: true), environment: environment)
      let steps = StepLog()
      builder.progress = BuildProgress(
        step: { name in
          steps.add(name)
          if name == "render pages and feeds" { during?() }
        }, page: { _, _ in })
      builder.verify = verify
      _ = try await builder.build()
      return !steps.started("load the store")
    case .executable(let path):
      during?()
      var cli = self.cli
      cli.environment.merge(environment) { $1 }
      if sourceDateEpoch == nil { cli.environment["SOURCE_DATE_EPOCH"] = nil }
      cli.environment["PMBOARD_TRACE"] = "1"
      let result = try cli.run([path, "build", "--out", out, "--quiet"] + flags + (verify ? ["--verify"] : []))
      guard result.status == 0 else { throw OracleBuildFailure(message: result.stderr) }
      return !result.stderr.contains("load the store")
    }
  }

  /// Deletes the fresh site and everything pmboard keeps beside it (spare, folder record, lock), then builds it.
  func buildFresh(binary: OracleBinary) async throws {
    let parent = root.path
    for name in try FileManager.default.contentsOfDirectory(atPath: parent)
    where name == Self.fresh || name.hasPrefix(".\(Self.fresh).pmboard-") {
      try FileManager.default.removeItem(atPath: parent + "/" + name)
    }
    _ = try await build(into: Self.fresh, binary: binary)
  }

  /// The build's environment: the clock, and `SOURCE_DATE_EPOCH` when a step set it.
  var environment: [String: String] {
    var environment = ["PMBOARD_NOW": Instant.format(now)]
    if let sourceDateEpoch { environment["SOURCE_DATE_EPOCH"] = "\(sourceDateEpoch)" }
    return environment
  }

  /// The settings `pmboard.yml` (in the working directory) does not hold, as `pmboard build`'s flags.
  var flags: [String] {
    var flags = ["--store", storePath, "--templates", "theme", "--public", "public"]
    if let locales = settings.locales { flags += ["--locales", locales.joined(separator: ",")] }
    if let main = settings.defaultLocale { flags += ["--default-locale", main] }
    if let today = settings.today { flags += ["--today", today.description] }
    return flags
  }
}

struct OracleBuildFailure: Error, CustomStringConvertible {
  var message: String
  var description: String { "pmboard build failed: \(message)" }
}

/// The steps a build started, as its progress reports them.
final class StepLog: Sendable {
  private let names = Mutex<[String]>([])
  func add(_ name: String) { names.withLock { $0.append(name) } }
  func started(_ name: String) -> Bool { names.withLock { $0.contains(name) } }
}
