import Foundation
import PMBoardCLI
import PMBoardTestSupport
import Testing

private let debianTools = ["/usr/bin/dpkg-deb", "/usr/bin/ldd"].allSatisfy {
  FileManager.default.isExecutableFile(atPath: $0)
}

/// `scripts/package` makes a tarball and a Debian package; each, unpacked into a root of its own, holds a pmboard
/// that runs without the Swift toolchain, says this checkout's version, builds the demo site, and comes with a man
/// page that renders and completion scripts that know the subcommands. The release build takes minutes of CPU the
/// first time (its scratch folder, .build-package, is kept for the next run).
@Suite("release packages", .serialized, .needs(.release), .enabled(if: debianTools, "needs Debian's dpkg-deb"))
struct PackageTests {
  static let root = Golden.repositoryRoot

  /// Where one package put pmboard's files (the tarball's folder, or `usr` under the .deb's root).
  struct Installed {
    var name: String
    var prefix: URL
    var manPage: String
    var zshCompletion: String

    func path(_ relative: String) -> String { prefix.appendingPathComponent(relative).path }

    /// The installed file's text, or "" when it is missing.
    func text(_ relative: String) -> String {
      FileManager.default.contents(atPath: path(relative)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
  }

  @Test func bothPackagesInstallAWorkingPmboardWithItsManPageAndCompletions() throws {
    let cli = try CLIRunner()
    defer { cli.remove() }
    let made = try cli.run(Self.root.appendingPathComponent("scripts/package").path, cli.path("dist"))
    try #require(made.status == 0, "\(made.stdout)\(made.stderr)")
    let files = try FileManager.default.contentsOfDirectory(atPath: cli.path("dist"))
    let tarball = try #require(files.first { $0.hasSuffix(".tar.gz") }, "\(files)")
    let deb = try #require(files.first { $0.hasSuffix(".deb") }, "\(files)")
    #expect(files.count == 2, "\(files)")
    #expect(tarball.hasPrefix("pmboard-\(PMBoardVersion.number)-linux-"))
    #expect(deb.hasPrefix("pmboard_\(PMBoardVersion.number)_"))
    #expect(made.stdout.contains(tarball) && made.stdout.contains(deb), "\(made.stdout)")

    let control = try cli.run("/usr/bin/dpkg-deb", "--field", cli.path("dist/\(deb)"), "Package", "Version", "Depends")
    #expect(control.stdout.contains("Package: pmboard\nVersion: \(PMBoardVersion.number)\n"), "\(control.stdout)")
    #expect(control.stdout.contains("libsqlite3-0") && control.stdout.contains("libxml2"), "\(control.stdout)")
    #expect(try cli.run("/usr/bin/dpkg-deb", "-x", cli.path("dist/\(deb)"), cli.path("deb-root")).status == 0)
    try FileManager.default.createDirectory(atPath: cli.path("tar-root"), withIntermediateDirectories: true)
    #expect(
      try cli.run("/usr/bin/env", "tar", "-xzf", cli.path("dist/\(tarball)"), "-C", cli.path("tar-root")).status == 0)

    let folder = String(tarball.dropLast(".tar.gz".count))
    let installs = [
      Installed(
        name: "deb", prefix: cli.directory.appendingPathComponent("deb-root/usr"),
        manPage: "share/man/man1/pmboard.1.gz",
        zshCompletion: "share/zsh/vendor-completions/_pmboard"),
      Installed(
        name: "tarball", prefix: cli.directory.appendingPathComponent("tar-root/\(folder)"),
        manPage: "share/man/man1/pmboard.1", zshCompletion: "share/zsh/site-functions/_pmboard"),
    ]
    let expectedVersion = try cli.run("--version").stdout
    for installed in installs {
      try checkBinary(installed, cli: cli, expectedVersion: expectedVersion)
      try checkManPage(installed, cli: cli)
      try checkCompletions(installed, cli: cli)
    }
  }

  /// The installed binary loads no library from the toolchain, names the same version and commit as the pmboard
  /// under test (one checkout), and builds the demo site.
  func checkBinary(_ installed: Installed, cli: CLIRunner, expectedVersion: String) throws {
    let binary = installed.path("bin/pmboard")
    let libraries = try cli.run("/usr/bin/ldd", binary)
    #expect(libraries.status == 0)
    #expect(!libraries.stdout.contains("libswift") && !libraries.stdout.contains("/opt/swift"), "\(libraries.stdout)")
    let version = try cli.run(binary, "--version")
    #expect(version.status == 0, "\(installed.name): \(version.stderr)")
    #expect(version.stdout == expectedVersion, "\(installed.name)")
    #expect(version.stdout.wholeMatch(of: /pmboard \d+\.\d+\.\d+ \(commit ([0-9a-f]{12}|unknown)\)\n/) != nil)
    let site = "site-\(installed.name)"
    let build = try cli.run(binary, "build", "--demo", "--out", site)
    #expect(build.status == 0, "\(installed.name): \(build.stderr)")
    let index = try cli.read("\(site)/index.html")
    #expect(index.contains("<html"), "\(installed.name)")
    #expect(cli.data("\(site)/en/index.html") != nil, "\(installed.name)")
  }

  /// The man page renders with groff, when it is installed, without a warning, and covers the subcommands.
  func checkManPage(_ installed: Installed, cli: CLIRunner) throws {
    let page = installed.path(installed.manPage)
    #expect((FileManager.default.contents(atPath: page)?.count ?? 0) > 1000, "\(installed.name): \(page)")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else { return }
    let script = "gzip -dcf \"$1\" | groff -mandoc -Tutf8 -P-cbou"
    let rendered = try cli.run("/bin/bash", "-o", "pipefail", "-c", script, "render", page)
    #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(installed.name): \(rendered.stderr)")
    for words in ["PMBOARD(1)", "SYNOPSIS", "DESCRIPTION", "build", "--demo", "--version", "import", "sync"] {
      #expect(rendered.stdout.contains(words), "\(installed.name): the man page lacks \(words)")
    }
  }

  /// Each completion script names the subcommands; bash's, sourced, completes `pmboard bu` to `build`.
  func checkCompletions(_ installed: Installed, cli: CLIRunner) throws {
    let scripts = [
      "share/bash-completion/completions/pmboard", installed.zshCompletion,
      "share/fish/vendor_completions.d/pmboard.fish",
    ]
    for script in scripts {
      let text = installed.text(script)
      for subcommand in ["init", "build", "import", "sync", "history"] {
        #expect(text.contains(subcommand), "\(installed.name): \(script) lacks \(subcommand)")
      }
    }
    #expect(installed.text(installed.zshCompletion).hasPrefix("#compdef pmboard"))
    let complete = """
      source "$1"; complete -p pmboard
      COMP_WORDS=(pmboard bu); COMP_CWORD=1; COMP_LINE="pmboard bu"; COMP_POINT=10
      _pmboard pmboard bu pmboard; printf 'reply: %s\\n' "${COMPREPLY[@]}"
      """
    let bash = try cli.run("/bin/bash", "-c", complete, "complete", installed.path(scripts[0]))
    #expect(bash.status == 0, "\(installed.name): \(bash.stderr)")
    #expect(bash.stdout.contains("-F _pmboard pmboard"), "\(installed.name): \(bash.stdout)")
    #expect(bash.stdout.contains("reply: build\n"), "\(installed.name): \(bash.stdout)")
    // zsh and fish are not among what scripts/test installs: their checks run where they are installed.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") {
      let zsh = try cli.run("/usr/bin/zsh", "-n", installed.path(installed.zshCompletion))
      #expect(zsh.status == 0 && zsh.stderr.isEmpty, "\(installed.name): \(zsh.stderr)")
    }
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") {
      let fish = try cli.run(
        "/usr/bin/fish", "--no-config", "-c", "source $argv[1]; complete -C 'pmboard bu'", installed.path(scripts[2]))
      #expect(fish.stdout.hasPrefix("build\t"), "\(installed.name): \(fish.stdout)\(fish.stderr)")
    }
  }
}
