import Testing

@testable import KivaShell

@Suite("Swift code generation: names")
struct CodableCodegenNamingTests {
  @Test(
    "Keys become lowerCamelCase identifiers",
    arguments: [
      ("loan_amount", "loanAmount"), ("country-code", "countryCode"), ("isFeatured", "isFeatured"),
      ("ID", "id"), ("URLString", "urlString"), ("Type", "type"), ("2fa", "_2fa"),
      ("my key", "myKey"), ("país", "país"), ("", "key"), ("!!", "key"),
    ])
  func lowerCamelCase(key: String, expected: String) {
    #expect(SwiftIdentifier.lowerCamelCase(key) == expected)
  }

  @Test("A nested object's keys enum is UpperCamelCase(key) + Keys")
  func keysEnumNames() {
    #expect(CodingKeyNaming.keysEnum(forObjectAt: "location") == "LocationKeys")
    #expect(CodingKeyNaming.keysEnum(forObjectAt: "geo_info") == "GeoInfoKeys")
    #expect(CodingKeyNaming.keysEnum(forObjectAt: "my key") == "MyKeyKeys")
  }

  @Test("Odd keys get raw values; a field named like a local is assigned through self")
  func edgyNames() {
    let source = SwiftCodeGenerator.source(
      for: "Edgy", library: ModelLibrary([CodegenSamples.edgy]), options: DecodingOptions())
    #expect(
      source == """
        import Foundation

        struct Edgy: Decodable {
          var geoInfo: String?
          var fa: Int
          var x: Int?
          var a: Int
          var b: Int
          var container: Int
          var `default`: String

          enum CodingKeys: String, CodingKey {
            case geoInfo = "geo_info"
            case fa = "2fa"
            case myKey = "my key"
            case first, second, container
            case defaultKey = "default"
          }

          enum GeoInfoKeys: String, CodingKey {
            case geoInfo = "lat_long"
          }

          enum MyKeyKeys: String, CodingKey {
            case x = "inner"
          }

          enum FirstKeys: String, CodingKey {
            case shared
          }

          enum SharedKeys: String, CodingKey {
            case a, b
          }

          enum SecondKeys: String, CodingKey {
            case shared
          }

          enum ContainerKeys: String, CodingKey {
            case container = "value"
          }

          enum DefaultKeys: String, CodingKey {
            case `default`
          }

          init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.geoInfo), try !container.decodeNil(forKey: .geoInfo) {
              let geoInfo = try container.nestedContainer(keyedBy: GeoInfoKeys.self, forKey: .geoInfo)
              self.geoInfo = try geoInfo.decodeIfPresent(String.self, forKey: .geoInfo)
            } else {
              self.geoInfo = nil
            }
            fa = try container.decode(Int.self, forKey: .fa)
            if container.contains(.myKey), try !container.decodeNil(forKey: .myKey) {
              let myKey = try container.nestedContainer(keyedBy: MyKeyKeys.self, forKey: .myKey)
              x = try myKey.decodeIfPresent(Int.self, forKey: .x)
            } else {
              x = nil
            }
            let first = try container.nestedContainer(keyedBy: FirstKeys.self, forKey: .first)
            let shared = try first.nestedContainer(keyedBy: SharedKeys.self, forKey: .shared)
            a = try shared.decode(Int.self, forKey: .a)
            let second = try container.nestedContainer(keyedBy: SecondKeys.self, forKey: .second)
            let shared2 = try second.nestedContainer(keyedBy: SharedKeys.self, forKey: .shared)
            b = try shared2.decode(Int.self, forKey: .b)
            let container2 = try container.nestedContainer(keyedBy: ContainerKeys.self, forKey: .container)
            self.container = try container2.decode(Int.self, forKey: .container)
            let defaultKey = try container.nestedContainer(keyedBy: DefaultKeys.self, forKey: .defaultKey)
            `default` = try defaultKey.decode(String.self, forKey: .`default`)
          }
        }

        """)
  }

  @Test("Two keys for one case name, and one key read twice, stay valid Swift")
  func clashingCases() {
    let model = ModelDefinition(
      name: "Clash",
      fields: [
        ModelField(name: "amount", type: .int, keyPath: ["loan_amount"]),
        ModelField(name: "total", type: .int, keyPath: ["loan_amount"]),
        ModelField(name: "place", type: .optional(.string), keyPath: ["location"]),
        ModelField(name: "country", type: .optional(.string), keyPath: ["location", "country"]),
        ModelField(name: "amount2", type: .int, keyPath: ["amount2_key"]),
      ])
    let plan = CodegenPlan(model)
    #expect(
      plan.cases(of: "CodingKeys") == [
        .init(name: "amount", rawKey: "loan_amount"), .init(name: "place", rawKey: "location"),
        .init(name: "amount2", rawKey: "amount2_key"),
      ])
  }

  @Test("The main file sets the decoder up for the options and decodes the type given")
  func mainSource() {
    let options = DecodingOptions(
      keyStrategy: .convertFromSnakeCase, dateStrategy: .secondsSince1970)
    let main = SwiftCodeGenerator.mainSource(for: "[Landmark]", options: options)
    #expect(main.hasPrefix("import Foundation\n"))
    #expect(main.contains("decoder.keyDecodingStrategy = .convertFromSnakeCase\n"))
    #expect(main.contains("decoder.dateDecodingStrategy = .secondsSince1970\n"))
    #expect(main.contains("let value = try decoder.decode([Landmark].self, from: data)\n"))
    let plain = SwiftCodeGenerator.mainSource(
      for: "Loan", options: DecodingOptions(dateStrategy: .deferredToDate))
    #expect(!plain.contains("Strategy"))
  }
}
