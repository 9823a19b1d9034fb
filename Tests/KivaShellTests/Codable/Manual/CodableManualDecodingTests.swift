import Foundation
import Testing

@testable import KivaShell

@Suite("The JSONSerialization way, step by step")
struct CodableManualDecodingTests {
  private static let library = ModelLibrary([
    ModelDefinition(
      name: "Loan",
      fields: [
        ModelField(name: "name", type: .string),
        ModelField(name: "country", type: .string, keyPath: ["location", "country"]),
        ModelField(name: "town", type: .optional(.string), keyPath: ["location", "town"]),
        ModelField(name: "amount", type: .int, keyPath: ["loan_amount"]),
        ModelField(name: "postedDate", type: .date, keyPath: ["posted_date"]),
        ModelField(name: "tags", type: .optional(.array(.string))),
        ModelField(name: "lenders", type: .int, keyPath: ["lender_count"], defaultValue: .int(0)),
      ]),
    ModelDefinition(name: "Paging", fields: [ModelField(name: "page", type: .int)]),
    ModelDefinition(
      name: "LoanStore",
      fields: [
        ModelField(name: "loans", type: .array(.model("Loan"))),
        ModelField(name: "paging", type: .optional(.model("Paging"))),
      ]),
  ])

  private static let posted = #""2012-06-12T20:30:03Z""#

  /// A loan's JSON; `changes` replace values (raw JSON) or, when nil, remove the key.
  private static func loan(_ name: String, _ changes: [String: String?] = [:]) -> String {
    var fields: [(String, String?)] = [
      ("name", "\"\(name)\""), ("location", #"{"country": "Kenya", "town": "Nairobi"}"#),
      ("loan_amount", "450"), ("posted_date", posted), ("tags", #"["Woman Owned Biz"]"#),
    ]
    fields = fields.map { key, value in (key, changes[key] ?? value) }
    let members = fields.compactMap { key, value in value.map { "\"\(key)\": \($0)" } }
    return "{" + members.joined(separator: ", ") + "}"
  }

  private func walk(_ loans: [String], paging: String = #", "paging": {"page": 1}"#) -> [String] {
    let json = #"{"loans": [\#(loans.joined(separator: ", "))]\#(paging)}"#
    return ManualDecoding.walk("LoanStore", library: Self.library, json: Data(json.utf8))
  }

  private static let start = [
    "let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]   ✓ a dictionary"
      + " with 2 keys"
  ]

  /// The steps of a good loan made by `loan(_:)`.
  private static func steps(_ index: Int, _ name: String) -> [String] {
    [
      "  // loans[\(index)]",
      #"  let name = loan["name"] as! String   ✓ "\#(name)""#,
      #"  let location = loan["location"] as! [String: Any]   ✓ a dictionary with 2 keys"#,
      #"  let country = location["country"] as! String   ✓ "Kenya""#,
      #"  let town = location["town"] as? String   ✓ "Nairobi""#,
      #"  let amount = loan["loan_amount"] as! Int   ✓ 450"#,
      #"  let postedDateText = loan["posted_date"] as! String   ✓ "2012-06-12T20:30:03Z""#
        + " (a string: JSONSerialization has no dates; ISO8601DateFormatter must parse it)",
      "  let postedDate = ISO8601DateFormatter().date(from: postedDateText)!   ✓ 2012-06-12"
        + " 20:30:03 +0000",
      #"  let tags = loan["tags"] as? [String]   ✓ ["Woman Owned Biz"]"#,
      #"  let lenders = loan["lender_count"] as? Int ?? 0   ✓ 0"#,
    ]
  }

  @Test("good JSON: every step succeeds; past two elements, a count")
  func good() {
    let lines = walk([Self.loan("Amina"), Self.loan("Bo"), Self.loan("Chen")])
    #expect(
      lines
        == Self.start + [
          #"let loans = json["loans"] as! [[String: Any]]   ✓ 3 elements"#,
          "for loan in loans {",
        ] + Self.steps(0, "Amina") + Self.steps(1, "Bo") + [
          "  … (1 more)",
          "}",
          #"if let paging = json["paging"] as? [String: Any] {   ✓ a dictionary with 1 key"#,
          #"  let page = paging["page"] as! Int   ✓ 1"#,
          "}",
        ])
  }

  @Test("a missing key: as! on nil crashes, where Codable throws keyNotFound")
  func missingKey() {
    let lines = walk([Self.loan("Amina", ["loan_amount": nil])])
    #expect(
      lines == Self.start + [
        #"let loans = json["loans"] as! [[String: Any]]   ✓ 1 element"#,
        "for loan in loans {",
      ] + Self.steps(0, "Amina").prefix(5) + [
        #"  let amount = loan["loan_amount"] as! Int   ✗ would crash: there is no key"#
          + #" "loan_amount" (Codable throws keyNotFound at loans[0] instead)"#
      ])
  }

  @Test("a crash past the first two elements shows that element's steps")
  func crashInLaterElement() {
    let bad = Self.loan("Dana", ["loan_amount": #""lots""#])
    let lines = walk([Self.loan("Amina"), Self.loan("Bo"), Self.loan("Chen"), bad])
    #expect(
      Array(lines.suffix(7)) == [
        "  … (1 more)",
        "  // loans[3]",
        #"  let name = loan["name"] as! String   ✓ "Dana""#,
        #"  let location = loan["location"] as! [String: Any]   ✓ a dictionary with 2 keys"#,
        #"  let country = location["country"] as! String   ✓ "Kenya""#,
        #"  let town = location["town"] as? String   ✓ "Nairobi""#,
        #"  let amount = loan["loan_amount"] as! Int   ✗ would crash: the value is a string"#
          + #" "lots" (Codable throws typeMismatch at loans[3].loan_amount instead)"#,
      ])
  }

  @Test(
    "each defect crashes at its step, with the DecodingError Codable throws instead",
    arguments: [
      (
        ["name": "null"],
        #"  let name = loan["name"] as! String   ✗ would crash: the value is null"#
          + " (Codable throws valueNotFound at loans[0].name instead)"
      ),
      (
        ["loan_amount": "12.5"],
        #"  let amount = loan["loan_amount"] as! Int   ✗ would crash: the value is a number"#
          + " 12.5 (Codable throws dataCorrupted at loans[0].loan_amount instead)"
      ),
      (
        ["location": #""Nairobi""#],
        #"  let location = loan["location"] as! [String: Any]   ✗ would crash: the value is"#
          + #" a string "Nairobi" (Codable throws typeMismatch at loans[0].location instead)"#
      ),
      (
        ["location": nil],
        #"  let location = loan["location"] as! [String: Any]   ✗ would crash: there is no"#
          + #" key "location" (Codable throws keyNotFound at loans[0] instead)"#
      ),
      (
        ["posted_date": #""2012-06-1X""#],
        "  let postedDate = ISO8601DateFormatter().date(from: postedDateText)!   ✗ would crash:"
          + #" "2012-06-1X" is not an ISO 8601 date (Codable throws dataCorrupted at"#
          + " loans[0].posted_date instead)"
      ),
      (
        ["posted_date": "1339533003"],
        #"  let postedDateText = loan["posted_date"] as! String   ✗ would crash: the value is"#
          + " a number 1339533003 (Codable throws typeMismatch at loans[0].posted_date instead)"
      ),
    ] as [([String: String?], String)])
  func defect(changes: [String: String?], crash: String) {
    let lines = walk([Self.loan("Amina", changes)])
    #expect(lines.last == crash)
  }

  @Test("optional fields use as? and never crash; a wrong type quietly gives nil")
  func optionals() {
    let lines = walk(
      [
        Self.loan("Amina", ["tags": #"["a", 5]"#, "location": #"{"country": "Kenya", "town": 7}"#])
      ],
      paging: "")
    #expect(
      lines.contains(
        #"  let town = location["town"] as? String   ✓ nil (the value is a number 7: Codable's"#
          + " decodeIfPresent throws typeMismatch here)"))
    #expect(
      lines.contains(
        #"  let tags = loan["tags"] as? [String]   ✓ nil (the value is a number 5: Codable's"#
          + " decodeIfPresent throws typeMismatch here)"))
    #expect(
      lines.suffix(2) == [
        "}", #"if let paging = json["paging"] as? [String: Any] { … }   ✓ nil, skipped"#,
      ])
  }

  @Test("a cast bridging lets through is flagged where Codable would throw")
  func bridging() {
    let lines = walk([Self.loan("Amina", ["loan_amount": "true"])])
    #expect(
      lines.contains(
        #"  let amount = loan["loan_amount"] as! Int   ✓ 1 (but Codable throws typeMismatch at"#
          + " loans[0].loan_amount: the value is a boolean true)"))
  }

  @Test("an element that is not an object crashes the array cast")
  func elementNotAnObject() {
    let lines = walk([Self.loan("Amina"), #""Bo""#])
    #expect(
      lines.last
        == #"let loans = json["loans"] as! [[String: Any]]   ✗ would crash: element [1] is a"#
        + #" string "Bo" (Codable throws typeMismatch at loans[1] instead)"#)
  }

  @Test("a null in an array of optionals fails the cast, as NSNull does in Swift")
  func nullInOptionalElements() {
    let library = ModelLibrary([
      ModelDefinition(name: "Point", fields: [ModelField(name: "x", type: .int)]),
      ModelDefinition(
        name: "Sample",
        fields: [
          ModelField(name: "maybe", type: .optional(.array(.optional(.int)))),
          ModelField(name: "nested", type: .optional(.array(.array(.optional(.int))))),
          ModelField(name: "points", type: .array(.optional(.model("Point")))),
        ]),
    ])
    let json = #"{"maybe": [1, null], "nested": [[2], [3, null]], "points": [{"x": 1}, null]}"#
    let note = "an NSNull, which no cast turns into nil"
    let lines = ManualDecoding.walk("Sample", library: library, json: Data(json.utf8))
    let expected: [String] = [
      #"let maybe = json["maybe"] as? [Int?]   ✓ nil (element [1] is null, \#(note):"#
        + " Codable decodes it)",
      #"let nested = json["nested"] as? [[Int?]]   ✓ nil (element [1][1] is null, \#(note):"#
        + " Codable decodes it)",
      #"let points = json["points"] as! [[String: Any]?]   ✗ would crash: element [1] is"#
        + " null, \(note) (Codable decodes it)",
    ]
    #expect(Array(lines.dropFirst()) == expected)
  }

  @Test("not JSON, not an object, no such model")
  func topLevel() {
    let parse = "let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]"
    #expect(
      ManualDecoding.walk("LoanStore", library: Self.library, json: Data(#"{"loans": [1 2]}"#.utf8))
        == [
          "\(parse)   ✗ throws: the JSON is malformed at line 1, column 14: expected ',' or ']'"
            + " after an array element, found '2' (Codable throws dataCorrupted too)"
        ])
    #expect(
      ManualDecoding.walk("LoanStore", library: Self.library, json: Data("[1, 2]".utf8))
        == [
          "\(parse)   ✗ would crash: the value is an array of 2 elements (Codable throws"
            + " typeMismatch at the top level (LoanStore) instead)"
        ])
    #expect(
      ManualDecoding.walk("LoanStor", library: Self.library, json: Data("{}".utf8))
        == ["✗ there is no model named 'LoanStor' — did you mean 'LoanStore'?"])
  }
}
