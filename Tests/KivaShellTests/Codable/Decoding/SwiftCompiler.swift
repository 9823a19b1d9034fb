import Foundation

@testable import KivaShell

/// Compiles and runs small Swift programs, to check the lab against real Swift.
enum SwiftCompiler {
  /// `swiftc` from PATH, or beside the `swift` on PATH.
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "")
      .split(separator: ":").map(String.init)
    for directory in directories {
      let candidate = URL(fileURLWithPath: directory).appendingPathComponent("swiftc").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    for directory in directories {
      let swift = URL(fileURLWithPath: directory).appendingPathComponent("swift")
      let resolved = swift.resolvingSymlinksInPath().deletingLastPathComponent()
      let candidate = resolved.appendingPathComponent("swiftc").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }()

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Compiles `source` as module `moduleName` in a temporary folder, runs it, and returns
  /// what it printed.
  static func run(_ source: String, compiler: String, moduleName: String) throws -> String {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-swiftc-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("main.swift")
    let binary = folder.appendingPathComponent("program")
    try source.write(to: file, atomically: true, encoding: .utf8)
    let compile = try execute(
      compiler, ["-module-name", moduleName, "-Onone", file.path, "-o", binary.path])
    guard compile.status == 0 else {
      throw Failure(description: "swiftc failed:\n\(compile.output)\n\(source)")
    }
    let run = try execute(binary.path, [])
    guard run.status == 0 else { throw Failure(description: "program failed:\n\(run.output)") }
    return run.output
  }

  private static func execute(_ executable: String, _ arguments: [String]) throws
    -> (output: String, status: Int32)
  {
    try ProcessRunner.run(URL(fileURLWithPath: executable), arguments)
  }

  /// A Swift expression for `value`, exact to the bit for doubles and dates, for a place
  /// whose type is known (a memberwise initializer's argument, a typed `let`).
  static func expression(_ value: DecodedValue) -> String {
    switch value {
    case .string(let text): text.debugDescription
    case .int(let number): String(number)
    case .double(let number): "Double(bitPattern: \(number.bitPattern))"
    case .bool(let flag): String(flag)
    case .date(let date):
      "Date(timeIntervalSince1970: Double(bitPattern: \(date.timeIntervalSince1970.bitPattern)))"
    case .array(let elements): "[\(elements.map(expression).joined(separator: ", "))]"
    case .optional(nil): "nil"
    case .optional(.some(let wrapped)): ".some(\(expression(wrapped)))"
    case .model(let name, let fields):
      "\(name)(\(fields.map { "\($0.name): \(expression($0.value))" }.joined(separator: ", ")))"
    }
  }
}
