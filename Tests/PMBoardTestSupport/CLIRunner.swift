import Foundation
import PMBoardBytes
import PMBoardCLI
import PMBoardCore
import PMBoardMustache
import PMBoardSite
import PMBoardStore

/// Runs the real `pmboard` binary in a temporary directory, the way a user would.
package struct CLIRunner {
  package struct Result {
    package var status: Int32
    package var stdout: String
    package var stderr: String
  }

  package let directory: URL
  package var environment: [String: String]

  package init(now: String = "2026-11-21T09:00:00Z") throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent("pmboard-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    var environment = ProcessInfo.processInfo.environment
    environment["PMBOARD_NOW"] = now
    environment["PMBOARD_STORE"] = nil
    environment["SOURCE_DATE_EPOCH"] = nil
    environment["NO_COLOR"] = "1"
    environment["CI"] = nil  // a build warns about --base-url in CI only (BuildWarnings)
    self.environment = environment
  }

  package static let binary: URL = {
    let candidates = [
      URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
      Bundle.main.bundleURL,
      Bundle.main.bundleURL.deletingLastPathComponent(),
    ]
    for folder in candidates {
      let url = folder.appendingPathComponent("pmboard")
      if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return URL(fileURLWithPath: ".build/debug/pmboard")
  }()

  /// A store file name per file backend, for tests run on each (PostgreSQL has tests of its own).
  package static let storeFiles = StoreBackend.files.map(\.fileName)

  /// The id of the first task `list --json` shows.
  package func firstTaskID() throws -> String {
    let json = try run("list", "--json").stdout
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as! [String: Any]
    return (object["tasks"] as! [[String: Any]])[0]["id"] as! String
  }

  @discardableResult
  package func run(_ arguments: String...) throws -> Result {
    try run(arguments)
  }

  /// Runs `pmboard arguments`, or a shell command when the first argument is an absolute path.
  @discardableResult
  package func run(_ arguments: [String]) throws -> Result {
    let process = Process()
    if let first = arguments.first, first.hasPrefix("/") {
      process.executableURL = URL(fileURLWithPath: first)
      process.arguments = Array(arguments.dropFirst())
    } else {
      process.executableURL = Self.binary
      process.arguments = arguments
    }
    process.currentDirectoryURL = directory
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }

  package func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  package func read(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

  package func data(_ name: String) -> Data? { FileManager.default.contents(atPath: path(name)) }

  package func write(_ name: String, _ text: String) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
  }

  package func remove() { try? FileManager.default.removeItem(at: directory) }
}
