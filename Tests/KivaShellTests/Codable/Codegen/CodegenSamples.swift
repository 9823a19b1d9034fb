@testable import KivaShell

/// The tutorial's models at each step, as the code generation tests use them.
enum CodegenSamples {
  static let name = ModelField(name: "name", type: .string)
  static let country = ModelField(name: "country", type: .string)
  static let use = ModelField(name: "use", type: .string)
  static let amount = ModelField(name: "amount", type: .int)
  static let loanAmount = ModelField(name: "amount", type: .int, keyPath: ["loan_amount"])
  static let nestedCountry = ModelField(
    name: "country", type: .string, keyPath: ["location", "country"])
  static let nestedTown = ModelField(
    name: "town", type: .optional(.string), keyPath: ["location", "town"])

  /// Step 1: every key named like its property.
  static func flatLoan(named modelName: String = "Loan") -> ModelDefinition {
    ModelDefinition(name: modelName, fields: [name, country, use, amount])
  }

  /// Step 2: `amount = loan_amount`.
  static func renamedLoan(named modelName: String = "Loan") -> ModelDefinition {
    ModelDefinition(name: modelName, fields: [name, country, use, loanAmount])
  }

  /// Step 3: `country = location.country`, `town: String? = location.town`.
  static func nestedLoan(named modelName: String = "Loan") -> ModelDefinition {
    ModelDefinition(name: modelName, fields: [name, nestedCountry, use, loanAmount, nestedTown])
  }

  /// Only optional or defaulted fields inside `location` and `location.geo`.
  static func geoLoan(named modelName: String = "Loan") -> ModelDefinition {
    ModelDefinition(
      name: modelName,
      fields: [
        name, nestedTown,
        ModelField(name: "pairs", type: .optional(.string), keyPath: ["location", "geo", "pairs"]),
        ModelField(
          name: "level", type: .string, keyPath: ["location", "geo", "level"],
          defaultValue: .string("country")),
      ])
  }

  /// Step 4: the response around the loans.
  static func loanStore(loan: String = "Loan") -> ModelDefinition {
    ModelDefinition(
      name: "LoanStore",
      fields: [
        ModelField(name: "loans", type: .array(.model(loan))),
        ModelField(name: "paging", type: .optional(.model("Paging"))),
      ])
  }

  /// Kiva's paging object.
  static let paging = ModelDefinition(
    name: "Paging",
    fields: [
      ModelField(name: "page", type: .int), ModelField(name: "total", type: .int),
      ModelField(name: "pageSize", type: .int, keyPath: ["page_size"]),
      ModelField(name: "pages", type: .int),
    ])

  /// Defaults of every literal kind, and keyword names.
  static let settings = ModelDefinition(
    name: "Settings",
    fields: [
      ModelField(name: "count", type: .int, defaultValue: .int(0)),
      ModelField(name: "tags", type: .array(.string), defaultValue: .emptyArray),
      ModelField(name: "title", type: .string, defaultValue: .string("untitled")),
      ModelField(name: "ratio", type: .double, defaultValue: .double(1.5)),
      ModelField(name: "done", type: .bool, defaultValue: .bool(false)),
      ModelField(name: "default", type: .string),
      ModelField(name: "class", type: .optional(.int)),
    ])

  /// Keyword names and nothing else: synthesis does it.
  static let keywords = ModelDefinition(
    name: "Keywords",
    fields: [
      ModelField(name: "default", type: .string), ModelField(name: "protocol", type: .int),
    ])

  /// A date read from a renamed key.
  static let dated = ModelDefinition(
    name: "Dated",
    fields: [
      ModelField(name: "id", type: .int),
      ModelField(name: "postedDate", type: .date, keyPath: ["posted_date"]),
    ])

  /// Awkward names: keys that are not identifiers, a field named like a local, one key
  /// reached from two places, a keyword key leading into an object.
  /// Fields reading through `p` and `q` with other fields between them: the generated
  /// initializer reads them in the model's order, as the lab's decoder does.
  static let interleaved = ModelDefinition(
    name: "Interleaved",
    fields: [
      ModelField(name: "a", type: .int, keyPath: ["p", "x"]),
      ModelField(name: "b", type: .int),
      ModelField(name: "c", type: .int, keyPath: ["p", "y"]),
      ModelField(name: "d", type: .optional(.int), keyPath: ["q", "x"]),
      ModelField(name: "e", type: .int),
      ModelField(name: "f", type: .optional(.int), keyPath: ["q", "y"]),
    ])

  /// An optional field first under a parent a later field needs: the parent is opened
  /// for the first, so a missing one fails before the field between them.
  static let optionalFirst = ModelDefinition(
    name: "OptionalFirst",
    fields: [
      ModelField(name: "y", type: .optional(.int), keyPath: ["a", "c"]),
      ModelField(name: "z", type: .int, keyPath: ["q"]),
      ModelField(name: "x", type: .int, keyPath: ["a", "b"]),
    ])

  static let edgy = ModelDefinition(
    name: "Edgy",
    fields: [
      ModelField(name: "geoInfo", type: .optional(.string), keyPath: ["geo_info", "lat_long"]),
      ModelField(name: "fa", type: .int, keyPath: ["2fa"]),
      ModelField(name: "x", type: .optional(.int), keyPath: ["my key", "inner"]),
      ModelField(name: "a", type: .int, keyPath: ["first", "shared", "a"]),
      ModelField(name: "b", type: .int, keyPath: ["second", "shared", "b"]),
      ModelField(name: "container", type: .int, keyPath: ["container", "value"]),
      ModelField(name: "default", type: .string, keyPath: ["default", "default"]),
    ])
}
