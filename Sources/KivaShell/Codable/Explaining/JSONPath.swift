import Foundation

/// A place in a JSON document, as JSON keys and array indexes: `loans[3].loan_amount`.
struct JSONPath: Equatable {
  /// One step: a key into an object or an index into an array.
  enum Step: Equatable {
    case key(String)
    case index(Int)
  }

  var steps: [Step] = []

  /// The path as text: `loans[3].location.country`; empty at the top level.
  var text: String {
    var result = ""
    for step in steps {
      switch step {
      case .key(let key): result += result.isEmpty ? key : ".\(key)"
      case .index(let index): result += "[\(index)]"
      }
    }
    return result
  }

  /// Whether a coding key is an array index (Foundation names those `Index 3`).
  static func isIndex(_ key: any CodingKey) -> Bool {
    key.intValue.map { key.stringValue == "Index \($0)" } ?? false
  }

  /// The path with one more key.
  func appending(_ key: String) -> JSONPath {
    JSONPath(steps: steps + [.key(key)])
  }
}

/// A JSON text parsed with `JSONSerialization`, for reading the values an error is about.
struct JSONDocument {
  /// The parsed top-level value, or nil when the text does not parse.
  let root: Any?
  let options: DecodingOptions

  init(_ data: Data, options: DecodingOptions) {
    root = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    self.options = options
  }

  /// The JSON path a coding path names, and the value there (nil when absent; `NSNull`
  /// for null). With `.convertFromSnakeCase` the keys are the JSON's own snake_case keys.
  func resolve(_ codingPath: [any CodingKey]) -> (path: JSONPath, value: Any?) {
    var path = JSONPath()
    var current = root
    for key in codingPath {
      if let index = key.intValue, current is [Any] || JSONPath.isIndex(key) {
        path.steps.append(.index(index))
        let array = current as? [Any]
        current = array.flatMap { $0.indices.contains(index) ? $0[index] : nil }
      } else {
        let object = current as? [String: Any]
        let jsonKey =
          object.flatMap { KeyNaming.jsonKey(of: key, in: $0, options: options) }
          ?? KeyNaming.jsonKey(of: key, options: options)
        path.steps.append(.key(jsonKey))
        current = object?[jsonKey]
      }
    }
    return (path, current)
  }

  /// Where a path is, for a sentence: `loans[3]`, or `the top level (LoanStore)`.
  static func place(_ path: JSONPath, modelName: String) -> String {
    path.steps.isEmpty ? "the top level (\(modelName))" : path.text
  }

  /// Every number in the document that does not fit an `Int` (a fraction, or too large),
  /// with its path, keys in alphabetical order.
  func numbersNotFittingInt() -> [(path: JSONPath, value: JSONValue)] {
    var found: [(JSONPath, JSONValue)] = []
    func visit(_ value: Any, _ path: JSONPath) {
      let json = JSONValue(value)
      switch json {
      case .number where !json.fitsInt: found.append((path, json))
      case .object(let object):
        for key in object.keys.sorted() {
          if let child = object[key] { visit(child, path.appending(key)) }
        }
      case .array(let array):
        for (index, child) in array.enumerated() {
          visit(child, JSONPath(steps: path.steps + [.index(index)]))
        }
      default: break
      }
    }
    if let root { visit(root, JSONPath()) }
    return found
  }
}
