/// The `paging` object of a Kiva list response: which page this is of how many.
public struct Paging: Codable, Equatable, Sendable {
  public var page: Int
  public var total: Int
  public var pageSize: Int
  public var pages: Int

  enum CodingKeys: String, CodingKey {
    case page, total, pages
    case pageSize = "page_size"
  }
}
