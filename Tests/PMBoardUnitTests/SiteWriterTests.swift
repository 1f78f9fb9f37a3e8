import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore
import PMBoardTestSupport
import PMBoardValidation
import Testing

/// The writer's copies: between files of one build (the root index copies the default locale's board), and of
/// an old file's unchanged beginning when a rebuild's page differs later on.
@Suite struct SiteWriterTests {
  private func temporaryDirectory() throws -> URL {
    try TemporaryFolder.make("pmboard-writer")
  }

  private func build(_ out: URL, board: String, root: (String, Range<Int>)?) throws -> SiteWriter.Summary {
    let writer = try SiteWriter(out: out)
    try writer.write("ko/index.html", Array(board.utf8))
    try writer.write("index.html") { emit, copy in
      emit(Array("<head>".utf8).span)
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

  @Test func aPageThatDiffersLateKeepsTheOldBeginningAndTheNewEnd() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("site")
    let head = (0..<3000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
    let first = try SiteWriter(out: out)
    try first.write("page.html", head + Array("old tail".utf8))
    _ = try first.commit()
    // Streamed in pieces: the first two equal the old file, so nothing is written until the third differs.
    let second = try SiteWriter(out: out)
    try second.write("page.html") { emit, _ in
      for piece in [Array(head[..<1000]), Array(head[1000...]), Array("new tail, longer".utf8)] {
        emit(piece.span)
      }
    }
    #expect(try second.commit().changed == 1)
    #expect(
      try Data(contentsOf: out.appendingPathComponent("page.html")) == Data(head + Array("new tail, longer".utf8)))
  }
}
