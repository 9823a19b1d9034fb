// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "kivash",
  products: [
    .executable(name: "kivash", targets: ["kivash"]),
    .executable(name: "kivash-http", targets: ["kivash-http"]),
    .library(name: "KivaShell", targets: ["KivaShell"]),
  ],
  targets: [
    // libedit, as Debian's libedit-dev installs it (pkg-config "libedit").
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // Typed wrappers for libedit's C-variadic el_set()/history(), which Swift cannot call.
    .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
    // SQLite 3, as Debian's libsqlite3-dev installs it (pkg-config "sqlite3").
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // libcurl, as Debian's libcurl4-openssl-dev installs it (pkg-config "libcurl").
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    // Typed wrappers for libcurl's C-variadic curl_easy_setopt()/curl_easy_getinfo().
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    // glibc's mallopt(), which Swift's Glibc module does not include (a header, no code).
    .systemLibrary(name: "CMalloc"),
    .target(
      name: "KivaShell",
      dependencies: ["CEditLineShim", "CSQLite", "CMalloc"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "kivash",
      dependencies: ["KivaShell"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // The HTTP client (libcurl), kept out of the shell so that it starts without loading
    // it; kivash-http runs one request for it at a time.
    .target(
      name: "KivaNetworking",
      dependencies: ["KivaShell", "CCurlShim"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "kivash-http",
      dependencies: ["KivaNetworking"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    // A benchmark program (not a test): decode throughput, search and TAB latency, start-up.
    .executableTarget(
      name: "kivash-bench",
      dependencies: ["KivaShell"],
      path: "Benchmarks/kivash-bench",
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .testTarget(
      name: "KivaShellTests",
      dependencies: ["KivaShell", "KivaNetworking", "kivash", "kivash-http"],
      exclude: ["Transcripts", "Fixtures"],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)

// libFuzzer targets (Fuzz/), only when scripts/fuzz builds them with `-sanitize=fuzzer`,
// whose runtime they need; the normal build never sees them.
if Context.environment["KIVASH_FUZZ"] == "1" {
  package.targets.append(.target(name: "CFuzzDriver", path: "Fuzz/CFuzzDriver"))
  for name in ["fuzz-commands", "fuzz-json", "fuzz-models", "fuzz-history", "fuzz-stream"] {
    package.targets.append(
      .executableTarget(
        name: name,
        dependencies: ["KivaShell", "CFuzzDriver"],
        path: "Fuzz/\(name)",
        swiftSettings: [.swiftLanguageMode(.v6)]
      ))
  }
}
