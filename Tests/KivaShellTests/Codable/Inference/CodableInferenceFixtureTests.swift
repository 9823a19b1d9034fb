import Foundation
import Testing

@testable import KivaShell

/// Inference on the checked-in samples: the real 2012 Kiva response and two top-level
/// arrays.
@Suite("Model inference: fixtures")
struct CodableInferenceFixtureTests {
  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: TestPaths.fixture(name)))
  }

  static func field(_ name: String, _ type: ModelType, _ key: String? = nil) -> ModelField {
    ModelField(name: name, type: type, keyPath: [key ?? name])
  }

  private func models(_ fixture: String, root: String) throws -> [String: ModelDefinition] {
    let models = try ModelInference.infer(from: Self.fixture(fixture), rootName: root)
    #expect(models.last?.name == root)
    return Dictionary(models.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  @Test("newest.json: a LoanStore of loans and paging, dependencies first")
  func newestModels() throws {
    let report = try ModelInference.inferReport(
      from: Self.fixture("newest-2012-06-12.json"), rootName: "LoanStore")
    #expect(
      report.models.map(\.name)
        == ["Paging", "Description", "Image", "Geo", "Location", "Loan", "LoanStore"])
    #expect(report.notes.isEmpty)
    let byName = Dictionary(report.models.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    #expect(
      byName["LoanStore"]?.fields == [
        Self.field("paging", .model("Paging")), Self.field("loans", .array(.model("Loan"))),
      ])
    #expect(
      byName["Paging"]?.fields == [
        Self.field("page", .int), Self.field("total", .int),
        Self.field("pageSize", .int, "page_size"), Self.field("pages", .int),
      ])
  }

  @Test("newest.json: a Loan's dates, renamed keys and nested objects")
  func newestLoan() throws {
    let byName = try models("newest-2012-06-12.json", root: "LoanStore")
    #expect(
      byName["Loan"]?.fields == [
        Self.field("id", .int), Self.field("name", .string),
        Self.field("description", .model("Description")), Self.field("status", .string),
        Self.field("fundedAmount", .int, "funded_amount"),
        Self.field("basketAmount", .int, "basket_amount"), Self.field("image", .model("Image")),
        Self.field("activity", .string), Self.field("sector", .string),
        Self.field("use", .string), Self.field("location", .model("Location")),
        Self.field("partnerId", .int, "partner_id"),
        Self.field("postedDate", .date, "posted_date"),
        Self.field("plannedExpirationDate", .date, "planned_expiration_date"),
        Self.field("loanAmount", .int, "loan_amount"),
        Self.field("borrowerCount", .int, "borrower_count"),
      ])
  }

  @Test("newest.json: some loans have no town, so town is String?")
  func newestLocation() throws {
    let byName = try models("newest-2012-06-12.json", root: "LoanStore")
    #expect(
      byName["Location"]?.fields == [
        Self.field("countryCode", .string, "country_code"), Self.field("country", .string),
        Self.field("town", .optional(.string)), Self.field("geo", .model("Geo")),
      ])
    #expect(
      byName["Geo"]?.fields == [
        Self.field("level", .string), Self.field("pairs", .string), Self.field("type", .string),
      ])
    #expect(byName["Description"]?.fields == [Self.field("languages", .array(.string))])
    #expect(
      byName["Image"]?.fields == [
        Self.field("id", .int), Self.field("templateId", .int, "template_id"),
      ])
  }

  @Test("landmarkData.json: a top-level array infers its element, named by rootName")
  func landmarks() throws {
    let report = try ModelInference.inferReport(
      from: Self.fixture("landmarkData.json"), rootName: "Landmark")
    #expect(report.models.map(\.name) == ["Coordinates", "Landmark"])
    #expect(report.notes.isEmpty)
    #expect(
      report.arrayNote(rootName: "Landmark")
        == "The sample is an array: Landmark is its element type; decode it as [Landmark].")
    #expect(
      report.models.last?.fields == [
        Self.field("name", .string), Self.field("category", .string),
        Self.field("city", .string), Self.field("state", .string), Self.field("id", .int),
        Self.field("isFeatured", .bool), Self.field("isFavorite", .bool),
        Self.field("park", .string), Self.field("coordinates", .model("Coordinates")),
        Self.field("description", .string), Self.field("imageName", .string),
      ])
    #expect(
      report.models.first?.fields == [
        Self.field("longitude", .double), Self.field("latitude", .double),
      ])
  }

  @Test("restaurants.json: flat objects, a `type` key kept as it is")
  func restaurants() throws {
    let byName = try models("restaurants.json", root: "Restaurant")
    #expect(byName.count == 1)
    #expect(
      byName["Restaurant"]?.fields == [
        Self.field("name", .string), Self.field("type", .string),
        Self.field("location", .string), Self.field("phone", .string),
        Self.field("image", .string), Self.field("isFavorite", .bool),
      ])
  }
}
