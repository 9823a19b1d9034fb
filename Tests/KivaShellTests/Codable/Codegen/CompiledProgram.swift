import Foundation

/// A program built with `swiftc` from generated Swift, run on JSON to check that the
/// generated code compiles and decodes as it should. Compiling takes seconds, so a suite
/// builds one program holding several models and picks the model by the second argument.
struct CompiledProgram: Sendable {
  /// Why compiling or running failed, with the compiler's or program's output.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// The folder holding the sources, the executable and the JSON inputs.
  let directory: URL
  /// The executable.
  let executable: URL

  /// Compiles `models` (declarations, with `import Foundation`) and a `main.swift` that
  /// runs `mains[name]` (a generated main file) when the second argument is `name`.
  static func compile(models: String, mains: [(name: String, source: String)]) throws
    -> CompiledProgram
  {
    let directory = parent.appendingPathComponent(UUID().uuidString)
    removeStalePrograms()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let modelsFile = directory.appendingPathComponent("Models.swift")
    let mainFile = directory.appendingPathComponent("main.swift")
    let executable = directory.appendingPathComponent("program")
    try models.write(to: modelsFile, atomically: true, encoding: .utf8)
    try dispatcher(mains).write(to: mainFile, atomically: true, encoding: .utf8)
    // `swiftc` beside the `swift` running the tests, found on PATH by env.
    let arguments = [
      "swiftc", "-swift-version", "6", "-warnings-as-errors", "-Onone",
      "-module-name", "GeneratedCode", "-o", executable.path, modelsFile.path, mainFile.path,
    ]
    let (output, status) = try run(URL(fileURLWithPath: "/usr/bin/env"), arguments)
    guard status == 0 else {
      throw Failure(description: "swiftc failed (\(status)):\n\(output)")
    }
    return CompiledProgram(directory: directory, executable: executable)
  }

  /// Writes `json` to a file and decodes it as `model`; returns the printed lines.
  func decode(_ json: String, as model: String) throws -> String {
    let input = directory.appendingPathComponent("\(UUID().uuidString).json")
    try json.write(to: input, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: input) }
    return try decodeFile(input.path, as: model)
  }

  /// Decodes the file at `path` as `model`; returns the printed lines.
  func decodeFile(_ path: String, as model: String) throws -> String {
    let (output, _) = try Self.run(executable, [path, model])
    return output.hasSuffix("\n") ? String(output.dropLast()) : output
  }

  /// Where programs are built, one folder each.
  private static let parent = FileManager.default.temporaryDirectory
    .appendingPathComponent("kivash-codegen-tests")

  /// Removes programs left by earlier runs (more than an hour old).
  private static func removeStalePrograms() {
    let manager = FileManager.default
    let old = Date().addingTimeInterval(-3600)
    let folders =
      (try? manager.contentsOfDirectory(
        at: parent, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
    for folder in folders {
      let modified = try? folder.resourceValues(forKeys: [.contentModificationDateKey])
        .contentModificationDate
      if let modified, modified < old { try? manager.removeItem(at: folder) }
    }
  }

  /// A `main.swift` with a `case` per generated main (its statements, import dropped).
  private static func dispatcher(_ mains: [(name: String, source: String)]) -> String {
    var lines = [
      "import Foundation", "",
      "switch CommandLine.arguments.count > 2 ? CommandLine.arguments[2] : \"\" {",
    ]
    for main in mains {
      lines.append("case \(main.name.debugDescription):")
      for line in main.source.split(separator: "\n", omittingEmptySubsequences: false)
      where line != "import Foundation" {
        lines.append(line.isEmpty ? "" : "  " + line)
      }
    }
    lines += ["default:", "  print(\"no model \\(CommandLine.arguments)\")", "}"]
    return lines.joined(separator: "\n") + "\n"
  }

  private static func run(_ executable: URL, _ arguments: [String]) throws -> (String, Int32) {
    try ProcessRunner.run(executable, arguments)
  }
}
