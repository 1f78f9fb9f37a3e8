import Foundation

/// A new, empty folder of its own under the system's temporary folder, named `prefix-UUID`; the test removes it.
package enum TemporaryFolder {
  package static func make(_ prefix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
