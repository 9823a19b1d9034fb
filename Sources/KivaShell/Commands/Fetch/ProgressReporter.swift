import Foundation

/// Draws the progress line of a fetch on a terminal's stderr, at most ten times a second.
///
/// Updates arrive on the network's threads; drawing happens when the waiting thread polls
/// for Ctrl-C. The lock keeps the two apart, and the output is touched only while the
/// command's own thread is blocked in the fetch, so nothing else writes to it meanwhile.
final class ProgressReporter: @unchecked Sendable {
  private let output: Output
  private let countsPages: Bool
  private let lock = NSLock()
  private let started = Date()
  private var state: (done: Int, total: Int?, bytes: Int64) = (0, nil, 0)
  /// Why the fetch is waiting, said after the figures; nil while it is not.
  private var waiting: String?
  private var lastDrawn = Date.distantPast
  private var drewAnything = false

  init(output: Output, countsPages: Bool) {
    self.output = output
    self.countsPages = countsPages
  }

  /// Records progress (any thread); `waiting` says why nothing arrives for a while.
  func update(done: Int, total: Int?, bytes: Int64, waiting: String? = nil) {
    lock.withLock {
      state = (done, total, bytes)
      self.waiting = waiting
    }
  }

  /// Redraws the line if a tenth of a second has passed (the fetching thread).
  func draw() {
    lock.withLock {
      guard output.showsProgress, Date().timeIntervalSince(lastDrawn) >= 0.1 else { return }
      lastDrawn = Date()
      let line = ProgressLine(
        done: Int64(state.done), total: state.total.map(Int64.init), bytes: state.bytes,
        elapsed: Date().timeIntervalSince(started), countsPages: countsPages)
      output.progress(line.text() + (waiting.map { " · " + $0 } ?? ""))
      drewAnything = true
    }
  }

  /// Clears the line.
  func finish() {
    lock.withLock {
      if drewAnything { output.endProgress() }
    }
  }
}
