import CFuzzDriver
import Foundation
@_spi(Fuzzing) import KivaShell

/// Where each input is written, to be read back as a file.
private let path = FileManager.default.temporaryDirectory
  .appendingPathComponent("kivash-fuzz-stream-\(getpid()).json").path

/// Read sizes and piece sizes the first two bytes of an input pick from: byte by byte,
/// a few bytes, a block, and larger than most inputs.
private let readSizes = [1, 2, 3, 7, 64, 4096]
private let pieceSizes = [1, 2, 5, 33, 100, 700, 5000]

/// libFuzzer's entry point: the first two bytes pick a read size and a piece size, the
/// rest is a loans file.
///
/// The file is read in pieces as `fetch` reads a big file, and decoded whole as
/// `fetch` reads a small one. Streaming may give up (nil: the caller then decodes the
/// file whole), but when it gives loans they must be exactly the whole decode's: the
/// same loans and paging, and a file the whole decode takes without skipping a loan. A
/// difference traps, so libFuzzer keeps it as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStream(_ bytes: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  guard size >= 2 else { return 0 }
  let readBytes = readSizes[Int(bytes[0]) % readSizes.count]
  let pieceBytes = pieceSizes[Int(bytes[1]) % pieceSizes.count]
  let data = Data(UnsafeBufferPointer(start: bytes + 2, count: size - 2))
  guard FileManager.default.createFile(atPath: path, contents: data) else {
    kivash_fuzz_fail("cannot write \(path)")
  }
  defer { try? FileManager.default.removeItem(atPath: path) }
  guard let streamed = streamedLoans(path: path, readBytes: readBytes, pieceBytes: pieceBytes)
  else { return 0 }
  let whole = try? LoanLoader.decode(data, from: "input")
  if whole.map(describe) != describe(streamed) || whole?.skipped.isEmpty != true {
    kivash_fuzz_fail(
      """
      read \(readBytes), pieces of \(pieceBytes), from \
      \(String(decoding: data.prefix(300), as: UTF8.self).debugDescription):
        streamed: \(describe(streamed).prefix(300))
        whole:    \(whole.map { describe($0).prefix(300) } ?? "an error")
      """)
  }
  return 0
}

/// A store as text: its loans, paging and skipped loans.
private func describe(_ store: LoanStore) -> String {
  "\(store.loans.count) loans: \(store.loans) \(String(describing: store.paging)) \(store.skipped)"
}
