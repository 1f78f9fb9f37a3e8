import Foundation
import Testing

/// The unsafe wall is kept by the compiler: a ``ReadView`` or a ``Borrowed`` that would outlive what it points
/// into does not compile. A test cannot hold code that fails to compile, so each case compiles a small file with
/// `swiftc` next to the real `ReadView.swift`, `Borrowed.swift` and `ByteWriter.swift` (the sources, not the built
/// module, which would need every C module map PMBoardBytes imports), and expects the lifetime checker's error.
/// `-emit-sil`: lifetimes are checked on SIL, after type checking, so `-typecheck` alone would pass every case.
/// A control case that keeps its views inside their scopes must compile, so the errors come from the escapes.
@Suite struct ReadViewEscapeTests {
  static let sources = ["Memory/ReadView.swift", "Memory/Borrowed.swift", "Text/ByteWriter.swift"].map {
    URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Sources/PMBoardBytes").appending(path: $0).path
  }

  /// What `swiftc` says about the sources plus `snippet`, and whether it compiled.
  static func compile(_ snippet: String) throws -> (compiled: Bool, messages: String) {
    let folder = FileManager.default.temporaryDirectory.appending(path: "pmboard-escape-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "Snippet.swift")
    try Data(snippet.utf8).write(to: file)
    let process = Process()
    process.executableURL = URL(filePath: "/usr/bin/env")
    process.arguments =
      ["swiftc", "-emit-sil", "-wmo", "-module-name", "EscapeCheck", "-enable-experimental-feature", "Lifetimes"]
      + sources + [file.path, "-o", folder.appending(path: "out.sil").path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let messages = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus == 0, messages)
  }

  @Test func viewsUsedInsideTheirScopesCompile() throws {
    let result = try Self.compile(
      """
      final class Object { var number = 1 }
      func reads() -> Int {
        let total = [UInt8(1), 2, 3].withReadView { view in
          let part = view.extracting(1..<3)
          var sum = 0
          view.forEach(in: 0..<view.count) { sum += Int($0) }
          return sum + Int(part[0]) + [1].filter { Int(view[$0]) > 0 }.count
        }
        let object = Object()
        return total + Borrowed.with(object) { reference in reference.read { $0.number } }
      }
      """)
    #expect(result.compiled, "\(result.messages)")
  }

  @Test(arguments: [
    // Kept in a global after the closure returns.
    "var kept: ReadView<UInt8>? = nil\nfunc escape() { [UInt8(1)].withReadView { kept = $0 } }",
    // A slice of the view, kept the same way.
    "var kept: ReadView<UInt8>? = nil\nfunc escape() { [UInt8(1), 2].withReadView { kept = $0.extracting(0..<1) } }",
    // Kept in an object.
    "final class Box { var view: ReadView<UInt8>? = nil }\n"
      + "func escape(_ box: Box) { [UInt8(1)].withReadView { box.view = $0 } }",
    // Captured by a closure that outlives the call.
    "var later: (() -> UInt8)? = nil\nfunc escape() { [UInt8(1)].withReadView { view in later = { view[0] } } }",
    // Returned from the closure.
    "func escape() -> Int {\n  let kept: ReadView<UInt8> = [UInt8(1)].withReadView { $0 }\n  return kept.count\n}",
    // A borrowed reference kept after `with` returns.
    "final class Object {}\nvar kept: Borrowed<Object>? = nil\n"
      + "func escape(_ object: Object) { Borrowed.with(object) { kept = $0 } }",
    // Held by an escapable struct.
    "struct Holder { var view: ReadView<UInt8> }",
  ])
  func escapesDoNotCompile(_ snippet: String) throws {
    let result = try Self.compile(snippet)
    #expect(!result.compiled)
    let lifetimeError =
      result.messages.contains("escapes its scope") || result.messages.contains("conform to 'Escapable'")
      || result.messages.contains("non-Escapable type")
    #expect(lifetimeError, "\(result.messages)")
  }
}
