import Foundation

/// A `Decoder` that records every call made on it, and on the containers it hands out,
/// then forwards it to Foundation's decoder, so strategies and errors stay Foundation's.
struct TracingDecoder: Decoder {
  let base: any Decoder
  let recorder: TraceRecorder
  /// The scopes enclosing this decoder's calls (its `init(from:)` line and those above).
  let path: [TraceScope]

  var codingPath: [any CodingKey] { base.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { base.userInfo }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    let call = DecodingTrace.call("container", keysType: TraceText.typeName(type))
    do {
      let container = try base.container(keyedBy: type)
      let inner = recorder.open(call, in: path)
      return KeyedDecodingContainer(
        TracingKeyedContainer(base: container, recorder: recorder, path: inner))
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let call = DecodingTrace.call("unkeyedContainer")
    do {
      let container = try base.unkeyedContainer()
      let inner = recorder.open(call, in: path)
      return TracingUnkeyedContainer(base: container, recorder: recorder, path: inner)
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    let call = DecodingTrace.call("singleValueContainer")
    do {
      let container = try base.singleValueContainer()
      let inner = recorder.open(call, in: path)
      return TracingSingleValueContainer(base: container, recorder: recorder, path: inner)
    } catch {
      recorder.fail(call, error: error, in: path)
      throw error
    }
  }
}

/// A value decoded through Foundation with its `init(from:)` traced: Foundation creates
/// the decoder for the value (with the right coding path, strategies and errors), and this
/// wraps it in a `TracingDecoder` before calling `T.init(from:)`.
///
/// The recorder, and the call that asked for the value, come through `userInfo` and
/// `TraceRecorder.pending`; without them (decoded outside `TracedDecoding`) it decodes `T`
/// untraced.
struct TracedValue<T: Decodable>: Decodable {
  let value: T

  init(from decoder: any Decoder) throws {
    guard let key = TraceRecorder.userInfoKey,
      let recorder = (decoder.userInfo[key] as? TraceRecorderBox)?.recorder,
      let pending = recorder.pending
    else {
      value = try T(from: decoder)
      return
    }
    recorder.pending = nil
    var path = pending.path
    if let call = pending.call { path = recorder.open(call, in: path) }
    path = recorder.open("\(TraceText.typeName(T.self)).init(from: decoder)", in: path)
    do {
      value = try T(from: TracingDecoder(base: decoder, recorder: recorder, path: path))
    } catch {
      // An error the type threw itself, not one a traced call already recorded.
      if !recorder.alreadyRecorded(error) { recorder.fail("throw", error: error, in: path) }
      throw error
    }
  }
}

extension TraceRecorder {
  /// Decodes `T` with one of a container's generic `decode` calls: types Foundation treats
  /// specially (and plain values) straight through `direct`, so strategies apply; any other
  /// type through `traced`, a `TracedValue<T>` decode, so its `init(from:)` is traced too.
  func decodeValue<T: Decodable>(
    _ type: T.Type, call: String, in path: [TraceScope],
    direct: () throws -> T, traced: () throws -> TracedValue<T>
  ) throws -> T {
    if type is any TraceLeaf.Type { return try leaf(call, in: path, direct) }
    return try nested(call, in: path, failure: call, traced).value
  }

  /// `decodeValue` for the `decodeIfPresent` calls.
  func decodeValueIfPresent<T: Decodable>(
    _ type: T.Type, call: String, in path: [TraceScope],
    direct: () throws -> T?, traced: () throws -> TracedValue<T>?
  ) throws -> T? {
    if type is any TraceLeaf.Type { return try leaf(call, in: path, direct) }
    return try nested(call, in: path, failure: call, traced)?.value
  }
}
