import Foundation

/// What the hand-written `as!` / `as?` casts give for a value from `JSONSerialization`,
/// and what `JSONDecoder` would do with the same value, so the walk can contrast them.
enum ManualCast {
  /// The type a cast names: `String`, `[Int]`, `[[String: Any]]` for models (dates are
  /// strings in JSONSerialization).
  static func castTypeName(_ type: ModelType) -> String {
    switch type {
    case .string, .date: "String"
    case .int, .double, .bool: type.swiftName
    case .model: "[String: Any]"
    case .array(let element): "[\(castTypeName(element))]"
    case .optional(let wrapped): "\(castTypeName(wrapped))?"
    }
  }

  /// `value as? T` for the Swift type `type` stands for, performed for real (so what
  /// bridging lets through, `true as? Int`, gets through here too); nil when it fails.
  /// An optional element (`[Int?]`) does not make `NSNull` nil: as in Swift, a `null`
  /// in the array fails the whole cast.
  static func cast(_ value: Any, to type: ModelType) -> Any? {
    switch type {
    case .string, .date: return value as? String
    case .int: return value as? Int
    case .double: return value as? Double
    case .bool: return value as? Bool
    case .model: return value as? [String: Any]
    case .optional(let wrapped): return cast(value, to: wrapped)
    case .array(let element):
      guard let array = value as? [Any] else { return nil }
      var result: [Any] = []
      for item in array {
        guard let converted = cast(item, to: element) else { return nil }
        result.append(converted)
      }
      return result
    }
  }

  /// Where inside `value` a cast to `type` fails, as index steps (`[1]`, `[0][2]`), and
  /// the value found there; nil when the cast succeeds or fails on `value` itself.
  static func failingElement(_ value: Any, as type: ModelType) -> (steps: String, value: Any)? {
    guard case .array(let element) = type, let array = value as? [Any] else { return nil }
    for (index, item) in array.enumerated() where cast(item, to: element) == nil {
      let inner = failingElement(item, as: element.unwrapped)
      return ("[\(index)]\(inner?.steps ?? "")", inner?.value ?? item)
    }
    return nil
  }

  /// A cast's result as the walk shows it: `"Pheap's Group"`, `800`, `["a", "b"]`,
  /// `a dictionary with 4 keys`, `nil`.
  static func display(_ value: Any) -> String {
    switch value {
    case let string as String: return JSONValueText.quoted(string)
    case is NSNull: return "nil"
    case let object as [String: Any]:
      return "a dictionary with \(JSONValueText.count(object.count, "key"))"
    case let array as [Any]:
      let shown = array.prefix(4).map(display).joined(separator: ", ")
      return "[\(shown)\(array.count > 4 ? ", … (\(array.count) elements)" : "")]"
    default: return String(describing: value)
    }
  }

  /// What `JSONDecoder` throws for `value` (nil when the key is missing) decoded as `type`
  /// at `path`, in a container at `container`; nil when it decodes. `optional` fields
  /// (`decodeIfPresent`) accept a missing key and null.
  static func codableProblem(
    _ value: Any?, as type: ModelType, at path: JSONPath, in container: JSONPath, optional: Bool
  ) -> ManualProblem? {
    guard let value else {
      return optional ? nil : ManualProblem(kind: "keyNotFound", place: container, found: nil)
    }
    let json = JSONValue(value)
    if case .null = json {
      if optional || type.isOptional { return nil }
      return ManualProblem(kind: "valueNotFound", place: path, found: json)
    }
    let mismatch = ManualProblem(kind: "typeMismatch", place: path, found: json)
    switch (type.unwrapped, json) {
    case (.string, .string), (.double, .number), (.bool, .bool), (.model, .object):
      return nil
    case (.int, .number):
      return json.fitsInt ? nil : ManualProblem(kind: "dataCorrupted", place: path, found: json)
    case (.date, .string(let text)):
      return ExplainingContext.isISODate(text)
        ? nil : ManualProblem(kind: "dataCorrupted", place: path, found: json)
    case (.array(let element), .array(let items)):
      for (index, item) in items.enumerated() {
        let itemPath = JSONPath(steps: path.steps + [.index(index)])
        if let problem = codableProblem(
          item, as: element, at: itemPath, in: path, optional: false)
        {
          return problem
        }
      }
      return nil
    default:
      return mismatch
    }
  }
}

/// What Codable would throw instead of the cast: its `DecodingError` case, the JSON path
/// it reports, and the value found there (nil for a missing key).
struct ManualProblem {
  var kind: String
  var place: JSONPath
  var found: JSONValue?
}
