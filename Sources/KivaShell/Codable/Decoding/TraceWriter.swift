/// Writes the model decoder's calls into a `DecodingTrace`, if there is one.
///
/// A scope (`init(from:)`, a container, a nested model's `decode`) is written only once
/// something happens inside it: a scope that ends with nothing inside becomes one line
/// with its result (`decodeIfPresent(Paging.self, forKey: .paging → "paging") → nil`,
/// `unkeyedContainer() → []`) or its error
/// (`nestedContainer(…) ✗ keyNotFound`).
final class TraceWriter {
  private let trace: DecodingTrace?
  /// The scopes begun and not ended, innermost last; `written` once opened in the trace.
  private var scopes: [(call: String, written: Bool)] = []

  init(_ trace: DecodingTrace?) {
    self.trace = trace
  }

  /// Whether anything is being recorded.
  var isOn: Bool { trace != nil }

  /// Begins a scope, written when something is recorded inside it.
  func begin(_ call: String) {
    guard isOn else { return }
    scopes.append((call, false))
  }

  /// Ends the innermost scope; if nothing was written inside it, writes it with `result`.
  func end(result: String? = nil) {
    guard let trace, let scope = scopes.popLast() else { return }
    if scope.written {
      trace.close()
    } else if let result {
      flush()
      trace.record(scope.call, result: result)
    } else {
      flush()
      trace.open(scope.call)
      trace.close()
    }
  }

  /// Ends the innermost scope because `error` was thrown; if nothing was written inside
  /// it, the scope's call is what failed.
  func end(error: any Error) {
    guard let trace, let scope = scopes.popLast() else { return }
    if scope.written {
      trace.close()
    } else {
      flush()
      trace.fail(scope.call, error: Self.name(of: error))
    }
  }

  /// Runs `body` inside a scope for `call`, ending it with `result(value)` or the error.
  func scope<T>(_ call: String, result: (T) -> String? = { _ in nil }, _ body: () throws -> T)
    throws -> T
  {
    begin(call)
    do {
      let value = try body()
      end(result: result(value))
      return value
    } catch {
      end(error: error)
      throw error
    }
  }

  /// Records a call and its result inside the current scopes.
  func record(_ call: String, result: String) {
    guard let trace else { return }
    flush()
    trace.record(call, result: result)
  }

  /// Records a call that threw.
  func fail(_ call: String, error: any Error) {
    guard let trace else { return }
    flush()
    trace.fail(call, error: Self.name(of: error))
  }

  /// Opens, in the trace, every scope not yet written.
  private func flush() {
    guard let trace else { return }
    for position in scopes.indices where !scopes[position].written {
      trace.open(scopes[position].call)
      scopes[position].written = true
    }
  }

  /// The `DecodingError` case that `error` is (`keyNotFound`), or its type's name.
  static func name(of error: any Error) -> String {
    guard let decodingError = error as? DecodingError else {
      return String(describing: type(of: error))
    }
    switch decodingError {
    case .keyNotFound: return "keyNotFound"
    case .typeMismatch: return "typeMismatch"
    case .valueNotFound: return "valueNotFound"
    case .dataCorrupted: return "dataCorrupted"
    @unknown default: return "DecodingError"
    }
  }
}
