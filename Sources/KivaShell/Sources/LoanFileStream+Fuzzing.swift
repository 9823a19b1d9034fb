import Foundation

/// The loans of the file at `path` read as `fetch` reads a big loans file — the text
/// around the array by the skeleton reader, the loans in pieces indexed in turn — at
/// any size, `readBytes` at a time into pieces of `pieceBytes`; nil when the file does
/// not stream. For the fuzzer that compares streaming with decoding the file whole.
@_spi(Fuzzing) public func streamedLoans(path: String, readBytes: Int, pieceBytes: Int)
  -> LoanStore?
{
  LoanFileStream.load(
    path: path, decoder: LoanLoader.fastDecoder, minimumBytes: 0, readBytes: readBytes,
    pieceBytes: pieceBytes)
}
