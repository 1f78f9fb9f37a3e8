import Foundation
import PackagePlugin

/// Writes the commit the package is checked out at into the target as generated Swift source (`builtFromCommit`),
/// read by `pmboard-commit` from git's files. Those files are the command's inputs, so a commit, checkout or reset
/// runs it again; without git metadata (sources from a tarball) the commit is empty.
@main
struct EmbedCommit: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuiltFromCommit.swift")
    var arguments = [output.path]
    var inputs: [URL] = []
    if let folders = Self.gitFolders(root: context.package.directoryURL) {
      arguments += [folders.git.path, folders.common.path]
      // HEAD names the branch or commit; logs/HEAD grows at every commit, checkout, reset or amend; the branch's
      // loose ref and packed-refs hold its commit. Only files that exist: a missing input would fail the build.
      var candidates = [
        folders.git.appendingPathComponent("HEAD"), folders.git.appendingPathComponent("logs/HEAD"),
        folders.common.appendingPathComponent("packed-refs"),
      ]
      if let head = try? String(contentsOf: candidates[0], encoding: .utf8), head.hasPrefix("ref: ") {
        let reference = head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines)
        candidates.append(folders.common.appendingPathComponent(reference))
      }
      inputs = candidates.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
    return [
      .buildCommand(
        displayName: "Embedding the commit pmboard is built from",
        executable: try context.tool(named: "pmboard-commit").url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [output]
      )
    ]
  }

  /// The folder holding HEAD and the one holding the shared refs: both `ROOT/.git` in a clone; in a linked worktree,
  /// where `ROOT/.git` is a file saying `gitdir: PATH`, PATH and the folder its `commondir` file names.
  static func gitFolders(root: URL) -> (git: URL, common: URL)? {
    let dotGit = root.appendingPathComponent(".git")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
    if isFolder.boolValue { return (dotGit, dotGit) }
    guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else { return nil }
    let path = text.dropFirst(8).trimmingCharacters(in: .whitespacesAndNewlines)
    let git = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    guard let common = try? String(contentsOf: git.appendingPathComponent("commondir"), encoding: .utf8) else {
      return (git, git)
    }
    let commonPath = common.trimmingCharacters(in: .whitespacesAndNewlines)
    let shared = commonPath.hasPrefix("/") ? URL(fileURLWithPath: commonPath) : git.appendingPathComponent(commonPath)
    return (git, shared.standardizedFileURL)
  }
}
