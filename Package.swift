// swift-tools-version:6.2
import PackageDescription

// The arrows point one way: Bytes → Core → Store, Mustache, Validation → Site → CLI → the executable, and
// Store → Import → CLI.
// `PMBoardBytes` is the one target whose job is unsafe code (pointers, arenas, SWAR, mmap); every other target is
// compiled with strict memory safety, so any unsafe construct outside it is an error-level warning to review.
let strict: [SwiftSetting] = [.strictMemorySafety()]

// Views into memory someone else owns (`ReadView`, `Borrowed`) are non-escapable, and the functions that make them
// say what they depend on with `@_lifetime`, which needs this feature; then the compiler, not a comment, keeps a
// view inside the scope of its owner (Tests/PMBoardUnitTests/ReadViewEscapeTests.swift). Every target has it, so
// any of them may annotate a function that hands on a view.
let lifetimes: [SwiftSetting] = [.enableExperimentalFeature("Lifetimes")]

// The renderer is generic over its model, and the site's model lives in another module: release builds let the
// optimizer see across modules so that the renderer is specialized for it and the byte writer is inlined. The
// optimizer serializes bodies reachable from `public` declarations only, so the library targets mark what they
// offer each other `public`; no library product is exported, so nothing outside this package can import them.
// With `package` instead, a 10,000-task build ran 1,082 M instructions instead of 557 M (docs/performance.md).
let crossModule: [SwiftSetting] = [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]

// Where libxml2's headers include each other from (`<libxml/…>`), for the targets that import CLibXML2.
let libxml2Headers: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]

let package = Package(
  name: "pmboard",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "pmboard", targets: ["pmboard"])
  ],
  // Exact versions: the action builds pmboard on runners from a fresh clone, and a floating version would change
  // what it runs without a commit here. A bump is a commit that says why.
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", exact: "2.1.1"),
    .package(url: "https://github.com/apple/swift-log", exact: "1.16.2"),
    .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    // `pmboard serve`'s sockets: FlyingFox's socket layer, FlyingSocks, the lightest of the servers measured; not
    // its HTTP layer, which links FoundationNetworking, libcurl and OpenSSL into every command (docs/serve.md).
    .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
  ],
  targets: [
    // libxml2's headers, for the HTML check of a site's own templates (`HTMLLibXML2Parser.swift` is its only
    // caller); the library itself is loaded with dlopen when a template is first checked (Sources/CLibXML2/shim.h).
    // Without pkg-config, which would link it; the targets that import it name the headers' folder (`libxml2`).
    .systemLibrary(
      name: "CLibXML2",
      providers: [.apt(["libxml2-dev"])]
    ),
    // PostgreSQL's client library's headers, for the PostgreSQL store (`PostgresConnection.swift` is its only
    // caller); the library itself is loaded with dlopen when a PostgreSQL store is opened (Sources/CLibPQ/shim.h).
    .systemLibrary(
      name: "CLibPQ",
      providers: [.apt(["libpq-dev"])]
    ),
    .systemLibrary(name: "CSystemShim"),
    .executableTarget(name: "pmboard-embed", path: "Sources/pmboard-embed"),
    .plugin(
      name: "EmbedTheme",
      capability: .buildTool(),
      dependencies: ["pmboard-embed"]
    ),
    // The commit the sources are checked out at, for `pmboard --version`, read from git's files without running git.
    .executableTarget(name: "pmboard-commit", path: "Sources/pmboard-commit"),
    .plugin(
      name: "EmbedCommit",
      capability: .buildTool(),
      dependencies: ["pmboard-commit"]
    ),

    // Low-level bytes: the only home of Unsafe*, arenas, SWAR and mmap, and of the C calls behind safe APIs (POSIX,
    // SQLite's row reads, libxml2's HTML parser, libpq's connection).
    .target(
      name: "PMBoardBytes",
      dependencies: [
        "CSystemShim", "CLibXML2", "CLibPQ", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: lifetimes + crossModule + libxml2Headers
    ),
    // The domain: tasks, dates, history, changes, the snapshot a build reads, diagnostics, the clock.
    .target(
      name: "PMBoardCore",
      dependencies: ["PMBoardBytes"],
      swiftSettings: lifetimes + strict + crossModule
    ),
    // SQLite, JSON and PostgreSQL stores, the interchange format.
    .target(
      name: "PMBoardStore",
      dependencies: [
        "PMBoardCore", "PMBoardBytes", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: lifetimes + strict + crossModule
    ),
    // Importers (`import --from github|csv|taskwarrior`): readers of other tools' exports and the re-import sync.
    .target(
      name: "PMBoardImport",
      dependencies: ["PMBoardCore", "PMBoardBytes", "PMBoardStore"],
      swiftSettings: lifetimes + strict
    ),
    // Mustache: parser, compiler, renderer.
    .target(
      name: "PMBoardMustache",
      dependencies: ["PMBoardCore", "PMBoardBytes"],
      swiftSettings: lifetimes + strict + crossModule
    ),
    // Template validation with libxml2.
    .target(
      name: "PMBoardValidation",
      dependencies: ["PMBoardCore", "PMBoardBytes", "PMBoardMustache", "CLibXML2"],
      swiftSettings: lifetimes + strict + crossModule + libxml2Headers
    ),
    // The site: pipeline, theme, locales, view models, writer.
    .target(
      name: "PMBoardSite",
      dependencies: [
        "PMBoardCore", "PMBoardBytes", "PMBoardStore", "PMBoardMustache", "PMBoardValidation", "CSystemShim",
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Yams", package: "Yams"),
      ],
      swiftSettings: lifetimes + strict + crossModule,
      plugins: ["EmbedTheme"]
    ),
    // The command line: one small struct per command.
    .target(
      name: "PMBoardCLI",
      dependencies: [
        "PMBoardBytes", "PMBoardCore", "PMBoardStore", "PMBoardSite", "PMBoardImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "FlyingSocks", package: "FlyingFox"),
      ],
      swiftSettings: lifetimes + strict,
      plugins: ["EmbedCommit"]
    ),
    .executableTarget(
      name: "pmboard",
      dependencies: ["PMBoardCLI"],
      swiftSettings: strict,
      // LLVM's linker lays the binary out so that a run starts ~2.5 ms sooner than with gold, the default on
      // Linux. The toolchain ships it.
      linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
    ),

    // Fuzz targets (docs/fuzzing.md): JSON import, and template validation plus Mustache parsing. `scripts/fuzz`
    // builds them with `--sanitize=fuzzer` and `-D PMBOARD_FUZZING`, which gives each libFuzzer's entry point
    // (`LLVMFuzzerTestOneInput`) and lets libFuzzer supply `main`; any other build gives each a `main` that
    // replays input files, so they compile in every build and a finding reproduces without libFuzzer.
    .executableTarget(
      name: "pmboard-fuzz-import",
      dependencies: ["PMBoardCore", "PMBoardStore"],
      path: "Fuzz/ImportFuzzer",
      swiftSettings: lifetimes + strict
    ),
    .executableTarget(
      name: "pmboard-fuzz-templates",
      dependencies: ["PMBoardCore", "PMBoardMustache", "PMBoardValidation"],
      path: "Fuzz/TemplateFuzzer",
      swiftSettings: lifetimes + strict
    ),

    // Fixtures, the CLI runner, golden pages, store samples, and the reference view models (`PageContext` and the
    // contexts under it, `ContextModel`) that the parity tests render with swift-mustache and with `TemplateSet`;
    // with the parity tests, the only targets linking swift-mustache (the library targets never do).
    .target(
      name: "PMBoardTestSupport",
      dependencies: [
        "PMBoardBytes", "PMBoardCore", "PMBoardStore", "PMBoardMustache", "PMBoardSite", "PMBoardCLI",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      path: "Tests/PMBoardTestSupport"
    ),
    .testTarget(
      name: "PMBoardUnitTests",
      dependencies: [
        "PMBoardBytes", "PMBoardCore", "PMBoardStore", "PMBoardMustache", "PMBoardValidation", "PMBoardSite",
        "PMBoardCLI", "PMBoardTestSupport", "PMBoardImport",
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .testTarget(
      name: "PMBoardParityTests",
      dependencies: [
        "PMBoardBytes", "PMBoardCore", "PMBoardStore", "PMBoardMustache", "PMBoardValidation", "PMBoardSite",
        "PMBoardTestSupport",
        .product(name: "Mustache", package: "swift-mustache"),
      ]
    ),
    .testTarget(
      name: "PMBoardEndToEndTests",
      dependencies: [
        "PMBoardBytes", "PMBoardCore", "PMBoardStore", "PMBoardSite", "PMBoardCLI", "PMBoardTestSupport",
        "PMBoardValidation", "pmboard",
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      exclude: ["Golden"]
    ),
  ]
)
