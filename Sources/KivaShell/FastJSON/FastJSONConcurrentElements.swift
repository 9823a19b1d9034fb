import Dispatch
import Foundation

/// The elements of one array, each decoded on its own: those that decoded, in order,
/// and those that threw a `DecodingError`, by position.
public struct FastJSONElements<Element> {
  /// The elements that decoded, in the array's order.
  public var values: [Element]
  /// The elements that did not, by position in the array (from 0), in order.
  public var failures: [(index: Int, error: DecodingError)]
}

extension FastJSONParsedDocument {
  /// Decodes each element of the array under `key` of the top-level object as `type`,
  /// spread over `threads` threads.
  ///
  /// The outcome is the same as decoding the elements one by one from an unkeyed
  /// container: an element whose `init(from:)` throws a `DecodingError` is listed in
  /// `failures`, with the coding path `[key, Index i, …]` `JSONDecoder` gives, and the
  /// others go on; so is one that throws another error when `Element` is
  /// `DecodingRefusalExplaining`, with the error its `explainRefusal` gives; any other
  /// error ends the decoding and the first one, in the array's order, is thrown. `Element.init(from:)` runs on several threads at once, so it must
  /// not depend on the order the elements are decoded in.
  ///
  /// - Returns: nil when the document is not an object or `key` is not an array in it.
  public func decodeElements<Element: Decodable & Sendable>(
    _ type: Element.Type, ofArrayAt key: some CodingKey,
    threads: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws -> FastJSONElements<Element>? {
    let root = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    guard let array = try member(key, of: root),
      root.firstByte(of: array) == FastJSONByte.openBracket
    else { return nil }
    return try decodeElements(
      type, array: array, path: [key], firstIndex: 0, threads: threads)
  }

  /// Decodes each element of the document — an array — as `type`, as if they were the
  /// elements of the array at `path` from position `firstIndex` on: the failures are
  /// numbered, and the coding paths written, as in that array. Otherwise the same as
  /// `decodeElements(_:ofArrayAt:threads:)`.
  ///
  /// - Returns: nil when the document is not an array.
  public func decodeElements<Element: Decodable & Sendable>(
    _ type: Element.Type, asElementsAt path: [any CodingKey], from firstIndex: Int,
    threads: Int = 1
  ) throws -> FastJSONElements<Element>? {
    let root = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    guard root.firstByte(of: 0) == FastJSONByte.openBracket else { return nil }
    return try decodeElements(
      type, array: 0, path: path, firstIndex: firstIndex, threads: threads)
  }

  /// Decodes each element of the document — an array of exactly `count` elements — into
  /// `slots`, element i into `slots[i]`, as `decodeElements(_:asElementsAt:from:threads:)`
  /// does on one thread; the decoded elements are then the first slots, in order.
  ///
  /// - Returns: how many elements decoded and the failures; nil, with nothing written,
  ///   when the document is not an array of `count` elements.
  func decodeElements<Element: Decodable & Sendable>(
    into slots: UnsafeMutablePointer<Element>, count: Int, asElementsAt path: [any CodingKey],
    from firstIndex: Int
  ) throws -> (decoded: Int, failures: [(index: Int, error: DecodingError)])? {
    let root = FastJSONValueDecoder(document: document, options: options, rootPath: [], value: 0)
    guard root.firstByte(of: 0) == FastJSONByte.openBracket, Int(document.tape[1]) == count
    else { return nil }
    let run = ElementRun<Element>(
      document: document, options: options, path: path, firstIndex: firstIndex, array: 0,
      count: count, chunkSize: max(count, 1), slots: slots)
    for chunk in 0..<run.chunkCount { run.decodeChunk(chunk) }
    return try run.compact()
  }

  private func decodeElements<Element: Decodable & Sendable>(
    _ type: Element.Type, array: UInt32, path: [any CodingKey], firstIndex: Int, threads: Int
  ) throws -> FastJSONElements<Element> {
    let count = Int(document.tape[Int(array) + 1])
    // `Array(unsafeUninitializedCapacity: 0)` writes its count into the standard library's
    // one shared empty array, which other threads read at the same time.
    guard count > 0 else { return FastJSONElements(values: [], failures: []) }
    // Many more chunks than threads, so that a thread that finishes early takes more.
    let chunkSize = threads > 1 ? max(256, count / (threads * 16) + 1) : max(count, 1)
    var failures: [(index: Int, error: DecodingError)] = []
    // The elements are decoded straight into the array's storage, element i into slot
    // i, then the failed ones' holes are closed up.
    let values = try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
      initialized = 0
      guard let slots = buffer.baseAddress else { return }
      let run = ElementRun<Element>(
        document: document, options: options, path: path, firstIndex: firstIndex,
        array: array, count: count, chunkSize: chunkSize, slots: slots)
      if run.chunkCount > 1 {
        DispatchQueue.concurrentPerform(iterations: run.chunkCount) { run.decodeChunk($0) }
      } else {
        for chunk in 0..<run.chunkCount { run.decodeChunk(chunk) }
      }
      (initialized, failures) = try run.compact()
    }
    return FastJSONElements(values: values, failures: failures)
  }
}

/// One `decodeElements` call: element `i` is decoded into `slots[i]` by the chunk that
/// holds it; each chunk writes only its own slots and its own outcome.
private final class ElementRun<Element: Decodable>: @unchecked Sendable {
  /// What one chunk did: the elements that failed, and where it stopped (one past its
  /// last element, or at an error that ends the decoding).
  struct Outcome {
    var failures: [(index: Int, error: DecodingError)] = []
    var end = 0
    var fatal: (any Error)?
  }

  let document: FastJSONDocument
  let options: FastJSONOptions
  /// The coding path of the array.
  let path: [any CodingKey]
  /// The position of slot 0's element in the array the path names.
  let firstIndex: Int
  let array: UInt32
  let count: Int
  let chunkSize: Int
  let starts: [UInt32]
  /// Where element i goes: slot i.
  let slots: UnsafeMutablePointer<Element>
  let outcomes: UnsafeMutablePointer<Outcome>

  var chunkCount: Int { starts.count }

  init(
    document: FastJSONDocument, options: FastJSONOptions, path: [any CodingKey], firstIndex: Int,
    array: UInt32, count: Int, chunkSize: Int, slots: UnsafeMutablePointer<Element>
  ) {
    self.document = document
    self.options = options
    self.path = path
    self.firstIndex = firstIndex
    self.array = array
    self.count = count
    self.chunkSize = chunkSize
    starts = document.elementStarts(of: array, every: chunkSize)
    self.slots = slots
    outcomes = .allocate(capacity: max(starts.count, 1))
    outcomes.initialize(repeating: Outcome(), count: starts.count)
  }

  deinit {
    outcomes.deinitialize(count: starts.count)
    outcomes.deallocate()
  }

  /// Decodes the elements of chunk `chunk`, with a decoder of its own.
  func decodeChunk(_ chunk: Int) {
    let first = chunk * chunkSize
    let end = min(first + chunkSize, count)
    let decoder = FastJSONValueDecoder(
      document: document, options: options, rootPath: path, value: array)
    let arrayPath = decoder.currentPath
    // As an unkeyed container would, element after element, without its bookkeeping.
    var cursor = starts[chunk]
    var outcome = Outcome()
    decoder.whileHeld {
      for index in first..<end {
        do {
          (slots + index).initialize(
            to: try decoder.unwrap(
              cursor, as: Element.self, elementAt: firstIndex + index, of: arrayPath))
        } catch let error as DecodingError {
          outcome.failures.append((firstIndex + index, error))
        } catch {
          // A value the decoder cannot read: a type that names it fails alone.
          guard
            let refusal = decoder.explainRefusal(
              cursor, as: Element.self, elementAt: firstIndex + index, of: arrayPath)
          else {
            outcome.fatal = error
            outcome.end = index
            return
          }
          outcome.failures.append((firstIndex + index, refusal))
        }
        cursor = document.index(after: cursor)
      }
      outcome.end = end
    }
    outcomes[chunk] = outcome
  }

  /// Closes up the holes of the failed elements, so the decoded ones are the first
  /// slots, in order; returns how many there are and the failures. When an error ended
  /// a chunk, releases every decoded element and throws the first such error instead.
  func compact() throws -> (decoded: Int, failures: [(index: Int, error: DecodingError)]) {
    let chunks = UnsafeBufferPointer(start: outcomes, count: chunkCount)
    if let fatal = chunks.lazy.compactMap(\.fatal).first {
      forEachDecodedRun { range in
        (slots + range.lowerBound).deinitialize(count: range.count)
      }
      throw fatal
    }
    var decoded = 0
    forEachDecodedRun { range in
      if range.lowerBound != decoded {
        (slots + decoded).moveInitialize(from: slots + range.lowerBound, count: range.count)
      }
      decoded += range.count
    }
    return (decoded, chunks.flatMap(\.failures))
  }

  /// Calls `body` with each run of consecutive slots that hold a decoded element.
  private func forEachDecodedRun(_ body: (Range<Int>) -> Void) {
    for chunk in 0..<chunkCount {
      var next = chunk * chunkSize
      for failure in outcomes[chunk].failures {
        let slot = failure.index - firstIndex
        if slot > next { body(next..<slot) }
        next = slot + 1
      }
      let end = outcomes[chunk].end
      if end > next { body(next..<end) }
    }
  }
}

extension FastJSONValueDecoder {
  /// What `Element` says of the element at `value` that threw an error other than a
  /// `DecodingError`, when it is `DecodingRefusalExplaining`; nil otherwise.
  fileprivate func explainRefusal<Element>(
    _ value: UInt32, as type: Element.Type, elementAt index: Int, of arrayPath: FastJSONPath
  ) -> DecodingError? {
    guard let explaining = Element.self as? any DecodingRefusalExplaining.Type else {
      return nil
    }
    return probe(explaining, value, elementAt: index, of: arrayPath)
  }

  private func probe<Explaining: DecodingRefusalExplaining>(
    _ type: Explaining.Type, _ value: UInt32, elementAt index: Int, of arrayPath: FastJSONPath
  ) -> DecodingError? {
    try? unwrap(value, as: RefusalProbe<Explaining>.self, elementAt: index, of: arrayPath).error
  }
}
