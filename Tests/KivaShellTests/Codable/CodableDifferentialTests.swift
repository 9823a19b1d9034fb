import Foundation
import Testing

@testable import KivaShell

/// The lab against the compiler: for built-in models and models inferred from the real
/// fixtures, the Swift that `codegen` prints is compiled with `swiftc` and run on the same
/// JSON as `decode`. Both must print the same value, or fail with the same error kind at
/// the same coding path.
@Suite("Codable differential: codegen's Swift, compiled, against decode")
struct CodableDifferentialTests {
  /// One program per group of models; compiling costs seconds, so each is built once.
  struct Group: Sendable, CustomTestStringConvertible {
    var name: String
    var library: ModelLibrary
    var roots: [String]
    var inputs: [(model: String, json: String)]

    var testDescription: String { name }
  }

  static let groups: [Group] = {
    var groups = [builtInSteps()]
    for (file, root, wrap) in [
      ("newest-2012-06-12.json", "Newest", nil),
      ("loan-436753-2012.json", "LoanDetail", nil),
      ("landmarkData.json", "LandmarkData", "landmarks"),
      ("restaurants.json", "RestaurantData", "restaurants"),
    ] as [(String, String, String?)] {
      if let group = inferred(file, root: root, wrappingArrayIn: wrap) { groups.append(group) }
    }
    return groups
  }()

  @Test("there is a group for the built-in steps and each fixture")
  func groupsExist() {
    #expect(
      Self.groups.map(\.name) == [
        "tutorial steps", "newest-2012-06-12.json", "loan-436753-2012.json", "landmarkData.json",
        "restaurants.json",
      ])
  }

  @Test("compiled codegen and decode agree", arguments: groups)
  func agree(group: Group) throws {
    // A wrapper whose fields use every root, so one declaration of each model compiles.
    var library = group.library
    let wrapper = ModelDefinition(
      name: "AllRoots",
      fields: group.roots.enumerated().map { index, root in
        ModelField(name: "root\(index)", type: .optional(.model(root)))
      })
    library.insert(wrapper)
    let options = DecodingOptions()
    let program = try CompiledProgram.compile(
      models: SwiftCodeGenerator.source(for: "AllRoots", library: library, options: options),
      mains: group.roots.map { ($0, SwiftCodeGenerator.mainSource(for: $0, options: options)) })
    #expect(group.inputs.count >= 5)
    for (model, json) in group.inputs {
      let compiled = try program.decode(json, as: model)
      let lab = Self.labResult(model, json, library)
      #expect(compiled == lab, "\(group.name), \(model): \(json.prefix(120))")
    }
  }

  /// What `decode` gives, in the compiled program's terms.
  static func labResult(_ model: String, _ json: String, _ library: ModelLibrary) -> String {
    do {
      return try ModelDecoder.decode(
        model, from: Data(json.utf8), library: library, options: DecodingOptions()
      ).swiftDescription(moduleName: "GeneratedCode")
    } catch let error as DecodingError {
      let (kind, path): (String, [any CodingKey])
      switch error {
      case .keyNotFound(let key, let context):
        (kind, path) = ("keyNotFound", context.codingPath + [key])
      case .typeMismatch(_, let context): (kind, path) = ("typeMismatch", context.codingPath)
      case .valueNotFound(_, let context): (kind, path) = ("valueNotFound", context.codingPath)
      case .dataCorrupted(let context): (kind, path) = ("dataCorrupted", context.codingPath)
      @unknown default: (kind, path) = ("unknown", [])
      }
      let shown = path.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined()
      let trimmed = shown.hasPrefix(".") ? String(shown.dropFirst()) : shown
      return trimmed.isEmpty ? "ERROR \(kind)" : "ERROR \(kind) \(trimmed)"
    } catch {
      return "ERROR \(error)"
    }
  }

  private static func builtInSteps() -> Group {
    let flat = #"{"name": "John Davis", "country": "Paraguay", "use": "clothes", "amount": 150}"#
    let keyed =
      #"{"name": "John Davis", "country": "Paraguay", "use": "clothes", "loan_amount": 150}"#
    let nested =
      #"{"name": "Marème", "location": {"country": "Senegal"}, "use": "fish", "loan_amount": 525}"#
    let store =
      (try? String(
        contentsOf: TestPaths.fixtures.appendingPathComponent("newest-2012-06-12.json"),
        encoding: .utf8)) ?? ""
    return Group(
      name: "tutorial steps", library: BuiltInModels.library,
      roots: ["FlatLoan", "KeyedLoan", "NestedLoan", "LoanStore"],
      inputs: [
        ("FlatLoan", flat), ("FlatLoan", keyed), ("KeyedLoan", keyed), ("KeyedLoan", flat),
        ("NestedLoan", nested),
        ("NestedLoan", nested.replacingOccurrences(of: #""country": "Senegal""#, with: "")),
        ("NestedLoan", nested.replacingOccurrences(of: "525", with: #""525""#)),
        ("NestedLoan", nested.replacingOccurrences(of: #""fish""#, with: "null")),
        ("NestedLoan", nested.replacingOccurrences(of: #"{"country": "Senegal"}"#, with: "[]")),
        ("LoanStore", store),
        (
          "LoanStore",
          store.replacingOccurrences(of: #""loan_amount":375"#, with: #""loan_amount":"375""#)
        ),
        ("LoanStore", #"{"loans": {}}"#),
        ("FlatLoan", "[1, 2]"),
      ])
  }

  private static func inferred(_ file: String, root: String, wrappingArrayIn key: String?) -> Group?
  {
    guard
      var text = try? String(
        contentsOf: TestPaths.fixtures.appendingPathComponent(file), encoding: .utf8)
    else { return nil }
    if let key { text = "{\"\(key)\": \(text)}" }
    guard let models = try? ModelInference.infer(from: Data(text.utf8), rootName: root) else {
      return nil
    }
    let variants: [(String, String)] = [
      (#""loan_amount":375"#, #""loan_amount":"375""#),  // typeMismatch in the fifth loan
      (#""name":"Bayan","#, ""),  // keyNotFound
      (#""use":"to pay her University fees.""#, #""use":null"#),  // valueNotFound
      (#""posted_date":"2012-06-12T20:30:03Z""#, #""posted_date":"2012-06-1X""#),  // a bad date
      (#""country":"Cambodia","#, ""),  // keyNotFound inside location
      (#""name": "Turtle Rock""#, #""name": 7"#),
      (#""isFavorite": false"#, #""isFavorite": null"#),
      (#""latitude": 34.011286"#, #""latitude": "north""#),
      (#""phone": "232-923423""#, #""phone": ["x"]"#),
      (#""type": "Thai""#, ""),
    ]
    var inputs = [(root, text)]
    for (from, to) in variants where text.contains(from) {
      if let range = text.range(of: from) {
        inputs.append((root, text.replacingCharacters(in: range, with: to)))
      }
    }
    inputs.append((root, String(text.dropLast(3))))  // cut short: not JSON
    inputs.append((root, "{}"))
    return Group(name: file, library: ModelLibrary(models), roots: [root], inputs: inputs)
  }
}
