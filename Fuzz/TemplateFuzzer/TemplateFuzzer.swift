// The template fuzz target (docs/fuzzing.md).
//
// Built by `scripts/fuzz` with `--sanitize=fuzzer` and `-D PMBOARD_FUZZING`, this file offers libFuzzer's entry
// point `LLVMFuzzerTestOneInput` and libFuzzer supplies `main`. In a normal build (`swift build`) the same checks
// run behind a small `main` that replays files: `swift run pmboard-fuzz-templates Fuzz/Crashes/templates/…`.

import Foundation
import PMBoardCore
import PMBoardMustache
import PMBoardValidation

/// What one input goes through: the template half of `pmboard check` (`TemplateChecker.check` in PMBoardSite)
/// on a theme made of the input.
///
/// An input is up to six templates separated by the byte 0x1E (ASCII record separator, which templates do not
/// use), named after the built-in theme's files so that `{{> card}}` and the like find a partial: a single-template
/// input is the page template `board`. Each template goes through `HTMLTemplateValidator` (the Mustache mask, the
/// HTML5 tokenizer and tree checks, libxml2's HTML parser), then the set through `TemplateSet` (the Mustache
/// parser and compiler, partial lookup). Nothing is rendered.
///
/// `TemplateChecker` itself is not called: it needs a `Theme`, whose files come from disk and the embedded theme,
/// and it would pull PMBoardSite (and its build plugin) into the sanitized build. Its template steps are these.
enum TemplateHarness {
  /// The names the parts of an input get, in order.
  static let names = ["board", "card", "head", "header", "footer", "history"]
  /// `Theme.pageTemplates`: validated as whole pages (doctype, `<html lang>`, `<title>`); the rest as partials.
  static let pages: Set = ["board", "history"]
  static let separator: UInt8 = 0x1E

  static func run(_ data: Data) {
    let parts = data.split(separator: separator, maxSplits: names.count - 1, omittingEmptySubsequences: false)
    var sources: [String: (text: String, file: String)] = [:]
    for (name, part) in zip(names, parts) {
      // As `Theme.File.text` reads a template: invalid UTF-8 becomes U+FFFD.
      let text = String(decoding: part, as: UTF8.self)
      let file = "Templates/\(name).mustache"
      let diagnostics = HTMLTemplateValidator().validate(source: text, file: file, isPage: pages.contains(name))
      for diagnostic in diagnostics {
        precondition(diagnostic.line >= 1 && diagnostic.column >= 1, "a diagnostic outside the text: \(diagnostic)")
      }
      sources[name] = (text, file)
    }
    do {
      _ = try TemplateSet(sources: sources)
    } catch {
      switch error {
      case .invalid(let diagnostics): precondition(!diagnostics.isEmpty, "TemplateSet failed without a problem")
      }
    }
  }
}

#if PMBOARD_FUZZING
  /// libFuzzer's entry point: one input, any bytes.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzTemplates(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = unsafe start.map { unsafe Data(bytes: $0, count: count) } ?? Data()
    TemplateHarness.run(data)
    return 0
  }
#else
  /// Replays files (or every file in folders) through the harness, for reproducing a finding without libFuzzer.
  @main
  enum TemplateReplay {
    static func main() throws {
      var count = 0
      for path in CommandLine.arguments.dropFirst() {
        for file in try files(at: path) {
          TemplateHarness.run(try Data(contentsOf: URL(fileURLWithPath: file)))
          count += 1
        }
      }
      print("replayed \(count) inputs through the template harness")
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
