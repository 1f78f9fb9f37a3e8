import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import Testing

/// Golden files beside the tests: compared line by line; `PMBOARD_RECORD_GOLDEN=1 swift test` re-records them and
/// fails each test that recorded, so a run in record mode can never pass for a green one (review the diff by eye,
/// then run again without the variable).
package enum Golden {
  package static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  /// The golden pages live beside the end-to-end tests that compare against them.
  package static let directory = repositoryRoot.appendingPathComponent("Tests/PMBoardEndToEndTests/Golden")

  package static let recording = ProcessInfo.processInfo.environment["PMBOARD_RECORD_GOLDEN"] == "1"

  package static func assertMatches(
    _ actual: String, named name: String, in directory: URL = directory, recording: Bool = recording,
    sourceLocation: SourceLocation = #_sourceLocation
  )
    throws
  {
    let url = directory.appendingPathComponent(name)
    if recording {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(actual.utf8).write(to: url)
      Issue.record(
        "recorded \(name) (PMBOARD_RECORD_GOLDEN=1); review `git diff`, then run again without it",
        sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record("no golden file \(name); run PMBOARD_RECORD_GOLDEN=1 swift test", sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var diff: [String] = []
    for index in 0..<max(want.count, got.count) where diff.count < 12 {
      let a = index < want.count ? String(want[index]) : "<none>"
      let b = index < got.count ? String(got[index]) : "<none>"
      if a != b { diff += ["line \(index + 1):", "- \(a)", "+ \(b)"] }
    }
    Issue.record(
      "\(name) differs from its golden file:\n\(diff.joined(separator: "\n"))", sourceLocation: sourceLocation)
  }
}
