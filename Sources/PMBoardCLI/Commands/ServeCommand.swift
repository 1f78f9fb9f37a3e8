import ArgumentParser
import Foundation
import PMBoardSite

/// `pmboard serve`: builds the site, serves it on this machine, and rebuilds it on changes, reloading open pages.
struct ServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Build the site, serve it on 127.0.0.1, rebuild it on changes and reload open pages.",
    // Said here, since the options taken from build would make ArgumentParser's own say `build serve`.
    usage: "pmboard serve [<options>]",
    discussion: """
      Takes the options of build but --watch: it rebuilds as build --watch does. Listens on 127.0.0.1 only, \
      where no other machine can reach it, unless --host names another address. Served pages get a script that \
      reloads them after each rebuild; the built files never do. See docs/serve.md.
      """)

  /// The port when none is given: a common one for a preview server, above 1024 so that no privilege is needed.
  static let defaultPort = 8000

  @OptionGroup var build: BuildOptions
  @Option(help: ArgumentHelp("Port to listen on (0: any free port).", valueName: "n"))
  var port = defaultPort
  @Option(
    help: ArgumentHelp(
      "Address to listen on. Only a loopback address (127.0.0.1, ::1) keeps other machines out.",
      valueName: "address"))
  var host = "127.0.0.1"
  @Option(
    name: .customLong("allow-host"),
    help: ArgumentHelp(
      "Also answer requests for this host name (repeat for more); localhost and IP addresses always are.",
      valueName: "name"))
  var allowHost: [String] = []

  func validate() throws {
    if let problem = allowHost.lazy.compactMap(AllowedHosts.check).first { throw ValidationError(problem) }
  }

  func run() async throws {
    let address = try ListenAddress(host: host, port: port)
    let settings = try build.settings()
    // Like `build --watch`, `serve` follows one store.
    if !settings.boards.isEmpty, build.storeOptions.store == nil, !build.demo {
      throw CommandError("serve follows one board; give --store for that board")
    }
    let store = build.demo ? nil : try build.storeOptions.open(configured: settings.store)
    let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let folder = URL(fileURLWithPath: settings.out, relativeTo: cwd).standardizedFileURL.path
    let reload = LiveReload()
    let (server, url) = try address.listen()
    try await withThrowingTaskGroup(of: Void.self) { group in
      let handler = SiteRequestHandler(folder: folder, reload: reload, hosts: AllowedHosts(names: allowHost))
      group.addTask { try await server.run(answering: handler) }
      try await build.watch(
        store, settings: settings,
        started: {
          if !url.isLoopback {
            Warning.print("listening on \(url.host): any machine that can reach it can read the site")
          }
          return "Serving \(url.text) (Ctrl-C to stop)"
        },
        built: reload.advance)
      // Ctrl-C: the server stops accepting, and the connections it is answering are cut.
      group.cancelAll()
    }
  }
}
