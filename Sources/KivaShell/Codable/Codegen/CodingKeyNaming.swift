/// How the Codable lab names `CodingKey` enums and their cases. The generated Swift and
/// the lab's model decoder (its traces) must name them alike, so every rule is here:
///
/// - The top-level keys enum is `CodingKeys`.
/// - The keys enum of the nested object reached by key `location` is `LocationKeys`:
///   UpperCamelCase of the key, then `Keys` (`geo_info` → `GeoInfoKeys`), and
///   `NestedCodingKeys` for `coding`, which would otherwise be the top-level enum.
/// - The case for the last key of a field's path is the field's name
///   (`amount` ← `loan_amount`; `country` ← `location.country`).
/// - The case for an intermediate key is the key in lowerCamelCase (`location`,
///   `geo_info` → `geoInfo`); a key that is not a valid identifier is sanitized the same
///   way (`2fa` → `_2fa`).
/// - A case carries a raw value exactly when its name differs from the JSON key.
///
/// The rules themselves live in `GeneratedNames`, which the model decoder's traces use.
enum CodingKeyNaming {
  /// The name of the top-level keys enum.
  static let rootKeysEnum = GeneratedNames.rootKeysEnum

  /// The keys enum of the nested object reached by `key`: `location` → `LocationKeys`.
  static func keysEnum(forObjectAt key: String) -> String {
    GeneratedNames.keysEnum(forKey: key)
  }

  /// The case for the last key of a field's path: the field's name.
  static func caseName(forField field: ModelField) -> String {
    GeneratedNames.caseName(for: field)
  }

  /// The case for an intermediate key of a path: `geo_info` → `geoInfo`.
  static func caseName(forIntermediateKey key: String) -> String {
    GeneratedNames.caseName(forKey: key)
  }
}
