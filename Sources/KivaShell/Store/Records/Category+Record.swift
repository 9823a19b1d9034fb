extension Category: CollectionRecord {
  public static let kind = CollectionKind.categories
  public static let noun = "category"
  public static let pluralNoun = "categories"
  public static let filterFields: [RecordField] = []
  public static let sortFields: [RecordField] = [.name, .icon]
  public static let searchFields: [RecordField] = [.name, .icon]
  public static let suggestionFields: [RecordField] = [.name]
  public static let supportsFavorites = false

  public static let columns: [RecordColumn<Category>] = [
    RecordColumn("name", maxWidth: 40) { $0.name },
    RecordColumn("icon", maxWidth: 40) { $0.icon },
  ]

  public static let exportFields: [RecordExportField<Category>] = [
    RecordExportField("id") { String($0.id) },
    RecordExportField("name") { $0.name },
    RecordExportField("icon") { $0.icon },
  ]

  public var recordID: String { String(id) }

  public func text(of field: RecordField) -> String? {
    switch field {
    case .name: name
    case .icon: icon
    default: nil
    }
  }

  public var details: [(label: String, value: String)] {
    [("icon", icon)]
  }

  public var summary: String { "'\(name)' (\(icon))" }
}
