extension ExplainingContext {
  /// The declaration of `property`, the field at `codingPath`, changed to `swiftType`,
  /// keeping what else a lab model's field says: `var a: String`; `var a: String?` for an
  /// optional; for a field with a default, the read that keeps it, and the model's line:
  /// `var a: String, decoded as (try container.decodeIfPresent(String.self, forKey: .a))
  /// ?? "0" (in a model: a: String ?? "0")`. A default that does not fit the new type is
  /// written for it (`0` → `"0"`), or becomes its empty value.
  func retyped(_ property: String, as swiftType: String, at codingPath: [any CodingKey])
    -> String
  {
    guard var field = labField(at: codingPath), let newType = ModelType(swiftName: swiftType)
    else { return "var \(property): \(swiftType)" }
    field.type = field.type.isOptional ? .optional(newType) : newType
    guard let old = field.defaultValue, old != .null,
      let kept = ModelLiteral.converted(old, to: newType)
    else { return "var \(property): \(field.type.swiftName)" }
    field.defaultValue = kept
    let container = Self.containerVariable(of: field)
    return "var \(property): \(field.type.swiftName), decoded as (try \(container)"
      + ".decodeIfPresent(\(swiftType).self, forKey: .\(property))) ?? \(kept.swiftSource) "
      + "(in a model: \(field.source))"
  }

  /// The container generated Swift reads `field` from: `container`, or the nested one
  /// named for the key that holds it (`location` for `location.country`).
  static func containerVariable(of field: ModelField) -> String {
    guard field.isNested else { return "container" }
    let name = GeneratedNames.caseName(forKey: field.keyPath[field.keyPath.count - 2])
    return SwiftIdentifier.isKeyword(name) ? name + "Container" : name
  }
}
