/// The Swift names generated code uses for a model's coding keys. The model decoder's
/// traces and the code generator both use these, so a trace line names exactly what the
/// generated source says.
///
/// For a field with key path `[k0, k1, …, kn]` in model `M`:
///
/// - the struct's own keys enum is `CodingKeys`;
/// - the keys inside the object reached by an intermediate key `k` are
///   `keysEnum(forKey: k)`: `location` → `LocationKeys`, `geo` → `GeoKeys`
///   (`location.geo.pairs` uses `CodingKeys`, then `LocationKeys`, then `GeoKeys`;
///   `coding` gives `NestedCodingKeys`, as `CodingKeys` is the struct's own);
/// - the case for the last key `kn` is the field's name (`case amount = "loan_amount"`);
/// - the case for an intermediate key is `caseName(forKey: k)`: `location` → `location`,
///   `geo_pairs` → `geoPairs`.
///
/// Enums with the same name in one model are one enum holding every case any of its
/// uses needs (see `keyEnums(for:)`).
public enum GeneratedNames {
  /// The name of a model's top-level keys enum.
  public static let rootKeysEnum = "CodingKeys"

  /// The keys enum for the object reached by `key`: UpperCamelCase of the key plus
  /// `Keys`. `location` → `LocationKeys`, `geo_pairs` → `GeoPairsKeys`, `ID` → `IDKeys`.
  ///
  /// A key that would give the struct's own `CodingKeys` (`coding`, `Coding`) gives
  /// `NestedCodingKeys` instead: one enum named for both would have to stand for the
  /// keys of two objects, and two fields reading the same key in each would clash.
  public static func keysEnum(forKey key: String) -> String {
    let name = upperCamelCase(key) + "Keys"
    return name == rootKeysEnum ? "Nested" + name : name
  }

  /// The enum case for an intermediate key: lowerCamelCase of the key, with `Key` added
  /// when that is a Swift keyword. `location` → `location`, `geo-pairs` → `geoPairs`,
  /// `ID` → `id`, `default` → `defaultKey`.
  public static func caseName(forKey key: String) -> String {
    let name = lowerCamelCase(key)
    return SwiftNames.keywords.contains(name) ? name + "Key" : name
  }

  /// The enum case for the last key of `field`'s key path: the field's name.
  public static func caseName(for field: ModelField) -> String {
    field.name
  }

  /// The words of `key`: runs of letters and digits, split at anything else.
  /// `page_size` → `page`, `size`; `geo-pairs` → `geo`, `pairs`; `pageSize` → `pageSize`.
  static func words(_ key: String) -> [String] {
    key.split { !($0.isLetter || ($0.isASCII && $0.isNumber)) }.map(String.init)
  }

  /// `page_size` → `pageSize`, `Location` → `location`, `URL` → `url`, `userID` → `userID`.
  /// The first word is lowercased whole when it is all capitals, else at its first
  /// letter; later words are capitalized at their first letter. Empty: `key`. Starting
  /// with a digit: `_` first.
  public static func lowerCamelCase(_ key: String) -> String {
    let parts = words(key)
    guard let first = parts.first else { return "key" }
    let head = first == first.uppercased() ? first.lowercased() : lowercasingFirst(first)
    return identifierSafe(head + parts.dropFirst().map(capitalizingFirst).joined())
  }

  /// `location` → `Location`, `geo_pairs` → `GeoPairs`, `ID` → `ID`. Each word is
  /// capitalized at its first letter. Empty: `Key`. Starting with a digit: `_` first.
  public static func upperCamelCase(_ key: String) -> String {
    let parts = words(key)
    guard !parts.isEmpty else { return "Key" }
    return identifierSafe(parts.map(capitalizingFirst).joined())
  }

  private static func capitalizingFirst(_ word: String) -> String {
    word.prefix(1).uppercased() + word.dropFirst()
  }

  private static func lowercasingFirst(_ word: String) -> String {
    word.prefix(1).lowercased() + word.dropFirst()
  }

  private static func identifierSafe(_ name: String) -> String {
    guard let first = name.first, first.isASCII, first.isNumber else { return name }
    return "_" + name
  }
}
