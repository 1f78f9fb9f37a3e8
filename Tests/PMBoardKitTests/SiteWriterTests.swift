import Foundation
import Testing

@testable import PMBoardKit

/// The writer's copy between files of one build (the root index copies the default locale's board).
@Suite struct SiteWriterTests {
  private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pmboard-writer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func build(_ out: URL, board: String, root: (String, Range<Int>)?) throws -> SiteWriter.Summary {
    let writer = try SiteWriter(out: out)
    try writer.write("ko/index.html", Array(board.utf8))
    try writer.write("index.html") { emit, copy in
      Array("<head>".utf8).withUnsafeBufferPointer { emit($0) }
      if let (source, range) = root { copy(source, range) }
    }
    return try writer.commit()
  }

  @Test func theRootCopiesFromANewFileAndFromAnUnchangedOne() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    _ = try build(out, board: "0123456789", root: ("ko/index.html", 2..<7))
    #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "<head>23456")
    // Second build: the board is unchanged (linked from the old site), the root copies from that old file.
    let again = try build(out, board: "0123456789", root: ("ko/index.html", 0..<3))
    #expect(try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8) == "<head>012")
    #expect(again.changed == 1)
  }

  @Test func anOldFileReplacedBeforeTheCopyFailsTheBuild() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    _ = try build(out, board: "0123456789", root: ("ko/index.html", 2..<7))
    let writer = try SiteWriter(out: out)
    try writer.write("ko/index.html", Array("0123456789".utf8))
    // Another build swaps in a different board between the comparison and the copy.
    let board = out.appendingPathComponent("ko/index.html")
    try Data("9999999999".utf8).write(to: directory.appendingPathComponent("other"))
    #expect(rename(directory.appendingPathComponent("other").path, board.path) == 0)
    #expect(throws: SiteWriteError.self) {
      try writer.write("index.html") { _, copy in copy("ko/index.html", 0..<3) }
    }
    writer.discard()
  }
}
