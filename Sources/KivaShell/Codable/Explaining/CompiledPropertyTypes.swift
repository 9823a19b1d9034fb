import Foundation

/// The Swift types of the properties of the types compiled into kivash (`Loan`,
/// `Landmark`, `Restaurant`, `Category`), read with `Mirror` from an instance of each: a
/// fix for a compiled type names the property's real type (`var id: Int?`), as one for a
/// lab model does.
enum CompiledPropertyTypes {
  /// The Swift type of the property that `key` reads, at `codingPath` inside a value of
  /// the compiled type called `typeName` (`Loan`, or a type built on it: `[Loan]`), as
  /// Swift writes it (`Int`, `String?`, `[String]?`); nil when it is not known.
  ///
  /// A nested container that is a struct of its own (a landmark's `coordinates`) is
  /// followed into it; one the type reads into its own properties (a loan's `location`)
  /// keeps them.
  static func swiftType(
    of key: any CodingKey, at codingPath: [any CodingKey], in typeName: String
  ) -> String? {
    let base = typeName.trimmingCharacters(in: CharacterSet(charactersIn: "[]?"))
    guard let instance = sample(of: base) else { return nil }
    var mirror = Mirror(reflecting: instance)
    for step in codingPath where step.intValue == nil {
      let name = KeyNaming.caseName(of: step)
      if let child = mirror.children.first(where: { $0.label == name }) {
        mirror = Mirror(reflecting: child.value)
      }
    }
    let name = KeyNaming.caseName(of: key)
    guard let child = mirror.children.first(where: { $0.label == name }) else { return nil }
    return sugared(String(reflecting: type(of: child.value)))
  }

  /// A value of each compiled type, from the built-in data.
  private static func sample(of typeName: String) -> Any? {
    let decoder = FastJSONDecoder()
    switch typeName {
    case "Loan":
      return Loan(id: 0, name: "", country: "", use: "", amount: 0, sector: "", activity: "")
    case "Landmark": return try? decoder.decode([Landmark].self, from: BuiltInData.landmarks).first
    case "Restaurant":
      return try? decoder.decode([Restaurant].self, from: BuiltInData.restaurants).first
    case "Category": return Category(id: 1, name: "", icon: "")
    default: return nil
    }
  }

  /// `Swift.Optional<Swift.Array<Swift.String>>` as Swift writes it: `[String]?`; module
  /// names dropped.
  static func sugared(_ name: String) -> String {
    let plain = name.replacingOccurrences(
      of: #"\b[A-Za-z_][A-Za-z0-9_]*\."#, with: "", options: .regularExpression)
    return sugaredPlain(Substring(plain))
  }

  private static func sugaredPlain(_ name: Substring) -> String {
    for (generic, wrap) in [
      ("Optional<", { (inner: String) in inner + "?" }), ("Array<", { "[\($0)]" }),
    ] where name.hasPrefix(generic) && name.hasSuffix(">") {
      return wrap(sugaredPlain(name.dropFirst(generic.count).dropLast()))
    }
    return String(name)
  }
}
