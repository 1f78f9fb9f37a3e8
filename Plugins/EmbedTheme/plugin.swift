import Foundation
import PackagePlugin

/// Embeds the package's `Templates/` and `Public/` folders into the target as generated Swift source.
@main
struct EmbedTheme: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let root = context.package.directoryURL
    var inputs: [URL] = []
    var relatives: [String] = []
    for folder in ["Templates", "Public"] {
      let base = root.appendingPathComponent(folder)
      guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey])
      else { continue }
      for case let url as URL in walker {
        let isFile = (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) ?? false
        guard isFile, !url.lastPathComponent.hasPrefix(".") else { continue }
        inputs.append(url)
        let path = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path + "/"
        relatives.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent)
      }
    }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedTheme.swift")
    return [
      .buildCommand(
        displayName: "Embedding the built-in theme (\(relatives.count) files)",
        executable: try context.tool(named: "pmboard-embed").url,
        arguments: [output.path, root.path] + relatives.sorted(),
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }
}
