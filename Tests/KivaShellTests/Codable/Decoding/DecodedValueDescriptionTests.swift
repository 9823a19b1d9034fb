import Foundation
import Testing

@testable import KivaShell

@Suite("Decoded values print as Swift's print(value) does")
struct CodableDecodedValueDescriptionTests {
  static let posted = Date(timeIntervalSince1970: 1_339_533_003)

  /// Shapes worth checking, the Swift type each is, and what `print` shows for it.
  static let shapes: [(DecodedValue, String, String)] = [
    (
      .model(
        "Loan",
        ["name": .string("Pheap's Group"), "country": .string("Cambodia"), "amount": .int(800)]),
      "Loan", #"Loan(name: "Pheap\'s Group", country: "Cambodia", amount: 800)"#
    ),
    (
      .model(
        "Mixed",
        [
          "town": .optional(.string("Dakar")), "none": .optional(nil),
          "rate": .double(3), "ratio": .double(34.011286), "big": .double(1e16),
          "on": .bool(true), "when": .date(posted), "maybe": .optional(.date(posted)),
          "text": .string("tab\there \"quoted\" é \u{1}"),
        ]),
      "Mixed",
      #"Mixed(town: Optional("Dakar"), none: nil, rate: 3.0, ratio: 34.011286, big: 1e+16, "#
        + #"on: true, when: 2012-06-12 20:30:03 +0000, maybe: Optional(2012-06-12 20:30:03 +0000), "#
        + #"text: "tab\there \"quoted\" é \u{01}")"#
    ),
    (
      .model(
        "Store",
        [
          "loans": .array([.model("Item", ["id": .int(1)]), .model("Item", ["id": .int(2)])]),
          "paging": .optional(.model("Item", ["id": .int(3)])),
          "ids": .optional(.array([.int(1), .int(2)])), "empty": .array([]),
          "items": .array([.optional(nil), .optional(.model("Item", ["id": .int(4)]))]),
          "item": .model("Item", ["id": .int(5)]), "nested": .array([.array([.string("a")])]),
          "hollow": .model("Hollow", [:]),
        ]),
      "Store",
      "Store(loans: [main.Item(id: 1), main.Item(id: 2)], paging: Optional(main.Item(id: 3)), "
        + "ids: Optional([1, 2]), empty: [], items: [nil, Optional(main.Item(id: 4))], "
        + #"item: main.Item(id: 5), nested: [["a"]], hollow: main.Hollow())"#
    ),
    (.model("Hollow", [:]), "Hollow", "Hollow()"),
    (.string("It's"), "String", "It's"),
    (.optional(.string("It's")), "String?", #"Optional("It\'s")"#),
    (.array([.string("a"), .string("b")]), "[String]", #"["a", "b"]"#),
    (.date(Date(timeIntervalSince1970: -1.5)), "Date", "1969-12-31 23:59:59 +0000"),
    (.optional(.date(posted)), "Date?", "Optional(2012-06-12 20:30:03 +0000)"),
    (.double(0.1), "Double", "0.1"),
    (.optional(.double(1e-7)), "Double?", "Optional(1e-07)"),
  ]

  @Test("each shape prints as expected", arguments: shapes)
  func prints(_ value: DecodedValue, _ type: String, _ printed: String) {
    #expect(value.swiftDescription == printed)
  }

  @Test("structs inside others are qualified by the module the generated code lives in")
  func moduleName() {
    let value = DecodedValue.model("A", ["b": .model("B", [:])])
    #expect(value.swiftDescription(moduleName: "Lesson") == "A(b: Lesson.B())")
  }

  @Test(
    "swiftc agrees: compile the structs, print the values, compare",
    .enabled(if: SwiftCompiler.path != nil, "no swiftc on PATH or beside swift: skipped"))
  func compiledSwiftAgrees() throws {
    let compiler = try #require(SwiftCompiler.path)
    let structs = """
      struct Loan { var name: String; var country: String; var amount: Int }
      struct Mixed {
        var town: String?; var none: String?; var rate: Double; var ratio: Double; var big: Double
        var on: Bool; var when: Date; var maybe: Date?; var text: String
      }
      struct Item { var id: Int }
      struct Hollow {}
      struct Store {
        var loans: [Item]; var paging: Item?; var ids: [Int]?; var empty: [Int]; var items: [Item?]
        var item: Item; var nested: [[String]]; var hollow: Hollow
      }
      """
    let prints = Self.shapes.enumerated().map { index, shape in
      "let value\(index): \(shape.1) = \(SwiftCompiler.expression(shape.0))\nprint(value\(index))"
    }
    let program = "import Foundation\n\(structs)\n\(prints.joined(separator: "\n"))\n"
    let output = try SwiftCompiler.run(program, compiler: compiler, moduleName: "main")
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(Array(lines.prefix(Self.shapes.count)) == Self.shapes.map(\.0.swiftDescription))
    #expect(Array(lines.prefix(Self.shapes.count)) == Self.shapes.map(\.2))
  }
}
