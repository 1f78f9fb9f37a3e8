// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "pmboard",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "pmboard", targets: ["pmboard"]),
    .library(name: "PMBoardKit", targets: ["PMBoardKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"])]
    ),
    .systemLibrary(name: "CSystemShim"),
    .executableTarget(name: "pmboard-embed", path: "Sources/pmboard-embed"),
    .plugin(
      name: "EmbedTheme",
      capability: .buildTool(),
      dependencies: ["pmboard-embed"]
    ),
    .target(
      name: "PMBoardKit",
      dependencies: [
        "CLibXML2",
        "CSystemShim",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Mustache", package: "swift-mustache"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "Yams", package: "Yams"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      plugins: ["EmbedTheme"]
    ),
    .executableTarget(
      name: "pmboard",
      dependencies: ["PMBoardKit"],
      // LLVM's linker lays the binary out so that a run starts ~2.5 ms sooner than with gold, the default on
      // Linux (a tenth of a 1,000-task build; README's Performance section). The toolchain ships it.
      linkerSettings: [.unsafeFlags(["-use-ld=lld"], .when(platforms: [.linux]))]
    ),
    .testTarget(
      name: "PMBoardKitTests",
      dependencies: [
        "PMBoardKit",
        "pmboard",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Mustache", package: "swift-mustache"),
      ],
      exclude: ["Golden"]
    ),
  ]
)
