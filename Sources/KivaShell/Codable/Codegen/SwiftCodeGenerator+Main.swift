extension SwiftCodeGenerator {
  /// A `main.swift` that goes with ``source(for:library:options:)``: it reads the JSON
  /// file named by its first argument, decodes it as `modelName` with a `JSONDecoder`
  /// set up for `options`, and prints the value (`print(value)`).
  ///
  /// A decoding error prints one line, `ERROR <kind> <path>`: the kind is
  /// `keyNotFound`, `typeMismatch`, `valueNotFound` or `dataCorrupted`, and the path is
  /// the error's coding path written as JSON (`loans[3].location.country`), followed for
  /// `keyNotFound` by the missing key; an empty path is left out (`ERROR dataCorrupted`
  /// for text that is not JSON). Any other error (the file cannot be read) prints
  /// `ERROR ` and its description. Errors exit with status 1, a missing argument with 2.
  ///
  /// `modelName` is written as the type to decode, so `[Landmark]` decodes a top-level
  /// array. The date strategy is set whatever the model (the main file does not know it).
  public static func mainSource(for modelName: String, options: DecodingOptions) -> String {
    var lines = [
      "import Foundation",
      "",
      "// Decodes the JSON file named by the first argument as \(modelName) and prints it.",
      "let arguments = CommandLine.arguments",
      "guard arguments.count > 1 else {",
      "  FileHandle.standardError.write(Data(\"usage: decode FILE.json\\n\".utf8))",
      "  exit(2)",
      "}",
      "",
      "let decoder = JSONDecoder()",
    ]
    lines += decoderSetup(options, usesDates: true)
    lines += [
      "",
      "/// Prints `ERROR <kind> <path>`, the path as JSON: `loans[3].location.country`.",
      "func report(_ kind: String, _ codingPath: [any CodingKey]) -> Never {",
      "  let path = codingPath.map { $0.intValue.map { \"[\\($0)]\" } ?? \".\" + $0.stringValue }",
      "    .joined()",
      "  let shown = path.hasPrefix(\".\") ? String(path.dropFirst()) : path",
      "  print(shown.isEmpty ? \"ERROR \\(kind)\" : \"ERROR \\(kind) \\(shown)\")",
      "  exit(1)",
      "}",
      "",
      "do {",
      "  let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))",
      "  let value = try decoder.decode(\(modelName).self, from: data)",
      "  print(value)",
      "} catch DecodingError.keyNotFound(let key, let context) {",
      "  report(\"keyNotFound\", context.codingPath + [key])",
      "} catch DecodingError.typeMismatch(_, let context) {",
      "  report(\"typeMismatch\", context.codingPath)",
      "} catch DecodingError.valueNotFound(_, let context) {",
      "  report(\"valueNotFound\", context.codingPath)",
      "} catch DecodingError.dataCorrupted(let context) {",
      "  report(\"dataCorrupted\", context.codingPath)",
      "} catch {",
      "  print(\"ERROR \\(error.localizedDescription)\")",
      "  exit(1)",
      "}",
    ]
    return lines.joined(separator: "\n") + "\n"
  }
}
