import Foundation

/// The elements of one JSON array whose text arrives a piece at a time — the `loans` of a
/// big file read piece by piece — indexed piece by piece, in order, so that each piece's
/// elements can be decoded while the next pieces are read and indexed.
///
/// Each piece, after what the previous one left unfinished, is scanned by
/// `FastJSONScanner` as an array of its own: `[` and the bytes. When the scan reaches the
/// end of the bytes inside an element (or fails there), the piece's elements are those a
/// comma completed, and the bytes after the last such comma are carried over to the next
/// piece; when it reaches the array's closing bracket, every element is the piece's and
/// the bytes after the bracket are kept in `afterArray`. So the pieces together are
/// checked exactly as the whole array would be: an element counts once a comma or the
/// closing bracket follows it and it scanned, and an error goes on to the next piece
/// with the element it is in, until no bytes are left (`isLast`), where it is final.
struct FastJSONArrayPieces {
  /// The array is not valid, or an unfinished element or the text after the array grew
  /// longer than the limit.
  struct Invalid: Error {}

  /// The elements one piece completed, indexed: an array of them is the document's
  /// root. Handed to one thread at a time, with the buffer its bytes are in.
  final class Elements: @unchecked Sendable {
    /// The document, until `takeDocument()`.
    private var document: FastJSONDocument?
    /// The buffer the document's bytes are in: keep it while they are decoded.
    let buffer: FastJSONPieceBuffer
    /// The position in the whole array of the first of them.
    let firstIndex: Int
    let count: Int

    init(document: FastJSONDocument, buffer: FastJSONPieceBuffer, firstIndex: Int, count: Int) {
      self.document = document
      self.buffer = buffer
      self.firstIndex = firstIndex
      self.count = count
    }

    /// The document, which is then the caller's alone; nil after the first call.
    func takeDocument() -> FastJSONDocument? {
      defer { document = nil }
      return document
    }
  }

  /// The array's bytes read and not yet in a piece's elements: from the start of the
  /// element that was not finished.
  private var tail: [UInt8] = []
  /// Scan again only once the tail is this long. After a scan that completed no element,
  /// the next waits for twice the bytes: an element many pieces long is then scanned a
  /// few times, not once for every piece, and so is an error.
  private var retryLength = 0
  /// How many elements the pieces completed so far: the position of the next one.
  private(set) var elementCount = 0
  private let maximumTail: Int
  /// The bytes after the array's closing bracket, once it has been read.
  private(set) var afterArray: [UInt8]?

  /// Pieces of an array in which no element, nor the text after the array, may be longer
  /// than about `maximumTail` bytes.
  init(maximumTail: Int) {
    self.maximumTail = maximumTail
  }

  /// Scans `buffer`'s piece, the next bytes of the array after its opening bracket;
  /// returns the elements it completed, or nil when it completed none. `isLast`: no
  /// bytes follow, so the array must end here.
  mutating func take(_ buffer: FastJSONPieceBuffer, isLast: Bool) throws(Invalid) -> Elements? {
    if let afterCount = afterArray?.count {
      // The text after the array is held until the end: no more of it than of a loan.
      guard afterCount + buffer.count <= maximumTail else { throw Invalid() }
      afterArray?.append(contentsOf: buffer.bytes)
      return nil
    }
    if !isLast && tail.count + buffer.count < retryLength {
      guard tail.count + buffer.count <= maximumTail else { throw Invalid() }
      tail.append(contentsOf: buffer.bytes)
      return nil
    }
    let start = buffer.prepend(FastJSONByte.openBracket, tail)
    let count = tail.count + 1 + buffer.count
    guard count < Int(UInt32.max) else { throw Invalid() }
    // One level is the array itself, which in the whole text of a response is a level
    // deeper (of a bare array, not: its loans may be one level less deep than the whole
    // text would allow, and such a file is read whole).
    var scanner = FastJSONScanner(
      bytes: start, count: count, depthLimit: FastJSONTape.maximumDepth - 1)
    defer { scanner.freeScratch() }
    do {
      let end = try scanner.scanValue()
      afterArray = Array(UnsafeBufferPointer(start: start + end, count: count - end))
      tail = []
    } catch {
      guard !isLast, let next = scanner.rollBackToLastElement() else {
        scanner.tape.free()
        scanner.members.free()
        guard !isLast, count - 1 <= maximumTail else { throw Invalid() }
        tail = Array(UnsafeBufferPointer(start: start + 1, count: count - 1))
        retryLength = 2 * tail.count
        return nil
      }
      tail = Array(UnsafeBufferPointer(start: start + next, count: count - next))
      retryLength = 0
    }
    let document = FastJSONDocument(
      bytes: start, count: count, tape: scanner.tape, members: scanner.members)
    let elements = Int(document.tape[1])
    guard elements > 0 else { return nil }
    defer { elementCount += elements }
    return Elements(
      document: document, buffer: buffer, firstIndex: elementCount, count: elements)
  }
}
