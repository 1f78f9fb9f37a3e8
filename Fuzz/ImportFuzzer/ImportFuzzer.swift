// The JSON import fuzz target (docs/fuzzing.md).
//
// Built by `scripts/fuzz` with `--sanitize=fuzzer` and `-D PMBOARD_FUZZING`, this file offers libFuzzer's entry
// point `LLVMFuzzerTestOneInput` and libFuzzer supplies `main`. In a normal build (`swift build`) the same checks
// run behind a small `main` that replays files: `swift run pmboard-fuzz-import Fuzz/Crashes/import/…`. One source
// for both keeps the harness compiling in every CI build, and reproduces a finding without libFuzzer.

import Foundation
import PMBoardCore
import PMBoardStore

/// What one input goes through: `pmboard import FILE`'s parse and validation, then the JSON store's round trip.
enum ImportHarness {
  static func run(_ data: Data) {
    let reader = InterchangeReader()
    // `InterchangeReader.board(from:source:)`, the call `pmboard import` makes, is `read(_:source:)` without the
    // JSON store's undo and redo lists; `read` takes the same path and decodes those lists too.
    let document: (board: Board, undo: [BoardChange], redo: [BoardChange])
    do {
      document = try reader.read(data, source: "fuzz.json")
    } catch {
      // A rejected file must say why.
      precondition(!error.problems.isEmpty, "an ImportError without problems")
      return
    }
    // What was accepted must survive what the JSON store does with it: written, read back and written again, the
    // text is the same (the first write may normalize, e.g. trim a title; after that nothing may change).
    let writer = InterchangeWriter()
    let written = writer.data(for: document.board, undo: document.undo, redo: document.redo)
    let again: (board: Board, undo: [BoardChange], redo: [BoardChange])
    do {
      again = try reader.read(written, source: "rewritten.json")
    } catch {
      fatalError("the writer's output of an accepted file does not read back: \(error)")
    }
    let rewritten = writer.data(for: again.board, undo: again.undo, redo: again.redo)
    precondition(rewritten == written, "writing the board read back gives other text")
  }
}

#if PMBOARD_FUZZING
  /// libFuzzer's entry point: one input, any bytes.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzImport(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = unsafe start.map { unsafe Data(bytes: $0, count: count) } ?? Data()
    ImportHarness.run(data)
    return 0
  }
#else
  /// Replays files (or every file in folders) through the harness, for reproducing a finding without libFuzzer.
  @main
  enum ImportReplay {
    static func main() throws {
      var count = 0
      for path in CommandLine.arguments.dropFirst() {
        for file in try files(at: path) {
          ImportHarness.run(try Data(contentsOf: URL(fileURLWithPath: file)))
          count += 1
        }
      }
      print("replayed \(count) inputs through the import harness")
    }

    /// The file at `path`, or the files in the folder at `path`, sorted.
    static func files(at path: String) throws -> [String] {
      var isFolder: ObjCBool = false
      guard unsafe FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
        return [path]
      }
      return try FileManager.default.contentsOfDirectory(atPath: path).sorted().map { "\(path)/\($0)" }
    }
  }
#endif
