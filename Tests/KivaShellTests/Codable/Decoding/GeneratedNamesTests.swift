import Testing

@testable import KivaShell

@Suite("Generated names: keys enums and case names")
struct CodableGeneratedNamesTests {
  @Test(
    "an intermediate key's enum and case",
    arguments: [
      ("location", "LocationKeys", "location"),
      ("geo", "GeoKeys", "geo"),
      ("geo_pairs", "GeoPairsKeys", "geoPairs"),
      ("geo-pairs", "GeoPairsKeys", "geoPairs"),
      ("pageSize", "PageSizeKeys", "pageSize"),
      ("Location", "LocationKeys", "location"),
      ("ID", "IDKeys", "id"),
      ("user ID", "UserIDKeys", "userID"),
      ("default", "DefaultKeys", "defaultKey"),
      ("2012", "_2012Keys", "_2012"),
      ("país", "PaísKeys", "país"),
      ("", "KeyKeys", "key"),
      ("--", "KeyKeys", "key"),
      ("coding", "NestedCodingKeys", "coding"),
      ("Coding", "NestedCodingKeys", "coding"),
    ])
  func names(key: String, keysEnum: String, caseName: String) {
    #expect(GeneratedNames.keysEnum(forKey: key) == keysEnum)
    #expect(GeneratedNames.caseName(forKey: key) == caseName)
  }

  @Test("a model's enums: CodingKeys first, nested enums merged by name, raw values when renamed")
  func keyEnums() throws {
    let model = try #require(
      try ModelParser.parse(
        """
        model Loan { name: String; country: String = location.country; amount: Int = loan_amount; town: String? = location.town; pairs: String? = location.geo.pairs; level: String = origin.geo.level }
        """
      ).first)
    let enums = GeneratedNames.keyEnums(for: model)
    let rendered = enums.map { keysEnum in
      keysEnum.name + ": "
        + keysEnum.cases.map { $0.needsRawValue ? "\($0.name) = \($0.key)" : $0.name }
        .joined(separator: ", ")
    }
    #expect(
      rendered == [
        "CodingKeys: name, location, amount = loan_amount, origin",
        "LocationKeys: country, town, geo",
        "GeoKeys: pairs, level",
        "OriginKeys: geo",
      ])
  }

  @Test("a nested key 'coding' has keys of its own, not the struct's CodingKeys")
  func codingKey() {
    let run = ScriptRun([
      "model M { a: Int = coding.x; x: Int }", #"decode M {"coding": {"x": 1}, "x": 2}"#,
      "codegen M",
    ])
    #expect(run.error == "")
    #expect(run.standard.contains("M(a: 1, x: 2)\n"))
    #expect(
      run.standard.contains(
        """
          enum CodingKeys: String, CodingKey {
            case coding, x
          }

          enum NestedCodingKeys: String, CodingKey {
            case a = "x"
          }
        """))
    #expect(
      run.standard.contains(
        "let coding = try container.nestedContainer(keyedBy: NestedCodingKeys.self, "
          + "forKey: .coding)\n"))
  }

  @Test("a key starting with a digit names a model infer can define")
  func inferredNameFromADigitKey() {
    let json = #"{"2x": {"y": 1}}"#
    let run = ScriptRun(["infer \(json)", "decode Sample \(json)"])
    #expect(run.error == "")
    #expect(run.standard.contains("model Key2x { y: Int }\n"))
    #expect(run.standard.hasSuffix("Sample(_2x: main.Key2x(y: 1))\n"))
  }
}
