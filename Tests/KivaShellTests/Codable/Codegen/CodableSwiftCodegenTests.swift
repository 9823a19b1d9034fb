import Testing

@testable import KivaShell

@Suite("Swift code generation: the tutorial's steps")
struct CodableSwiftCodegenTests {
  private func source(
    _ root: String, _ models: [ModelDefinition], options: DecodingOptions = DecodingOptions()
  ) -> String {
    SwiftCodeGenerator.source(for: root, library: ModelLibrary(models), options: options)
  }

  @Test("A flat model relies on synthesis: no CodingKeys, no init")
  func flatLoan() {
    #expect(
      source("Loan", [CodegenSamples.flatLoan()]) == """
        import Foundation

        struct Loan: Decodable {
          var name: String
          var country: String
          var use: String
          var amount: Int
        }

        """)
  }

  @Test("A renamed key gets a raw value in CodingKeys; Swift synthesizes the rest")
  func renamedLoan() {
    #expect(
      source("Loan", [CodegenSamples.renamedLoan()]) == """
        import Foundation

        struct Loan: Decodable {
          var name: String
          var country: String
          var use: String
          var amount: Int

          enum CodingKeys: String, CodingKey {
            case name, country, use
            case amount = "loan_amount"
          }
        }

        """)
  }

  @Test("A nested path reads through LocationKeys and one nestedContainer")
  func nestedLoan() {
    #expect(
      source("Loan", [CodegenSamples.nestedLoan()]) == """
        import Foundation

        struct Loan: Decodable {
          var name: String
          var country: String
          var use: String
          var amount: Int
          var town: String?

          enum CodingKeys: String, CodingKey {
            case name, location, use
            case amount = "loan_amount"
          }

          enum LocationKeys: String, CodingKey {
            case country, town
          }

          init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            country = try location.decode(String.self, forKey: .country)
            use = try container.decode(String.self, forKey: .use)
            amount = try container.decode(Int.self, forKey: .amount)
            town = try location.decodeIfPresent(String.self, forKey: .town)
          }
        }

        """)
  }

  @Test("An object holding only optional or defaulted fields may be missing, at each level")
  func optionalNestedObjects() {
    #expect(
      source("Loan", [CodegenSamples.geoLoan()]) == """
        import Foundation

        struct Loan: Decodable {
          var name: String
          var town: String?
          var pairs: String?
          var level: String

          enum CodingKeys: String, CodingKey {
            case name, location
          }

          enum LocationKeys: String, CodingKey {
            case town, geo
          }

          enum GeoKeys: String, CodingKey {
            case pairs, level
          }

          init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            if container.contains(.location), try !container.decodeNil(forKey: .location) {
              let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
              town = try location.decodeIfPresent(String.self, forKey: .town)
              if location.contains(.geo), try !location.decodeNil(forKey: .geo) {
                let geo = try location.nestedContainer(keyedBy: GeoKeys.self, forKey: .geo)
                pairs = try geo.decodeIfPresent(String.self, forKey: .pairs)
                level = (try geo.decodeIfPresent(String.self, forKey: .level)) ?? "country"
              } else {
                pairs = nil
                level = "country"
              }
            } else {
              town = nil
              pairs = nil
              level = "country"
            }
          }
        }

        """)
  }

  @Test("Fields read in the model's order: a nested container opened once, or once per run")
  func interleaved() {
    let source = source("Interleaved", [CodegenSamples.interleaved])
    let start = source.range(of: "  init(from decoder: Decoder) throws {\n")
    #expect(
      start.map { String(source[$0.upperBound...]) } == """
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let p = try container.nestedContainer(keyedBy: PKeys.self, forKey: .p)
            a = try p.decode(Int.self, forKey: .a)
            b = try container.decode(Int.self, forKey: .b)
            c = try p.decode(Int.self, forKey: .c)
            if container.contains(.q), try !container.decodeNil(forKey: .q) {
              let q = try container.nestedContainer(keyedBy: QKeys.self, forKey: .q)
              d = try q.decodeIfPresent(Int.self, forKey: .d)
            } else {
              d = nil
            }
            e = try container.decode(Int.self, forKey: .e)
            if container.contains(.q), try !container.decodeNil(forKey: .q) {
              let q = try container.nestedContainer(keyedBy: QKeys.self, forKey: .q)
              f = try q.decodeIfPresent(Int.self, forKey: .f)
            } else {
              f = nil
            }
          }
        }

        """)
  }

  @Test("LoanStore declares the models it uses first; arrays and optionals by synthesis")
  func loanStore() {
    let models = [CodegenSamples.loanStore(), CodegenSamples.flatLoan(), CodegenSamples.paging]
    #expect(
      source("LoanStore", models) == """
        import Foundation

        struct Loan: Decodable {
          var name: String
          var country: String
          var use: String
          var amount: Int
        }

        struct Paging: Decodable {
          var page: Int
          var total: Int
          var pageSize: Int
          var pages: Int

          enum CodingKeys: String, CodingKey {
            case page, total
            case pageSize = "page_size"
            case pages
          }
        }

        struct LoanStore: Decodable {
          var loans: [Loan]
          var paging: Paging?
        }

        """)
  }

  @Test("Defaults decode with decodeIfPresent and ??; keyword names are backticked")
  func defaultsAndKeywords() {
    #expect(
      source("Settings", [CodegenSamples.settings]) == """
        import Foundation

        struct Settings: Decodable {
          var count: Int
          var tags: [String]
          var title: String
          var ratio: Double
          var done: Bool
          var `default`: String
          var `class`: Int?

          enum CodingKeys: String, CodingKey {
            case count, tags, title, ratio, done, `default`, `class`
          }

          init(from decoder: Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            count = (try container.decodeIfPresent(Int.self, forKey: .count)) ?? 0
            tags = (try container.decodeIfPresent([String].self, forKey: .tags)) ?? []
            title = (try container.decodeIfPresent(String.self, forKey: .title)) ?? "untitled"
            ratio = (try container.decodeIfPresent(Double.self, forKey: .ratio)) ?? 1.5
            done = (try container.decodeIfPresent(Bool.self, forKey: .done)) ?? false
            `default` = try container.decode(String.self, forKey: .`default`)
            `class` = try container.decodeIfPresent(Int.self, forKey: .`class`)
          }
        }

        """)
  }

  @Test("Keyword names alone need no CodingKeys")
  func keywordsAlone() {
    #expect(
      source("Keywords", [CodegenSamples.keywords]) == """
        import Foundation

        struct Keywords: Decodable {
          var `default`: String
          var `protocol`: Int
        }

        """)
  }

  @Test("A comment says how to set up the decoder when the options need it")
  func decoderSetupComment() {
    let snakeCase = DecodingOptions(keyStrategy: .convertFromSnakeCase)
    #expect(
      source("Dated", [CodegenSamples.dated], options: snakeCase).hasPrefix(
        """
        import Foundation

        // let decoder = JSONDecoder()
        // decoder.keyDecodingStrategy = .convertFromSnakeCase
        // decoder.dateDecodingStrategy = .iso8601

        // With .convertFromSnakeCase, CodingKeys name the keys as converted: read "posted_date" as "postedDate".
        // The model names them unconverted, so 'decode --snake-case' matches nothing there:
        // write = postedDate in the model, or decode without --snake-case.

        struct Dated: Decodable {
          var id: Int
          var postedDate: Date
        }

        """))
    // No dates: the date strategy does not matter.
    let flat = source("Loan", [CodegenSamples.flatLoan()], options: snakeCase)
    #expect(flat.contains("// decoder.keyDecodingStrategy"))
    #expect(!flat.contains("dateDecodingStrategy"))
    #expect(!source("Loan", [CodegenSamples.flatLoan()]).contains("//"))
    let deferred = DecodingOptions(dateStrategy: .deferredToDate)
    #expect(!source("Dated", [CodegenSamples.dated], options: deferred).contains("//"))
  }

  @Test("An unknown model gives just the import")
  func unknownModel() {
    #expect(source("Nope", [CodegenSamples.flatLoan()]) == "import Foundation\n\n")
  }
}
