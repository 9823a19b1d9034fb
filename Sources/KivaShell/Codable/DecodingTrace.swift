/// The calls a model's `init(from:)` makes on its decoder, recorded as an indented tree
/// with the JSON key each one maps to and the value it got:
///
/// ```
/// Loan.init(from: decoder)
///   container(keyedBy: CodingKeys.self)
///     decode(String.self, forKey: .name → "name") → "Pheap's Group"
///     nestedContainer(keyedBy: LocationKeys.self, forKey: .location → "location")
///       decode(String.self, forKey: .country → "country") → "Cambodia"
///     decode(Int.self, forKey: .amount → "loan_amount") → 800
/// ```
///
/// Both the tracing decoder (for Swift types) and the lab's model decoder write here,
/// so traces read the same whatever was decoded.
public final class DecodingTrace {
  /// The lines so far, indented two spaces a level.
  public private(set) var lines: [String] = []
  private var depth = 0

  /// Creates an empty trace.
  public init() {}

  /// Records a call that opens a scope (`init(from:)`, a container); what follows is
  /// indented under it until `close()`.
  public func open(_ call: String) {
    append(call)
    depth += 1
  }

  /// Ends the innermost scope.
  public func close() {
    depth = max(0, depth - 1)
  }

  /// Records a call and the value it produced.
  public func record(_ call: String, result: String) {
    append("\(call) → \(result)")
  }

  /// Records a call that threw: `✗ keyNotFound`.
  public func fail(_ call: String, error: String) {
    append("\(call) ✗ \(error)")
  }

  /// `decode(Int.self, forKey: .amount → "loan_amount")`.
  public static func call(
    _ method: String, type: String? = nil, keyCase: String? = nil, jsonKey: String? = nil,
    keysType: String? = nil
  ) -> String {
    var arguments: [String] = []
    if let keysType { arguments.append("keyedBy: \(keysType).self") }
    if let type { arguments.append("\(type).self") }
    if let keyCase {
      arguments.append("forKey: .\(keyCase)" + (jsonKey.map { " → \($0.debugDescription)" } ?? ""))
    }
    return "\(method)(\(arguments.joined(separator: ", ")))"
  }

  private func append(_ line: String) {
    lines.append(String(repeating: "  ", count: depth) + line)
  }
}
