import Foundation

/// The forms the dates of a lab model take in one JSON document: the first value read as
/// a `Date` that is a number (seconds since 1970), and the first that is an ISO 8601
/// string. One `dateDecodingStrategy` reads one form, so a document with both (`mixed`)
/// fails under each, and switching strategies only moves the failure.
struct DateForms {
  /// Where the first date written as a number is.
  private(set) var firstNumber: JSONPath?
  /// Where the first date written as an ISO 8601 string is.
  private(set) var firstISOString: JSONPath?

  /// Whether the document has dates in both forms.
  var isMixed: Bool { firstNumber != nil && firstISOString != nil }

  /// The forms of the dates in `document`, decoded as `root` from `library`, following
  /// the models' key paths; stops as soon as both forms are found.
  init(in document: JSONDocument, root: String, library: ModelLibrary) {
    guard let type = library.rootType(root), let value = document.root else { return }
    let dated = Set(library.names.filter { ModelType.model($0).mentionsDate(in: library) })
    var visitor = Visitor(library: library, options: document.options, dated: dated)
    visitor.visit(value, as: type, at: JSONPath(), depth: 0)
    firstNumber = visitor.forms.firstNumber
    firstISOString = visitor.forms.firstISOString
  }

  private init() {}

  /// Walks the JSON along the models, without recursion deeper than the JSON's nesting
  /// (which the parser bounds) and no further than `maximumDepth`.
  private struct Visitor {
    let library: ModelLibrary
    let options: DecodingOptions
    /// The models that hold a date, through their fields.
    let dated: Set<String>
    var forms = DateForms()

    static let maximumDepth = 256

    mutating func visit(_ value: Any, as type: ModelType, at path: JSONPath, depth: Int) {
      guard !forms.isMixed, depth < Self.maximumDepth else { return }
      switch type {
      case .optional(let wrapped):
        visit(value, as: wrapped, at: path, depth: depth)
      case .date:
        switch JSONValue(value) {
        case .number: if forms.firstNumber == nil { forms.firstNumber = path }
        case .string(let text) where ExplainingContext.isISODate(text):
          if forms.firstISOString == nil { forms.firstISOString = path }
        default: break
        }
      case .array(let element):
        guard let array = value as? [Any] else { return }
        for (index, item) in array.enumerated() {
          visit(
            item, as: element, at: JSONPath(steps: path.steps + [.index(index)]), depth: depth + 1)
        }
      case .model(let name):
        guard let model = library[name] else { return }
        for field in model.fields where holdsDate(field.type) {
          var current: Any = value
          var steps = path.steps
          for key in field.keyPath {
            guard let object = current as? [String: Any],
              let jsonKey = KeyNaming.jsonKey(
                of: DynamicKey(key, in: ""), in: object, options: options),
              let next = object[jsonKey]
            else { break }
            current = next
            steps.append(.key(jsonKey))
          }
          guard steps.count == path.steps.count + field.keyPath.count else { continue }
          visit(current, as: field.type, at: JSONPath(steps: steps), depth: depth + 1)
        }
      default:
        return
      }
    }

    /// Whether a value of `type` can hold a date.
    func holdsDate(_ type: ModelType) -> Bool {
      switch type {
      case .date: true
      case .optional(let wrapped), .array(let wrapped): holdsDate(wrapped)
      case .model(let name): dated.contains(name)
      default: false
      }
    }
  }
}

extension ModelType {
  /// Whether a value of this type can hold a date: a `Date`, an array of them, or a model
  /// with such a field (a model reached twice counts once).
  func mentionsDate(in library: ModelLibrary, visited: Set<String> = []) -> Bool {
    switch self {
    case .date: return true
    case .optional(let wrapped), .array(let wrapped):
      return wrapped.mentionsDate(in: library, visited: visited)
    case .model(let name):
      guard !visited.contains(name), let model = library[name] else { return false }
      return model.fields.contains {
        $0.type.mentionsDate(in: library, visited: visited.union([name]))
      }
    default: return false
    }
  }
}
