import Foundation
import Testing

@testable import KivaShell

/// Models inferred from the fixtures, turned into Swift by the generator, compiled with
/// `swiftc` and run on the very fixtures they were inferred from.
@Suite("Inferred models compile and decode their samples")
struct CodableInferenceRunTests {
  /// The samples: fixture, root name, and the type the main file decodes.
  static let samples = [
    (fixture: "newest-2012-06-12.json", root: "LoanStore", type: "LoanStore"),
    (fixture: "landmarkData.json", root: "Landmark", type: "[Landmark]"),
    (fixture: "restaurants.json", root: "Restaurant", type: "[Restaurant]"),
  ]

  static let program = Result {
    var sources: [String] = []
    for sample in samples {
      let data = try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(sample.fixture)))
      let models = try ModelInference.infer(from: data, rootName: sample.root)
      sources.append(
        SwiftCodeGenerator.source(
          for: sample.root, library: ModelLibrary(models), options: DecodingOptions()))
    }
    // One file: the samples share no model names, and one import is enough.
    let declarations = sources.joined(separator: "\n").split(
      separator: "\n", omittingEmptySubsequences: false
    ).filter { $0 != "import Foundation" }
    return try CompiledProgram.compile(
      models: "import Foundation\n" + declarations.joined(separator: "\n"),
      mains: samples.map {
        ($0.type, SwiftCodeGenerator.mainSource(for: $0.type, options: DecodingOptions()))
      })
  }

  private func decode(_ fixture: String, as type: String) throws -> String {
    try Self.program.get().decodeFile(TestPaths.fixture(fixture), as: type)
  }

  @Test("newest.json decodes; a loan without a town has town nil")
  func newest() throws {
    let output = try decode("newest-2012-06-12.json", as: "LoanStore")
    #expect(!output.contains("ERROR"))
    #expect(
      output.hasPrefix(
        "LoanStore(paging: GeneratedCode.Paging(page: 1, total: 418619, pageSize: 20, "
          + #"pages: 20931), loans: [GeneratedCode.Loan(id: 436753, name: "Pheap\'s Group""#))
    #expect(output.contains(#"town: Optional("Kampong Cham province, Dambae district")"#))
    #expect(output.contains(#"country: "Kenya", town: nil"#))
    #expect(output.contains("postedDate: 2012-06-12 20:30:03 +0000"))
  }

  @Test("landmarkData.json decodes as [Landmark]")
  func landmarks() throws {
    let output = try decode("landmarkData.json", as: "[Landmark]")
    #expect(output.hasPrefix(#"[GeneratedCode.Landmark(name: "Turtle Rock", category: "Rivers""#))
    #expect(output.contains("coordinates: GeneratedCode.Coordinates(longitude: -116.166868"))
  }

  @Test("restaurants.json decodes as [Restaurant]")
  func restaurants() throws {
    let output = try decode("restaurants.json", as: "[Restaurant]")
    #expect(output.hasPrefix(#"[GeneratedCode.Restaurant(name: "Cafe Deadend", type: "#))
    #expect(output.hasSuffix("isFavorite: false)]"))
  }

  @Test("A loan missing a required key fails where Swift says it does")
  func missingKey() throws {
    let url = URL(fileURLWithPath: TestPaths.fixture("newest-2012-06-12.json"))
    var text = try String(contentsOf: url, encoding: .utf8)
    text = text.replacingOccurrences(of: #""country":"Kenya","#, with: "")
    let output = try Self.program.get().decode(text, as: "LoanStore")
    #expect(output == "ERROR keyNotFound loans[4].location.country")
  }
}
