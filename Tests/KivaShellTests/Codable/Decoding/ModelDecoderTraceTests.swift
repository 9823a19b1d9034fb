import Foundation
import Testing

@testable import KivaShell

@Suite("Model decoder: traces name what generated Swift calls")
struct CodableModelDecoderTraceTests {
  private func trace(
    _ model: String, _ json: String, models: String, options: DecodingOptions = DecodingOptions()
  ) -> [String] {
    let trace = DecodingTrace()
    _ = try? ModelDecoding.decode(model, json, models: models, options: options, trace: trace)
    return trace.lines
  }

  static let loanModel =
    "model Loan { name: String; country: String = location.country; use: String; "
    + "amount: Int = loan_amount }"

  @Test("the tutorial's nested Loan, over the fixture's first loan")
  func nestedLoan() throws {
    let store = try JSONSerialization.jsonObject(with: try ModelDecoding.fixture())
    let loans = (store as? [String: Any])?["loans"] as? [Any]
    let first = try JSONSerialization.data(withJSONObject: try #require(loans?.first))
    let lines = trace("Loan", String(decoding: first, as: UTF8.self), models: Self.loanModel)
    #expect(
      lines == [
        "Loan.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode(String.self, forKey: .name → "name") → "Pheap\'s Group""#,
        #"    nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")"#,
        #"      decode(String.self, forKey: .country → "country") → "Cambodia""#,
        #"    decode(String.self, forKey: .use → "use") → "to buy fertilizers for her farmland.""#,
        #"    decode(Int.self, forKey: .amount → "loan_amount") → 800"#,
      ])
  }

  @Test("optionals, defaults, a missing intermediate object, deeper paths")
  func optionalsAndDefaults() {
    let models = """
      model Place { town: String? = location.town; count: Int ?? 0; pairs: String = location.geo.pairs; code: String? = origin.country_code ?? "XX" }
      """
    let json = #"{"location": {"geo": {"pairs": "13 105"}}, "origin": null}"#
    #expect(
      trace("Place", json, models: models) == [
        "Place.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")"#,
        #"      decodeIfPresent(String.self, forKey: .town → "town") → nil"#,
        #"    decodeIfPresent(Int.self, forKey: .count → "count") → nil, so 0 (default)"#,
        #"    nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location") (continued)"#,
        #"      nestedContainer(keyedBy: GeoKeys.self, forKey: .geo → "geo")"#,
        #"        decode(String.self, forKey: .pairs → "pairs") → "13 105""#,
        #"    contains(.origin → "origin") → true"#,
        #"    decodeNil(forKey: .origin → "origin") → true, so "XX" (default)"#,
      ])
    #expect(
      trace("Place", #"{"location": {"geo": {"pairs": "x"}}}"#, models: models).suffix(1) == [
        #"    contains(.origin → "origin") → false, so "XX" (default)"#
      ])
  }

  /// The body of the `init(from:)` that `codegen` prints for `model`.
  private func initializer(_ model: String, models: String) throws -> [String] {
    let library = ModelLibrary(try ModelParser.parse(models))
    let swift = SwiftCodeGenerator.source(for: model, library: library, options: DecodingOptions())
    let lines = swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let start = try #require(lines.firstIndex(of: "  init(from decoder: Decoder) throws {"))
    let end = try #require(lines[start...].firstIndex(of: "  }"))
    return Array(lines[(start + 2)..<end])
  }

  @Test("a nested container codegen opens once is used again, not checked and opened twice")
  func sharedNestedContainer() throws {
    let models = "model T { x: Int = a.b; y: Int? = a.c }"
    #expect(
      try initializer("T", models: models) == [
        "    let a = try container.nestedContainer(keyedBy: AKeys.self, forKey: .a)",
        "    x = try a.decode(Int.self, forKey: .x)",
        "    y = try a.decodeIfPresent(Int.self, forKey: .y)",
      ])
    #expect(
      trace("T", #"{"a": {"b": 1, "c": 2}}"#, models: models) == [
        "T.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a")"#,
        #"      decode(Int.self, forKey: .x → "b") → 1"#,
        #"      decodeIfPresent(Int.self, forKey: .y → "c") → 2"#,
      ])
    #expect(
      trace("T", #"{"a": {"b": 1}}"#, models: models).suffix(1) == [
        #"      decodeIfPresent(Int.self, forKey: .y → "c") → nil"#
      ])
  }

  @Test("an optional field first: the container is opened for it, so a missing one fails there")
  func optionalFieldFirst() throws {
    let models = "model O { y: Int? = a.c; z: Int = q; x: Int = a.b }"
    #expect(
      try initializer("O", models: models) == [
        "    let a = try container.nestedContainer(keyedBy: AKeys.self, forKey: .a)",
        "    y = try a.decodeIfPresent(Int.self, forKey: .y)",
        "    z = try container.decode(Int.self, forKey: .z)",
        "    x = try a.decode(Int.self, forKey: .x)",
      ])
    #expect(
      trace("O", #"{"a": {"b": 1}, "q": 2}"#, models: models) == [
        "O.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a")"#,
        #"      decodeIfPresent(Int.self, forKey: .y → "c") → nil"#,
        #"    decode(Int.self, forKey: .z → "q") → 2"#,
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a") (continued)"#,
        #"      decode(Int.self, forKey: .x → "b") → 1"#,
      ])
    #expect(
      trace("O", "{}", models: models) == [
        "O.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a") ✗ keyNotFound"#,
      ])
  }

  @Test("fields that may all be absent: one if for the run, present, missing, null or no object")
  func optionalParent() throws {
    let models = "model U { x: Int? = a.b; y: Int? = a.c ?? 5 }"
    #expect(
      try initializer("U", models: models) == [
        "    if container.contains(.a), try !container.decodeNil(forKey: .a) {",
        "      let a = try container.nestedContainer(keyedBy: AKeys.self, forKey: .a)",
        "      x = try a.decodeIfPresent(Int.self, forKey: .x)",
        "      y = (try a.decodeIfPresent(Int.self, forKey: .y)) ?? 5",
        "    } else {",
        "      x = nil",
        "      y = 5",
        "    }",
      ])
    let head = ["U.init(from: decoder)", "  container(keyedBy: CodingKeys.self)"]
    #expect(
      trace("U", #"{"a": {"b": 1}}"#, models: models) == head + [
        #"    contains(.a → "a") → true"#,
        #"    decodeNil(forKey: .a → "a") → false"#,
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a")"#,
        #"      decodeIfPresent(Int.self, forKey: .x → "b") → 1"#,
        #"      decodeIfPresent(Int.self, forKey: .y → "c") → nil, so 5 (default)"#,
      ])
    #expect(
      trace("U", "{}", models: models) == head + [
        #"    contains(.a → "a") → false, so x = nil, y = 5 (default)"#
      ])
    #expect(
      trace("U", #"{"a": null}"#, models: models) == head + [
        #"    contains(.a → "a") → true"#,
        #"    decodeNil(forKey: .a → "a") → true, so x = nil, y = 5 (default)"#,
      ])
    #expect(
      trace("U", #"{"a": 3}"#, models: models) == head + [
        #"    contains(.a → "a") → true"#,
        #"    decodeNil(forKey: .a → "a") → false"#,
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a") ✗ typeMismatch"#,
      ])
  }

  @Test("three levels deep, left and come back to: each container is continued, not reopened")
  func deepPaths() throws {
    let models = "model V { x: Int = a.b.c.d; z: Int = q; y: String? = a.b.c.e; w: Int? = a.f }"
    #expect(
      try initializer("V", models: models) == [
        "    let a = try container.nestedContainer(keyedBy: AKeys.self, forKey: .a)",
        "    let b = try a.nestedContainer(keyedBy: BKeys.self, forKey: .b)",
        "    let c = try b.nestedContainer(keyedBy: CKeys.self, forKey: .c)",
        "    x = try c.decode(Int.self, forKey: .x)",
        "    z = try container.decode(Int.self, forKey: .z)",
        "    y = try c.decodeIfPresent(String.self, forKey: .y)",
        "    w = try a.decodeIfPresent(Int.self, forKey: .w)",
      ])
    let json = #"{"a": {"b": {"c": {"d": 1, "e": "s"}}, "f": 3}, "q": 2}"#
    #expect(
      trace("V", json, models: models) == [
        "V.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a")"#,
        #"      nestedContainer(keyedBy: BKeys.self, forKey: .b → "b")"#,
        #"        nestedContainer(keyedBy: CKeys.self, forKey: .c → "c")"#,
        #"          decode(Int.self, forKey: .x → "d") → 1"#,
        #"    decode(Int.self, forKey: .z → "q") → 2"#,
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a") (continued)"#,
        #"      nestedContainer(keyedBy: BKeys.self, forKey: .b → "b") (continued)"#,
        #"        nestedContainer(keyedBy: CKeys.self, forKey: .c → "c") (continued)"#,
        #"          decodeIfPresent(String.self, forKey: .y → "e") → "s""#,
        #"      decodeIfPresent(Int.self, forKey: .w → "f") → 3"#,
      ])
    // Optional all the way down: an if at each level whose fields may all be absent.
    let optional = "model W { x: Int? = a.b.c; y: Int? = a.b.d }"
    #expect(
      try initializer("W", models: optional) == [
        "    if container.contains(.a), try !container.decodeNil(forKey: .a) {",
        "      let a = try container.nestedContainer(keyedBy: AKeys.self, forKey: .a)",
        "      if a.contains(.b), try !a.decodeNil(forKey: .b) {",
        "        let b = try a.nestedContainer(keyedBy: BKeys.self, forKey: .b)",
        "        x = try b.decodeIfPresent(Int.self, forKey: .x)",
        "        y = try b.decodeIfPresent(Int.self, forKey: .y)",
        "      } else {",
        "        x = nil",
        "        y = nil",
        "      }",
        "    } else {",
        "      x = nil",
        "      y = nil",
        "    }",
      ])
    #expect(
      trace("W", #"{"a": {"b": null}}"#, models: optional) == [
        "W.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    contains(.a → "a") → true"#,
        #"    decodeNil(forKey: .a → "a") → false"#,
        #"    nestedContainer(keyedBy: AKeys.self, forKey: .a → "a")"#,
        #"      contains(.b → "b") → true"#,
        #"      decodeNil(forKey: .b → "b") → true, so x = nil, y = nil"#,
      ])
  }

  @Test(
    "arrays as the Swift reads them: decode([Loan].self, forKey:), then what [Loan].init(from:) does"
  )
  func arrays() {
    let models = """
      model Store { loans: [Loan]; tags: [String]?; paging: Paging? }
      model Loan { name: String }
      model Paging { page: Int }
      """
    let json = #"{"loans": [{"name": "A"}, {"name": "B"}], "tags": []}"#
    #expect(
      trace("Store", json, models: models) == [
        "Store.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode([Loan].self, forKey: .loans → "loans")"#,
        "      [Loan].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Loan.self)",
        "            Loan.init(from: decoder)",
        "              container(keyedBy: CodingKeys.self)",
        #"                decode(String.self, forKey: .name → "name") → "A""#,
        "          decode(Loan.self)",
        "            Loan.init(from: decoder)",
        "              container(keyedBy: CodingKeys.self)",
        #"                decode(String.self, forKey: .name → "name") → "B""#,
        #"    decodeIfPresent([String].self, forKey: .tags → "tags")"#,
        "      [String].init(from: decoder)",
        "        unkeyedContainer() → []",
        #"    decodeIfPresent(Paging.self, forKey: .paging → "paging") → nil"#,
      ])
    // An optional array missing or null: decodeIfPresent gives nil.
    #expect(
      trace("Store", #"{"loans": [], "tags": null}"#, models: models).suffix(2) == [
        #"    decodeIfPresent([String].self, forKey: .tags → "tags") → nil"#,
        #"    decodeIfPresent(Paging.self, forKey: .paging → "paging") → nil"#,
      ])
  }

  @Test("an array field's call in the trace is the call codegen's init(from:) makes")
  func arrayCallsMatchCodegen() throws {
    let models = "model O { c: String = location.country; xs: [Int]?; d: [Int] }"
    let library = ModelLibrary(try ModelParser.parse(models))
    let swift = SwiftCodeGenerator.source(for: "O", library: library, options: DecodingOptions())
    #expect(swift.contains("    xs = try container.decodeIfPresent([Int].self, forKey: .xs)\n"))
    #expect(swift.contains("    d = try container.decode([Int].self, forKey: .d)\n"))
    let json = #"{"location": {"country": "K"}, "xs": [1], "d": []}"#
    #expect(
      trace("O", json, models: models) == [
        "O.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")"#,
        #"      decode(String.self, forKey: .c → "country") → "K""#,
        #"    decodeIfPresent([Int].self, forKey: .xs → "xs")"#,
        "      [Int].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Int.self) → 1",
        #"    decode([Int].self, forKey: .d → "d")"#,
        "      [Int].init(from: decoder)",
        "        unkeyedContainer() → []",
      ])
  }

  @Test("a failing call is marked with its DecodingError case, and decoding stops there")
  func failures() {
    let models = "\(Self.loanModel)\nmodel Store { loans: [Loan] }"
    let missingCountry =
      #"{"loans": [{"name": "A", "location": {}, "use": "u", "loan_amount": 1}]}"#
    #expect(
      trace("Store", missingCountry, models: models) == [
        "Store.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode([Loan].self, forKey: .loans → "loans")"#,
        "      [Loan].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Loan.self)",
        "            Loan.init(from: decoder)",
        "              container(keyedBy: CodingKeys.self)",
        #"                decode(String.self, forKey: .name → "name") → "A""#,
        #"                nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")"#,
        #"                  decode(String.self, forKey: .country → "country") ✗ keyNotFound"#,
      ])
    #expect(
      trace("Store", #"{"loans": [{"name": "A"}]}"#, models: models).suffix(1) == [
        #"                nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location") ✗ keyNotFound"#
      ])
    #expect(
      trace("Store", #"{"loans": ["x"]}"#, models: models) == [
        "Store.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode([Loan].self, forKey: .loans → "loans")"#,
        "      [Loan].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Loan.self)",
        "            Loan.init(from: decoder)",
        "              container(keyedBy: CodingKeys.self) ✗ typeMismatch",
      ])
    #expect(
      trace("Store", #"{"loans": null}"#, models: models) == [
        "Store.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode([Loan].self, forKey: .loans → "loans")"#,
        "      [Loan].init(from: decoder)",
        "        unkeyedContainer() ✗ valueNotFound",
      ])
  }

  @Test("optional and nested array elements; dates and doubles as Swift prints them")
  func elementsAndValues() {
    let models = """
      model Box { items: [Int?]; grid: [[Int]?]; when: Date = posted_date; rate: Double; pairs: [Pair?] }
      model Pair { a: Int }
      """
    let json = """
      {"items": [1, null], "grid": [null, [2]], "posted_date": "2012-06-12T20:30:03Z", "rate": 34.011286, "pairs": [null]}
      """
    #expect(
      trace("Box", json, models: models) == [
        "Box.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    decode([Int?].self, forKey: .items → "items")"#,
        "      [Int?].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Int?.self) → 1",
        "          decode(Int?.self) → nil",
        #"    decode([[Int]?].self, forKey: .grid → "grid")"#,
        "      [[Int]?].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode([Int]?.self) → nil",
        "          decode([Int]?.self)",
        "            [Int].init(from: decoder)",
        "              unkeyedContainer()",
        "                decode(Int.self) → 2",
        #"    decode(Date.self, forKey: .when → "posted_date") → 2012-06-12 20:30:03 +0000"#,
        #"    decode(Double.self, forKey: .rate → "rate") → 34.011286"#,
        #"    decode([Pair?].self, forKey: .pairs → "pairs")"#,
        "      [Pair?].init(from: decoder)",
        "        unkeyedContainer()",
        "          decode(Pair?.self) → nil",
      ])
  }

  @Test("keys that are not identifiers: enum and case names follow GeneratedNames")
  func generatedNamesInTrace() {
    let models = #"model Odd { pairs: String = "geo-data".level_one.pairs }"#
    let json = #"{"geo-data": {"level_one": {"pairs": "1 2"}}}"#
    #expect(
      trace("Odd", json, models: models) == [
        "Odd.init(from: decoder)",
        "  container(keyedBy: CodingKeys.self)",
        #"    nestedContainer(keyedBy: GeoDataKeys.self, forKey: .geoData → "geo-data")"#,
        #"      nestedContainer(keyedBy: LevelOneKeys.self, forKey: .levelOne → "level_one")"#,
        #"        decode(String.self, forKey: .pairs → "pairs") → "1 2""#,
      ])
  }
}
