/// Swift source for the lab's models, written the way the tutorial writes `Loan` by hand:
/// a `Decodable` struct per model, `CodingKeys` when a key is renamed or leads into a
/// nested object, a keys enum per nested object (`LocationKeys`), and an explicit
/// `init(from:)` when synthesis would not do.
///
/// ```swift
/// struct Loan: Decodable {
///   var name: String
///   var country: String
///
///   enum CodingKeys: String, CodingKey {
///     case name, location
///   }
///
///   enum LocationKeys: String, CodingKey {
///     case country
///   }
///
///   init(from decoder: Decoder) throws {
///     let container = try decoder.container(keyedBy: CodingKeys.self)
///     name = try container.decode(String.self, forKey: .name)
///     let location = try container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
///     country = try location.decode(String.self, forKey: .country)
///   }
/// }
/// ```
///
/// Names follow ``CodingKeyNaming`` (shared with the lab's decoder); how optional fields
/// inside nested objects are read is described at ``SwiftCodeGenerator/source(for:library:options:)``.
public enum SwiftCodeGenerator {
  /// A Swift file declaring `modelName` and every model it uses, those used first.
  ///
  /// - Each model is a `struct Name: Decodable` with a `var` per field, in field order;
  ///   keyword names are backticked (`` var `default`: String ``).
  /// - When a field is renamed, nested or has a default, the struct declares its keys
  ///   enums and an explicit `init(from decoder: Decoder) throws`; otherwise it relies on
  ///   synthesis and declares neither.
  /// - Fields read from one nested object share one `nestedContainer`, opened where the
  ///   first of them is read; the others follow it.
  /// - **Optional nested objects.** When every field read through a nested object may be
  ///   absent (it is optional, or has a default), a missing object is not an error:
  ///   `if container.contains(.location) { let location = …; town = try
  ///   location.decodeIfPresent(…) } else { town = nil }` (a defaulted field gets its
  ///   default in the `else`). When any field through the object is required, the object
  ///   is required: a plain `nestedContainer`, which throws `keyNotFound` when it is
  ///   missing. The rule applies at each level (`location`, then `location.geo`). An
  ///   object that is present but `null` throws `valueNotFound` in both cases (`contains`
  ///   is true for a null key).
  /// - When the options need a decoder that is not `JSONDecoder()`'s default (snake-case
  ///   keys, or a date strategy and a `Date` field), a comment after the import says how
  ///   to make one.
  ///
  /// An unknown `modelName` gives just the import.
  public static func source(
    for modelName: String, library: ModelLibrary, options: DecodingOptions
  ) -> String {
    let models = library.closure(of: modelName)
    var lines = ["import Foundation", ""]
    let setup = decoderSetup(options, usesDates: models.contains(where: usesDates))
    if !setup.isEmpty {
      lines += ["// let decoder = JSONDecoder()"] + setup.map { "// \($0)" } + [""]
    }
    let converts = options.keyStrategy == .convertFromSnakeCase
    if converts { lines += convertedKeysNote(models) }
    for (index, model) in models.enumerated() {
      if index > 0 { lines.append("") }
      lines += structLines(for: model, convertingSnakeCase: converts)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The comment that ends `codegen`'s Swift: the call that decodes the model, through
  /// the `decoder` the comment after the import sets up when the options need one.
  public static func decodingNote(
    for modelName: String, library: ModelLibrary, options: DecodingOptions
  ) -> String {
    let models = library.closure(of: modelName)
    let setUp = !decoderSetup(options, usesDates: models.contains(where: usesDates)).isEmpty
    let decoder = setUp ? "decoder (set up above)" : "JSONDecoder()"
    let call = setUp ? "decoder" : "JSONDecoder()"
    return "// To decode it with \(decoder), from JSON `data`:\n"
      + "// let value = try \(call).decode(\(modelName).self, from: data)\n"
  }

  /// The lines that configure a `JSONDecoder` called `decoder` for `options`; the date
  /// strategy only when dates are decoded and it is not the decoder's default.
  static func decoderSetup(_ options: DecodingOptions, usesDates: Bool) -> [String] {
    var lines: [String] = []
    if options.keyStrategy == .convertFromSnakeCase {
      lines.append("decoder.keyDecodingStrategy = .convertFromSnakeCase")
    }
    if usesDates, options.dateStrategy != .deferredToDate {
      lines.append("decoder.dateDecodingStrategy = .\(options.dateStrategy.rawValue)")
    }
    return lines
  }

  /// One model's struct; `convertingSnakeCase` for a decoder with `.convertFromSnakeCase`,
  /// whose `CodingKeys` name the converted keys.
  static func structLines(for model: ModelDefinition, convertingSnakeCase: Bool = false)
    -> [String]
  {
    var lines = ["struct \(model.name): Decodable {"]
    for field in model.fields {
      lines.append("  var \(SwiftIdentifier.escaped(field.name)): \(field.type.swiftName)")
    }
    let explicitInit = needsExplicitInit(model)
    let renamed = model.fields.contains { field in
      field.keyPath.count == 1
        && field.name
          != (convertingSnakeCase
            ? KeyNaming.camelCase(fromSnakeCase: field.keyPath[0]) : field.keyPath[0])
    }
    if explicitInit || renamed {
      // Renamed keys alone need only CodingKeys, as in the tutorial: Swift synthesizes
      // init(from:) from them.
      let plan = CodegenPlan(model, convertingSnakeCase: convertingSnakeCase)
      for keysEnum in plan.enums {
        lines.append("")
        lines += enumLines(keysEnum)
      }
      if explicitInit {
        lines.append("")
        lines += CodegenInitializerWriter(plan: plan).lines()
      }
    }
    lines.append("}")
    return lines
  }

  /// With `.convertFromSnakeCase`, when a model's key is in snake_case (`loan_amount`):
  /// a comment that the `CodingKeys` name it converted (`"loanAmount"`), as they must, and
  /// that the model, which names it unconverted, does not decode so (`decode` converts
  /// the keys as Swift does, and the key matches nothing).
  static func convertedKeysNote(_ models: [ModelDefinition]) -> [String] {
    let keys = SnakeCaseKeys.unconverted(in: models)
    guard !keys.isEmpty else { return [] }
    let pairs = keys.map { "\($0.key.debugDescription) as \($0.converted.debugDescription)" }
    let rewrites = keys.map { "= \($0.converted)" }
    return [
      "// With .convertFromSnakeCase, CodingKeys name the keys as converted: read "
        + pairs.joined(separator: ", ") + ".",
      "// The model names them unconverted, so 'decode --snake-case' matches nothing there:",
      "// write " + rewrites.joined(separator: ", ") + " in the model, or decode without"
        + " --snake-case.",
      "",
    ]
  }

  /// Whether synthesis would not decode `model`: a field is nested or defaulted.
  static func needsExplicitInit(_ model: ModelDefinition) -> Bool {
    model.fields.contains { field in
      field.isNested || field.keyPath.isEmpty
        || (field.defaultValue.map { $0 != .null } ?? false)
    }
  }

  private static func usesDates(_ model: ModelDefinition) -> Bool {
    model.fields.contains { mentionsDate($0.type) }
  }

  private static func mentionsDate(_ type: ModelType) -> Bool {
    switch type {
    case .date: true
    case .array(let element): mentionsDate(element)
    case .optional(let wrapped): mentionsDate(wrapped)
    default: false
    }
  }

  /// `enum LocationKeys: String, CodingKey { … }`: the cases in the fields' order — the
  /// order a synthesized `init(from:)` decodes them in, so its first error is the one the
  /// lab names — runs of cases named as their keys sharing a line, a case with a raw
  /// value on a line of its own.
  private static func enumLines(_ keysEnum: CodegenPlan.KeysEnum) -> [String] {
    var lines = ["  enum \(keysEnum.name): String, CodingKey {"]
    var plain = "    case"
    func flush() {
      if plain != "    case" { lines.append(plain) }
      plain = "    case"
    }
    for keyCase in keysEnum.cases {
      let name = SwiftIdentifier.escaped(keyCase.name)
      if keyCase.hasRawValue {
        flush()
        lines.append("    case \(name) = \(keyCase.rawKey.debugDescription)")
        continue
      }
      if plain != "    case", plain.count + name.count + 2 > 100 { flush() }
      plain += (plain == "    case" ? " " : ", ") + name
    }
    flush()
    lines.append("  }")
    return lines
  }
}
