import Foundation

/// The same JSON read the `JSONSerialization` way, step by step, as tutorials contrast
/// it with Codable: one line of hand-written Swift per step and what it gives.
///
/// ```
/// let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]   ✓ a dictionary with 2 keys
/// let loans = json["loans"] as! [[String: Any]]   ✓ 20 elements
/// for loan in loans {
///   // loans[0]
///   let name = loan["name"] as! String   ✓ "Pheap's Group"
///   let location = loan["location"] as! [String: Any]   ✓ a dictionary with 4 keys
///   let country = location["country"] as! String   ✓ "Cambodia"
///   …
///   … (18 more)
/// }
/// ```
///
/// Required fields use `as!`; optional ones (and those with a default) use `as?` and never
/// crash. The walk stops at the first `as!` that would crash, and says what Codable throws
/// there instead:
///
/// ```
/// let amount = loan["loan_amount"] as! Int   ✗ would crash: the value is a string "lots" (Codable throws typeMismatch at loans[3].loan_amount instead)
/// ```
///
/// Arrays of models show the steps of their first two elements; the others are checked
/// silently, and one that would crash is shown with its steps.
public enum ManualDecoding {
  /// The steps of a walk, and whether the hand-written code throws or crashes on the way.
  public struct Walk: Sendable {
    /// The lines to print.
    public var lines: [String]
    /// Whether the walk ended at a step marked ✗.
    public var failed: Bool
  }

  /// The steps of reading `json` as the model `modelName` of `library` by hand.
  public static func walk(_ modelName: String, library: ModelLibrary, json: Data) -> [String] {
    attempt(modelName, library: library, json: json).lines
  }

  /// The walk of `walk(_:library:json:)`, with whether it failed.
  public static func attempt(_ modelName: String, library: ModelLibrary, json: Data) -> Walk {
    guard let model = library[modelName] else {
      let suggestion = EditDistance.closest(to: modelName, among: library.names)
      return Walk(
        lines: [
          "✗ there is no model named '\(modelName)'"
            + (suggestion.map { " — did you mean '\($0)'?" } ?? "")
        ], failed: true)
    }
    let code = "let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]"
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed])
    } catch {
      let reason =
        JSONSyntaxError.find(in: json).map {
          "the JSON is malformed at line \($0.line), column \($0.column): \($0.reason)"
        } ?? "the data is not JSON"
      return Walk(
        lines: ["\(code)   ✗ throws: \(reason) (Codable throws dataCorrupted too)"], failed: true)
    }
    let walker = ManualWalker(library: library, rootName: modelName)
    guard let object = root as? [String: Any] else {
      let found = JSONValue(root).withArticle
      return Walk(
        lines: [
          "\(code)   ✗ would crash: the value is \(found) (Codable throws typeMismatch at "
            + "\(JSONDocument.place(JSONPath(), modelName: modelName)) instead)"
        ], failed: true)
    }
    walker.emit(code, "✓ a dictionary with \(JSONValueText.count(object.count, "key"))", "")
    let scope = ManualWalker.Scope(
      variable: "json", isOptional: false, path: JSONPath(), object: object)
    do {
      try walker.walkFields(of: model, in: scope, indent: "", depth: 0)
      return Walk(lines: walker.lines, failed: false)
    } catch {
      // The walk stopped at a crash; its lines end with it.
      return Walk(lines: walker.lines, failed: true)
    }
  }
}
