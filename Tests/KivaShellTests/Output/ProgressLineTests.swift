import Testing

@testable import KivaShell

/// The progress line of a long fetch: bar, counts, rate and time left.
@Suite("progress line")
struct ProgressLineTests {
  @Test("pages with a total: bar, count, bytes, rate and the time left")
  func pages() {
    let line = ProgressLine(done: 3, total: 5, bytes: 1_200_000, elapsed: 3, countsPages: true)
    #expect(
      line.text()
        == "[████████████░░░░░░░░] · 3/5 pages · 1.2 MB · 400.0 KB/s · 2 s left")
  }

  @Test("bytes without a total: no bar and no time left")
  func bytesWithoutTotal() {
    let line = ProgressLine(done: 2_500, total: nil, bytes: 2_500, elapsed: 0.5, countsPages: false)
    #expect(line.text() == "2.5 KB · 5.0 KB/s")
  }

  @Test("no rate in the first moments")
  func noRateAtFirst() {
    let line = ProgressLine(done: 0, total: 4, bytes: 0, elapsed: 0.1, countsPages: true)
    #expect(line.text(barWidth: 4) == "[░░░░] · 0/4 pages · 0 B")
  }

  @Test("--pages up to Int.max: an estimate of years or beyond Int is left out, no crash")
  func hugeTotal() {
    let line = ProgressLine(
      done: 1, total: .max, bytes: 1_000, elapsed: 2, countsPages: true)
    #expect(line.text(barWidth: 4) == "[░░░░] · 1/9223372036854775807 pages · 1.0 KB · 500 B/s")
    // A year is the longest estimate shown.
    let slow = ProgressLine(
      done: 1, total: 2, bytes: 1, elapsed: 366 * 86_400 - 1, countsPages: true)
    #expect(slow.text(barWidth: 2).hasSuffix(" · 31622399 s left"))
    let slower = ProgressLine(done: 1, total: 2, bytes: 1, elapsed: 366 * 86_400, countsPages: true)
    #expect(!slower.text(barWidth: 2).contains("left"))
  }
}
