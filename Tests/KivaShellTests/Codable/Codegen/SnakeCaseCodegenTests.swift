import Foundation
import Testing

@testable import KivaShell

/// With `.convertFromSnakeCase` the decoder converts the JSON's keys before `CodingKeys`
/// see them, so the Swift `codegen --snake-case` prints names the converted keys, and
/// says that the model itself names the key unconverted.
@Suite("codegen --snake-case: CodingKeys name the converted keys")
struct SnakeCaseCodegenTests {
  private static let snakeCase = DecodingOptions(keyStrategy: .convertFromSnakeCase)

  private static let keyedLoan = ModelDefinition(
    name: "KeyedLoan",
    fields: [
      CodegenSamples.name, CodegenSamples.use, CodegenSamples.loanAmount,
      ModelField(name: "countryCode", type: .string, keyPath: ["location", "country_code"]),
      ModelField(name: "loan_id", type: .int),
    ])

  private static var source: String {
    SwiftCodeGenerator.source(
      for: "KeyedLoan", library: ModelLibrary([keyedLoan]), options: snakeCase)
  }

  @Test("raw values are the converted keys, or none when that is the case's name")
  func convertedRawValues() {
    #expect(
      Self.source == """
        import Foundation

        // let decoder = JSONDecoder()
        // decoder.keyDecodingStrategy = .convertFromSnakeCase

        // With .convertFromSnakeCase, CodingKeys name the keys as converted: read "loan_amount" as "loanAmount", "country_code" as "countryCode", "loan_id" as "loanId".
        // The model names them unconverted, so 'decode --snake-case' matches nothing there:
        // write = loanAmount, = countryCode, = loanId in the model, or decode without --snake-case.

        struct KeyedLoan: Decodable {
          var name: String
          var use: String
          var amount: Int
          var countryCode: String
          var loan_id: Int

          enum CodingKeys: String, CodingKey {
            case name, use
            case amount = "loanAmount"
            case location
            case loan_id = "loanId"
          }

          enum LocationKeys: String, CodingKey {
            case countryCode
          }

          init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            use = try container.decode(String.self, forKey: .use)
            amount = try container.decode(Int.self, forKey: .amount)
            let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            countryCode = try location.decode(String.self, forKey: .countryCode)
            loan_id = try container.decode(Int.self, forKey: .loan_id)
          }
        }

        """)
  }

  @Test("keys already camelCase need no note and no CodingKeys")
  func camelCaseModel() {
    let model = ModelDefinition(
      name: "SnakeLoan", fields: [ModelField(name: "loanAmount", type: .int)])
    #expect(
      SwiftCodeGenerator.source(
        for: "SnakeLoan", library: ModelLibrary([model]), options: Self.snakeCase)
          == """
          import Foundation

          // let decoder = JSONDecoder()
          // decoder.keyDecodingStrategy = .convertFromSnakeCase

          struct SnakeLoan: Decodable {
            var loanAmount: Int
          }

          """)
  }

  @Test("the Swift compiles and reads the snake_case JSON with .convertFromSnakeCase")
  func compiledDecodes() throws {
    let program = try CompiledProgram.compile(
      models: Self.source,
      mains: [
        ("KeyedLoan", SwiftCodeGenerator.mainSource(for: "KeyedLoan", options: Self.snakeCase))
      ])
    let json = #"""
      {"name": "A", "use": "u", "loan_amount": 5, "location": {"country_code": "KE"},
       "loan_id": 7}
      """#
    #expect(
      try program.decode(json, as: "KeyedLoan")
        == #"KeyedLoan(name: "A", use: "u", amount: 5, countryCode: "KE", loan_id: 7)"#)
  }
}
