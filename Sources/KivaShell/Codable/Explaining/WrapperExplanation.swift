import Foundation

extension ExplainingContext {
  /// For JSON that wraps the records in an object (`{"loans": [{…}, …]}`) decoded as one
  /// record or an array of them (`NestedLoan`, `[NestedLoan]`): the key that holds
  /// them, and a wrapper to decode instead — a lab model that decodes the whole JSON
  /// (`LoanStore`), or else one to define:
  ///
  /// `fix: the JSON wraps the records in 'loans': decode LoanStore (in Swift: LoanStore.self, then .loans)`
  ///
  /// Nil unless the records decode as the model, and the wrapper suggested decodes the
  /// JSON: a fix that the lab would refuse is never given.
  func wrapperFix() -> String? {
    guard let object = document.root as? [String: Any] else { return nil }
    let model =
      modelName.hasPrefix("[") && modelName.hasSuffix("]")
      ? String(modelName.dropFirst().dropLast()) : modelName
    if BuiltInModels.swiftTypeNames.contains(model), library?.rootType(model) == nil {
      return compiledWrapperFix(model, object)
    }
    guard let library, case .model(let record)? = library.rootType(model) else { return nil }
    guard
      let key = object.keys.sorted().first(where: { key in
        guard let data = Self.sampleRecords(under: key, in: object) else { return false }
        return decodes("[\(record)]", data, library)
      })
    else { return nil }
    // The wrappers are tried on the JSON with its records cut to the sample: a million
    // loans would take as long to decode again as the failed decode took.
    var sampled = object
    sampled[key] = (object[key] as? [Any])?.prefix(DecodingErrorExplainer.sampleElements).map { $0 }
    guard let json = try? JSONSerialization.data(withJSONObject: sampled) else { return nil }
    let lead = "fix: the JSON wraps the records in '\(key)': "
    // A model with a field of the records' array type, which decodes the whole JSON.
    func recordsField(_ name: String) -> ModelField? {
      library[name]?.fields.first { $0.type.unwrapped == .array(.model(record)) }
    }
    let wrappers = library.definitions.map(\.name).sorted().filter {
      $0 != record && recordsField($0) != nil
    }
    if let wrapper = wrappers.first(where: { decodes($0, json, library) }),
      let field = recordsField(wrapper)
    {
      let property = SwiftIdentifier.escaped(field.name)
      return lead + "decode \(wrapper) (in Swift: \(wrapper).self, then .\(property))"
    }
    return newWrapperFix(lead: lead, key: key, record: record, library: library, json: json)
  }

  /// For a type compiled into kivash (`Loan`), which no lab model can hold: the wrapper
  /// to write in Swift, when the records under one of the object's keys decode as it.
  ///
  /// `fix: the JSON wraps the records in 'loans': in Swift, decode a wrapper, struct LoanPage: Decodable { var loans: [Loan] }, then take .loans`
  private func compiledWrapperFix(_ type: String, _ object: [String: Any]) -> String? {
    let key = object.keys.sorted().first { key in
      guard let data = Self.sampleRecords(under: key, in: object) else { return false }
      return
        (try? LabDecoding.decode(
          "[\(type)]", from: data, library: ModelLibrary(), options: options, trace: nil)) != nil
    }
    guard let key else { return nil }
    let property =
      options.keyStrategy == .convertFromSnakeCase ? KeyNaming.camelCase(fromSnakeCase: key) : key
    guard SwiftNames.isIdentifier(property) else { return nil }
    let name = SwiftIdentifier.escaped(property)
    return "fix: the JSON wraps the records in '\(key)': in Swift, decode a wrapper, struct "
      + "\(type)Page: Decodable { var \(name): [\(type)] }, then take .\(name)"
  }

  /// The first `DecodingErrorExplainer.sampleElements` elements of the array under `key` as JSON, when the array
  /// holds objects; nil otherwise.
  private static func sampleRecords(under key: String, in object: [String: Any]) -> Data? {
    guard let records = object[key] as? [Any], records.first is [String: Any] else {
      return nil
    }
    return try? JSONSerialization.data(
      withJSONObject: Array(records.prefix(DecodingErrorExplainer.sampleElements)))
  }

  /// `define model NestedLoanPage { loans: [NestedLoan] }, then decode NestedLoanPage`:
  /// a wrapper that the library takes and that decodes the JSON, or nil.
  private func newWrapperFix(
    lead: String, key: String, record: String, library: ModelLibrary, json: Data
  ) -> String? {
    let property =
      options.keyStrategy == .convertFromSnakeCase ? KeyNaming.camelCase(fromSnakeCase: key) : key
    guard SwiftNames.isIdentifier(property) else { return nil }
    var name = record + "Page"
    var number = 2
    while library[name] != nil || BuiltInModels.names.contains(name) {
      name = "\(record)Page\(number)"
      number += 1
    }
    let wrapper = ModelDefinition(
      name: name, fields: [ModelField(name: property, type: .array(.model(record)))])
    var extended = library
    guard (try? extended.validate([wrapper], builtInNames: BuiltInModels.names)) != nil else {
      return nil
    }
    extended.insert(wrapper)
    guard decodes(name, json, extended) else { return nil }
    return lead + "define \(wrapper.source), then decode \(name)"
  }

  /// For an array decoded as a model that wraps such arrays (`LoanStore`, whose `loans`
  /// is `[NestedLoan]`): the array type the JSON is, when it decodes as one:
  ///
  /// `fix: the JSON is the records themselves, not the LoanStore that holds them: decode [NestedLoan] (the type of LoanStore's 'loans')`
  func unwrappedFix() -> String? {
    guard let library, document.root is [Any], let definition = library[modelName] else {
      return nil
    }
    for field in definition.fields {
      guard case .array = field.type.unwrapped else { continue }
      let type = field.type.unwrapped.swiftName
      if decodes(type, json, library) {
        return "fix: the JSON is the records themselves, not the \(modelName) that holds "
          + "them: decode \(type) (the type of \(modelName)'s '\(field.name)')"
      }
    }
    return nil
  }

  /// Whether `data` decodes as `type` of `library` with these options.
  private func decodes(_ type: String, _ data: Data, _ library: ModelLibrary) -> Bool {
    (try? ModelDecoder.decode(type, from: data, library: library, options: options)) != nil
  }
}
