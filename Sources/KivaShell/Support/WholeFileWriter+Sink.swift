import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension WholeFileWriter {
  /// Where the content goes as it is made: a file being written. A write that fails
  /// throws, and so does every write after it, so that the content stops being made at
  /// the first failure (a full disk, a pipe whose reader left) rather than at its end.
  final class Sink {
    private let descriptor: Int32
    /// Whether what is written lands where it goes at once (a pipe, a device, a
    /// descriptor), rather than in a file that replaces it only once it is whole.
    private let inPlace: Bool
    /// How many bytes have been written.
    private(set) var count = 0
    /// The first failure to write.
    private(set) var failure: Failure?
    /// Whether to give up a write that a signal cut short (Ctrl-C while a pipe's reader
    /// stalls): the write then fails as `Failure.stopped`. Set by whoever produces.
    var isStopped: () -> Bool = { false }

    init(_ descriptor: Int32, inPlace: Bool) {
      self.descriptor = descriptor
      self.inPlace = inPlace
    }

    /// Whether some of the content already went where it goes (see `Failure.partly`).
    var wrotePart: Bool { inPlace && count > 0 }

    /// Writes `bytes` next.
    func write(_ bytes: some ContiguousBytes) throws(Failure) {
      if let failure { throw failure }
      let outcome = bytes.withUnsafeBytes {
        DescriptorWrite.writeAll($0, to: descriptor, stoppingWhen: isStopped)
      }
      try account(outcome, wanted: bytes.withUnsafeBytes(\.count))
    }

    /// Writes `text`, as UTF-8, next.
    func write(_ text: String) throws(Failure) {
      if let failure { throw failure }
      var text = text
      let outcome = text.withUTF8 {
        DescriptorWrite.writeAll(
          UnsafeRawBufferPointer($0), to: descriptor, stoppingWhen: isStopped)
      }
      try account(outcome, wanted: text.utf8.count)
    }

    /// Counts what a write wrote, and keeps and throws its failure.
    private func account(_ outcome: DescriptorWrite.Outcome, wanted: Int) throws(Failure) {
      var failure: Failure
      switch outcome {
      case .written:
        count += wanted
        return
      case .stopped(let written):
        count += written
        failure = .stopped
      case .failed(let error, let written):
        count += written
        failure = WholeFileWriter.failure(error)
      }
      failure.partly = wrotePart
      self.failure = failure
      throw failure
    }
  }
}
