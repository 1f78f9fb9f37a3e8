import Foundation
import PMBoardTestSupport
import Testing

/// Record mode writes the golden file and fails the test that wrote it, so a run with `PMBOARD_RECORD_GOLDEN=1`
/// can never pass for a green one.
@Suite("golden files")
struct GoldenRecordingTests {
  @Test func recordingWritesTheFileAndFailsTheTest() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    withKnownIssue("recording must fail the test that recorded") {
      try Golden.assertMatches("<p>new</p>\n", named: "page.html", in: folder, recording: true)
    }
    #expect(try String(contentsOf: folder.appendingPathComponent("page.html"), encoding: .utf8) == "<p>new</p>\n")
    // Compared afterwards without recording, the same text passes and another fails.
    try Golden.assertMatches("<p>new</p>\n", named: "page.html", in: folder, recording: false)
    withKnownIssue("a different page differs") {
      try Golden.assertMatches("<p>old</p>\n", named: "page.html", in: folder, recording: false)
    }
  }
}
