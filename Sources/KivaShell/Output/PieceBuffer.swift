/// The bytes of a long listing or export, a record at a time, handed on in pieces of about
/// `RecordRendering.pieceSize` bytes so that a million records never stand whole in
/// memory, with Ctrl-C heard between records:
///
///     var pieces = PieceBuffer(opening: "[\n", separator: ",\n")
///     for record in records {
///       try pieces.startRecord(interrupt: interrupt)
///       pieces.bytes += …  // the record
///       try pieces.endRecord(write)
///     }
///     try pieces.finish(closing: "\n]", write)
struct PieceBuffer {
  /// What was gathered since the last piece was handed on; a record is appended here.
  var bytes: [UInt8]
  /// What goes between two records.
  private let separator: [UInt8]
  /// Whether a record was started.
  private var started = false

  /// A buffer that starts with `opening` and puts `separator` between records.
  init(opening: String, separator: String = "") {
    bytes = Array(opening.utf8)
    self.separator = Array(separator.utf8)
  }

  /// Starts the next record: throws `.interrupted` on Ctrl-C, and appends the separator
  /// before every record but the first.
  mutating func startRecord(interrupt: InterruptCheck) throws(ShellError) {
    try interrupt.check()
    if started { bytes.append(contentsOf: separator) }
    started = true
  }

  /// Ends a record: once what was gathered makes a piece, hands it to `write`.
  mutating func endRecord<Failure: Error>(_ write: ([UInt8]) throws(Failure) -> Void)
    throws(Failure)
  {
    guard bytes.count >= RecordRendering.pieceSize else { return }
    try write(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  /// Appends `closing`, and hands what is left to `write`.
  mutating func finish<Failure: Error>(
    closing: String, _ write: ([UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    bytes.append(contentsOf: closing.utf8)
    try write(bytes)
    bytes.removeAll()
  }
}
