import Foundation
import Testing

@testable import KivaShell

/// Inference's decisions, one small sample each.
@Suite("Model inference: rules")
struct CodableInferenceRuleTests {
  private func infer(_ json: String, root: String = "Root") throws -> InferenceReport {
    try ModelInference.inferReport(from: Data(json.utf8), rootName: root)
  }

  private func fields(_ json: String, model: String = "Root") throws -> [String: ModelField] {
    let report = try infer(json)
    let fields = report.models.first { $0.name == model }?.fields ?? []
    return Dictionary(fields.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  private func types(_ json: String, model: String = "Root") throws -> [String] {
    let report = try infer(json)
    let fields = report.models.first { $0.name == model }?.fields ?? []
    return fields.map { "\($0.name): \($0.type.swiftName)" }
  }

  @Test(
    "Array elements are named in the singular",
    arguments: [
      ("loans", "Loan"), ("categories", "Category"), ("addresses", "Address"),
      ("boxes", "Box"), ("matches", "Match"), ("people", "Person"), ("statuses", "Status"),
      ("movies", "Movie"), ("funded_loans", "FundedLoan"), ("data", "DataItem"),
      ("series", "SeriesItem"), ("list", "ListItem"), ("omens", "Omen"),
    ])
  func singular(key: String, expected: String) {
    #expect(InferenceNaming.modelName(forElementsAt: key) == expected)
  }

  @Test("Keys become lowerCamelCase properties; the key stays in keyPath")
  func propertyNames() throws {
    let json = #"{"loan_amount": 1, "country-code": "PY", "isFeatured": true, "ID": 2}"#
    #expect(
      try types(json) == [
        "loanAmount: Int", "countryCode: String", "isFeatured: Bool", "id: Int",
      ])
    #expect(try fields(json)["countryCode"]?.keyPath == ["country-code"])
    #expect(try fields(json)["isFeatured"]?.isRenamed == false)
  }

  @Test("Keyword keys get Value; keys that meet on one name get a number")
  func keywordsAndClashes() throws {
    let json = #"{"default": 1, "class": "a", "self": true, "loan_amount": 1, "loanAmount": 2}"#
    #expect(
      try types(json) == [
        "defaultValue: Int", "classValue: String", "selfValue: Bool", "loanAmount: Int",
        "loanAmount2: Int",
      ])
    #expect(try fields(json)["defaultValue"]?.keyPath == ["default"])
    #expect(try fields(json)["loanAmount2"]?.keyPath == ["loanAmount"])
  }

  @Test("A key missing from some objects or null in some is optional, at any depth")
  func optionality() throws {
    let json = #"""
      {"loans": [
        {"id": 1, "note": null, "location": {"country": "KE", "town": "Tiribe"}},
        {"id": 2, "note": "x", "location": {"country": "KE"}}, {"id": 3, "extra": true,
         "location": {"country": "PE", "town": null}}]}
      """#
    #expect(
      try types(json, model: "Loan") == [
        "id: Int", "note: String?", "location: Location", "extra: Bool?",
      ])
    #expect(try types(json, model: "Location") == ["country: String", "town: String?"])
  }

  @Test("Numbers are Int when all are whole, else Double; arrays widen the same way")
  func numbers() throws {
    let json =
      #"{"a": [1, 2], "b": [1, 2.5], "points": [{"v": 1}, {"v": 1e3}], "d": 9223372036854775808}"#
    #expect(try types(json) == ["a: [Int]", "b: [Double]", "points: [Point]", "d: Double"])
    #expect(try types(json, model: "Point") == ["v: Double"])
  }

  @Test("ISO 8601 strings are dates, unless one sample is not")
  func dates() throws {
    let json = #"""
      {"items": [
        {"a": "2012-06-12T20:30:03Z", "b": "2012-06-12T20:30:03.25Z", "c": "2012-06-12T20:30:03Z"},
        {"a": "2012-06-12T22:30:03+02:00", "b": null, "c": "yesterday"}]}
      """#
    #expect(try types(json, model: "Item") == ["a: Date", "b: Date?", "c: String"])
    // Shaped like dates, but .iso8601 refuses them: strings, so the sample decodes.
    let offsets = #"""
      {"d": "2012-06-12T20:30:03-24:00", "e": "2012-06-12T20:30:03+99:99",
       "f": "2012-06-12T20:30:03.0000000000000000001Z"}
      """#
    #expect(try types(offsets) == ["d: String", "e: String", "f: String"])
  }

  @Test("Guesses are noted: always null, always empty, null elements")
  func guesses() throws {
    let json = #"{"gone": null, "tags": [], "holes": [1, null], "nulls": [null], "x": [[]]}"#
    let report = try infer(json)
    #expect(
      try types(json) == [
        "gone: String?", "tags: [String]", "holes: [Int?]", "nulls: [String?]", "x: [[String]]",
      ])
    #expect(
      report.notes == [
        "gone is always null: guessed String?", "tags is always an empty array: guessed [String]",
        "nulls holds only nulls: guessed [String?]",
        "x[] is always an empty array: guessed [String]",
      ])
  }

  @Test("A key no one type holds is left out, with a note")
  func mixed() throws {
    let json = #"{"id": 1, "codes": [{"v": 1}, {"v": "one"}], "any": [1, "a", true], "w": {}}"#
    let report = try infer(json)
    #expect(try types(json) == ["id: Int", "codes: [Code]", "w: W"])
    #expect(try types(json, model: "Code") == [])
    #expect(
      report.notes == [
        "codes[].v holds a number and a string: left out, as no one Swift type holds them",
        "any[] holds a boolean and a number and a string: left out, as no one Swift type holds them",
      ])
  }

  @Test("Name clashes: the same object reuses its model, a different one gets a number")
  func modelNames() throws {
    let json = #"""
      {"image": {"id": 1}, "loans": [{"image": {"id": 2}, "root": {"x": 1}}],
       "lenders": [{"image": {"url": "u"}}], "data": {"n": 1}, "date": {"d": 1},
       "keys": {"k": 1}, "locationKeys": {"l": 1}}
      """#
    let report = try infer(json)
    #expect(
      report.models.map(\.name) == [
        "Image", "Root2", "Loan", "Image2", "Lender", "DataValue", "DateValue", "KeysValue",
        "LocationKeysValue", "Root",
      ])
    #expect(try types(json, model: "Loan") == ["image: Image", "root: Root2"])
    #expect(try types(json, model: "Lender") == ["image: Image2"])
  }

  @Test("A sample file past the size limit is refused before it is read; nothing is defined")
  func tooBig() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("big.json")
    var data = Data(repeating: UInt8(ascii: " "), count: DecodingErrorExplainer.documentLimit)
    data.append(contentsOf: Array(#"{"a": 1}"#.utf8))
    try data.write(to: file)
    let run = ScriptRun(["infer --name Big @\(file.path)", "models"])
    #expect(
      run.error
        == "error: '\(file.path)' is 67,108,872 bytes, more than the 64 MB kivash reads at"
        + " once — try a smaller sample of it\n")
    #expect(!run.standard.contains("Big"))
  }

  @Test(
    "Samples that give no model fail with a message",
    arguments: [
      (#"{"a": 1,,}"#, "the sample is not JSON: line 1, column 9: "),
      (#""text""#, "the sample is a string, not an object or an array of objects"),
      ("[1, 2]", "the sample is an array holding a number: inference needs an array of objects"),
      ("[{}, 3]", "the sample is an array holding a number: inference needs an array of objects"),
      ("[]", "the sample is an array with no objects in it: there is nothing to infer from"),
      ("null", "the sample is null, not an object or an array of objects"),
    ])
  func failures(json: String, message: String) {
    #expect {
      try ModelInference.infer(from: Data(json.utf8), rootName: "Root")
    } throws: { error in
      (error as? InferenceError)?.message.hasPrefix(message) == true
    }
  }

  @Test("The root name must be able to name a struct")
  func rootNames() {
    for name in ["", "my model", "2fa", "String", "class"] {
      #expect(throws: InferenceError.self) {
        try ModelInference.infer(from: Data("{}".utf8), rootName: name)
      }
    }
  }

  @Test("Deep nesting fails instead of overflowing the stack")
  func deepNesting() {
    let json = String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)
    #expect(throws: InferenceError(message: "the sample nests deeper than 200 levels")) {
      try ModelInference.infer(from: Data(json.utf8), rootName: "Root")
    }
  }

  @Test("Escapes in keys and strings are read")
  func escapes() throws {
    let json = #"{"caf\u00e9_name": "x", "emoji\ud83d\ude00": 1, "quote\"d": 2}"#
    let report = try infer(json)
    #expect(report.models.last?.fields.map(\.keyPath) == [["café_name"], ["emoji😀"], ["quote\"d"]])
    #expect(try types(json) == ["caféName: String", "emoji: Int", "quoteD: Int"])
  }
}
