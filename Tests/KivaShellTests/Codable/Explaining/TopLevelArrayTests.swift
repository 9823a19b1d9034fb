import Foundation
import Testing

@testable import KivaShell

/// A JSON whose top level is an array decodes as `[Model]`, as `[Model].self` does in
/// Swift — what `infer` says of such a sample.
@Suite("decode [Model]: arrays at the top level")
struct TopLevelArrayTests {
  /// Runs `lines`; returns standard output and standard error.
  private func run(_ lines: [String]) -> (output: String, error: String) {
    let run = ScriptRun(lines)
    return (run.standard, run.error)
  }

  @Test("[Model] decodes each element; errors give the element's path")
  func decodesElements() {
    let good = run(["model P { a: Int }", #"decode [P] [{"a": 1}, {"a": 2}]"#])
    #expect(good.output.hasSuffix("[main.P(a: 1), main.P(a: 2)]\n"))
    #expect(good.error == "")
    let bad = run(["model P { a: Int }", #"decode [P] [{"a": 1}, {"a": "x"}]"#])
    #expect(bad.error.hasPrefix("error: [1].a should be Int, found the string \"x\"\n"))
    #expect(bad.error.contains("  fix: declare the property as String: var a: String\n"))
  }

  @Test("a model given an array is told to decode [Model]")
  func objectExpected() {
    let run = run(["model P { a: Int }", #"decode P [{"a": 1}]"#])
    #expect(run.error.contains("  fix: the JSON is an array: decode [P] (in Swift: [P].self)\n"))
  }

  @Test("what infer says of an array sample works: decode [Sample] @FILE")
  func inferThenDecode() {
    let file = TestPaths.fixtures.appendingPathComponent("landmarkData.json").path
    let run = run(["infer @\(file)", "decode [Sample] @\(file)"])
    #expect(run.error == "")
    #expect(run.output.contains("decode it as [Sample]."))
    #expect(run.output.contains(#"[main.Sample(name: "Turtle Rock""#))
  }

  @Test("the Swift types decode as arrays too; --manual takes a model, not an array")
  func swiftTypesAndManual() {
    let swift = run([#"decode [Category] [{"id": 1, "name": "Tools", "icon": "hammer"}]"#])
    #expect(swift.output == "[KivaShell.Category(id: 1, name: \"Tools\", icon: \"hammer\")]\n")
    let manual = run(["model P { a: Int }", #"decode [P] --manual [{"a": 1}]"#])
    #expect(
      manual.error
        == "error: '--manual' and '[P]' cannot go together — the walk starts at one model's "
        + "object; decode [P] without --manual\n")
  }

  @Test("[Model] given one object is told to decode the model")
  func arrayExpected() {
    for type in ["[D]", "[[D]]", "[D]?", "[D?]"] {
      let run = run(["model D { x: Int }", #"decode \#(type) {"x": 1}"#])
      #expect(
        run.error.contains("  fix: the JSON is one object: decode D (in Swift: D.self)\n"),
        "\(type)")
    }
    let optional = run(["model D { x: Int }", #"decode D? [{"x": 1}]"#])
    #expect(
      optional.error.contains("  fix: the JSON is an array: decode [D] (in Swift: [D].self)\n"))
  }

  @Test("what infer says of an array with nulls works: decode [Sample?]")
  func optionalElements() {
    let sample = #"[{"a": 1}, null]"#
    let run = run(["infer --name P \(sample)", "decode [P?] --trace \(sample)"])
    #expect(run.error == "")
    #expect(run.output.contains("decode it as [P?]."))
    #expect(
      run.output.hasSuffix("    decode(P?.self) → nil\n[Optional(main.P(a: 1)), nil]\n"))
    #expect(run.output.contains("[P?].init(from: decoder)\n  unkeyedContainer()\n"))
    let strict = self.run(["model P { a: Int }", "decode [P] \(sample)"])
    #expect(
      strict.error.contains("  fix: the array holds nulls: decode [P?] (in Swift: [P?].self)\n"))
    let object = self.run(["model P { a: Int }", #"decode [P?] {"a": 1}"#])
    #expect(object.error.contains("  fix: the JSON is one object: decode P (in Swift: P.self)\n"))
  }

  @Test("Model? and [Model]? decode null as nil, as Swift's Optional does")
  func optionalRoot() {
    let run = run([
      "model P { a: Int }", "decode P? null", #"decode P? {"a": 2}"#, "decode [P]? null",
      #"decode [[P]] [[{"a": 3}], []]"#, "decode Category? null", "decode [[Category]] [[]]",
    ])
    #expect(run.error == "")
    #expect(
      run.output.hasSuffix("nil\nOptional(main.P(a: 2))\nnil\n[[main.P(a: 3)], []]\nnil\n[[]]\n"))
    let null = self.run(["model P { a: Int }", "decode P null"])
    #expect(null.error.contains("decode it as optional (P?)\n"))
    let unknown = self.run(["model P { a: Int }", "decode P?? null"])
    #expect(unknown.error.hasPrefix("error: no model 'P??'"))
  }

  @Test("a type nested deeper than the lab takes is refused, however deep, without a crash")
  func deepNesting() {
    let eight = String(repeating: "[", count: 8) + "P" + String(repeating: "]", count: 8)
    let nine = "[" + eight + "]"
    #expect(run(["model P { a: Int }", "decode \(eight) []"]).output.hasSuffix("[]\n"))
    #expect(
      run(["model P { a: Int }", "decode \(nine) []"]).error.hasPrefix("error: no model '\(nine)'"))
    let deep = String(repeating: "[", count: 30_000) + "P" + String(repeating: "]", count: 30_000)
    #expect(ModelLibrary().rootType(deep) == nil)
    #expect(run(["decode \(deep) []"]).error.hasPrefix("error: 'decode' needs a model before"))
  }
}
