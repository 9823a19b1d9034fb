import Foundation

/// A line of the trace that opened a scope, and so an indentation level.
struct TraceScope: Equatable {
  let id: Int
  let line: String
}

/// Writes the calls of one traced decode into a `DecodingTrace`, each at the depth of the
/// container that made it.
///
/// Every wrapper (decoder or container) knows its `path`: the scopes enclosing its calls.
/// Recording closes the scopes that path does not include; a call on a container whose
/// scope was already closed (an outer container used again, then the inner one) reopens it
/// with `(continued)`, so the indentation always says which container answered.
final class TraceRecorder {
  /// The key under which the decoder's `userInfo` carries the recorder.
  static let userInfoKey = CodingUserInfoKey(rawValue: "kivash.decoding-trace")

  let trace: DecodingTrace
  let options: DecodingOptions
  /// A nested value being decoded through Foundation: the line that asked for it (nil at
  /// the root) and where. `TracedValue.init(from:)` takes it.
  var pending: PendingValue?
  private var openScopes: [TraceScope] = []
  private var nextScopeID = 0
  private var lastFailure: String?

  /// A nested value about to be decoded.
  struct PendingValue {
    let call: String?
    let path: [TraceScope]
  }

  init(trace: DecodingTrace, options: DecodingOptions) {
    self.trace = trace
    self.options = options
  }

  /// Records `call` as opening a scope inside `path`; returns the path inside it.
  func open(_ call: String, in path: [TraceScope]) -> [TraceScope] {
    enter(path)
    let scope = TraceScope(id: nextScopeID, line: call)
    nextScopeID += 1
    trace.open(call)
    openScopes.append(scope)
    return path + [scope]
  }

  /// Records `call` and what it gave.
  func record(_ call: String, result: String, in path: [TraceScope]) {
    enter(path)
    trace.record(call, result: result)
  }

  /// Records that `call` threw `error`.
  func fail(_ call: String, error: any Error, in path: [TraceScope]) {
    enter(path)
    trace.fail(call, error: TraceText.errorName(error))
    lastFailure = String(reflecting: error)
  }

  /// Whether `error` is the last failure recorded (so an enclosing scope need not repeat it).
  func alreadyRecorded(_ error: any Error) -> Bool {
    lastFailure == String(reflecting: error)
  }

  /// Runs a call that gives a plain value, recording the value or the failure.
  func leaf<T>(_ call: String, in path: [TraceScope], _ body: () throws -> T) throws -> T {
    do {
      let value = try body()
      record(call, result: TraceText.value(value), in: path)
      return value
    } catch {
      fail(call, error: error, in: path)
      throw error
    }
  }

  /// Runs a call that decodes a nested value through Foundation (`body` decodes a
  /// `TracedValue`): the call opens a scope when the value's `init(from:)` runs; when
  /// Foundation answers without running it (an absent key, a missing value), the call is
  /// recorded here with its result (`nil`) or its failure.
  func nested<R>(
    _ call: String?, in path: [TraceScope], failure: String, _ body: () throws -> R
  ) throws -> R {
    pending = PendingValue(call: call, path: path)
    do {
      let result = try body()
      if pending != nil {
        pending = nil
        record(failure, result: TraceText.value(result), in: path)
      }
      return result
    } catch {
      if pending != nil {
        pending = nil
        fail(failure, error: error, in: path)
      }
      throw error
    }
  }

  /// Makes `path` the open scopes: closes those it leaves, reopens those it returns to.
  private func enter(_ path: [TraceScope]) {
    var shared = 0
    while shared < min(path.count, openScopes.count), path[shared] == openScopes[shared] {
      shared += 1
    }
    while openScopes.count > shared {
      trace.close()
      openScopes.removeLast()
    }
    for scope in path[shared...] {
      trace.open("\(scope.line) (continued)")
      openScopes.append(scope)
    }
  }
}

/// Carries the recorder in `JSONDecoder.userInfo` for the length of one synchronous
/// `decode` call.
///
/// `@unchecked Sendable` because some Foundation versions type `userInfo` as
/// `[CodingUserInfoKey: any Sendable]`; the box never leaves the thread that decodes.
final class TraceRecorderBox: @unchecked Sendable {
  let recorder: TraceRecorder

  init(_ recorder: TraceRecorder) {
    self.recorder = recorder
  }
}
