import Foundation
import KivaShell

/// `kivash-bench FILE`: how fast kivash decodes a Kiva `loans/newest.json` file, searches
/// and completes over its loans, and starts. A benchmark to read, not a test: it
/// prints numbers and checks nothing.
@main
struct KivashBench {
  static let usage = """
    usage: kivash-bench FILE [--runs N] [--kivash PATH] [--only DECODER] [--no-decode]

    FILE is a Kiva loans/newest.json response (scripts/gen-loans N FILE makes one).
      --runs N       decode each way N times and keep the best (default: 3, or 1 above 200 MB)
      --kivash PATH  the kivash to time at start-up (default: the one built beside this program)
      --only DECODER decode only with foundation, fast, fast-other, all-cores or fetch,
                     and stop there (to profile one decoder)
      --no-decode    decode only as fetch does (one row, not the other decoders), then
                     time search, completion and start-up
    """

  struct Options {
    var file = ""
    var runs: Int?
    var kivash: String?
    var only: DecoderUnderTest?
    var decodes = true
  }

  static func main() {
    // The allocator as kivash sets it.
    AllocatorTuning.forLargeData()
    guard let options = parse(Array(CommandLine.arguments.dropFirst())) else {
      FileHandle.standardError.write(Data((usage + "\n").utf8))
      exit(2)
    }
    guard let store = decodeFile(options) else { exit(1) }
    print()
    interactive(store.loans)
    print()
    startUp(kivash: options.kivash ?? StartUp.kivashBesideThisProgram())
  }

  /// Reads the file and prints the decoding table; returns the loans to time search and
  /// completion on (nil when nothing decoded). With `--only`, exits after the table. The
  /// file's bytes are let go before the rest of the benchmark.
  static func decodeFile(_ options: Options) -> LoanStore? {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: options.file))
    } catch {
      FileHandle.standardError.write(
        Data("kivash-bench: cannot read \(options.file): \(error)\n".utf8))
      exit(1)
    }
    let megabytes = Double(data.count) / 1_000_000
    let runs = options.runs ?? (megabytes > 200 ? 1 : 3)
    print(
      "kivash-bench: \(options.file), \(Format.fixed(megabytes)) MB, "
        + "\(ProcessInfo.processInfo.activeProcessorCount) cores\n")
    if let only = options.only {
      _ = decode(data, path: options.file, runs: runs, with: [only])
      exit(0)
    }
    let decoders = options.decodes ? DecoderUnderTest.all : [DecoderUnderTest.fetchFile]
    return decode(data, path: options.file, runs: runs, with: decoders)
  }

  static func parse(_ arguments: [String]) -> Options? {
    var options = Options()
    var remaining = arguments[...]
    var file: String?
    while let argument = remaining.popFirst() {
      switch argument {
      case "--runs":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else { return nil }
        options.runs = value
      case "--only":
        guard let key = remaining.popFirst(),
          let decoder = DecoderUnderTest.all.first(where: { $0.key == key })
        else { return nil }
        options.only = decoder
      case "--no-decode":
        options.decodes = false
      case "--kivash":
        guard let value = remaining.popFirst() else { return nil }
        options.kivash = value
      case _ where argument.hasPrefix("-"):
        return nil
      default:
        guard file == nil else { return nil }
        file = argument
      }
    }
    guard let file else { return nil }
    options.file = file
    return options
  }

  /// Decodes the file with each of `decoders`, best of `runs`; returns the last one's
  /// result (in a full run `fetch FILE`'s, the loans the shell would load) for the rest
  /// of the benchmark.
  static func decode(_ data: Data, path: String, runs: Int, with decoders: [DecoderUnderTest])
    -> LoanStore?
  {
    let megabytes = Double(data.count) / 1_000_000
    var table = Table(
      "decode \(runs == 1 ? "(1 run)" : "(best of \(runs))")", "ms", "MB/s", "loans")
    var last: LoanStore?
    for decoder in decoders {
      var best = Double.infinity
      var loans = 0
      do {
        for _ in 0..<runs {
          let (milliseconds, result) = try Measure.time { try decoder.decode(data, path) }
          best = min(best, milliseconds)
          loans = result.loans
          last = result.store ?? last
        }
        table.add(
          decoder.name, Format.milliseconds(best), Format.fixed(megabytes / (best / 1_000)),
          String(loans))
      } catch {
        table.add(decoder.name, "failed: \(error)")
      }
    }
    if decoders.count > 1, let loans = last?.loans.count {
      // The floor: as many loans, from a decoder that reads nothing.
      var best = Double.infinity
      for _ in 0..<runs {
        best = min(
          best, (try? Measure.time { try CodableFloor.decodeLoans(count: loans) })?.0 ?? best)
      }
      table.add(
        "Loan.init(from:) alone, reading nothing", Format.milliseconds(best),
        Format.fixed(megabytes / (best / 1_000)), String(loans))
      // The other part no decoding skips: the fast decoder's index of the whole file,
      // made before it reads a value.
      var bestIndex = Double.infinity
      for _ in 0..<runs {
        let indexing = try? Measure.time { try FastJSONDecoder().withDocument(data) { _ in 0 } }
        bestIndex = min(bestIndex, indexing?.0 ?? bestIndex)
      }
      table.add(
        "the index alone, reading nothing, 1 core", Format.milliseconds(bestIndex),
        Format.fixed(megabytes / (bestIndex / 1_000)), "")
    }
    print(table.text)
    return last
  }

  /// Search and TAB completion latency over the loans, after loading them into a
  /// collection as `fetch` does.
  static func interactive(_ loans: [Loan]) {
    var collection = RecordCollection<Loan>()
    // Loading returns before the vocabulary, the search buffer and the filter values are
    // ready (they are built in the background): time both.
    let load = Measure.time { collection.loadLoans(loans, from: "bench") }
    let prepared = Measure.time { collection.waitUntilPrepared() }

    let queries = Workloads.searchQueries(from: loans, count: 200)
    var searchTimes: [Double] = []
    var matches = 0
    for (index, query) in queries.enumerated() {
      // What `search` does before it prints a page: find the matching loans' positions.
      let (milliseconds, count) = Measure.time {
        collection.searchText = query
        return collection.loanViewIndices().count
      }
      // The first few warm the caches and are not counted.
      if index >= 5 { searchTimes.append(milliseconds) }
      matches += count
    }
    collection.searchText = ""

    var session = Session()
    session.loans = collection
    let prefixes = Workloads.completionPrefixes(from: loans, count: 500)
    var completionTimes: [Double] = []
    for (index, prefix) in prefixes.enumerated() {
      let request = CompletionRequest(textBeforeCursor: "search \(prefix)", isRepeated: false)
      let (milliseconds, _) = Measure.time { Completer.edit(for: request, in: session) }
      if index >= 5 { completionTimes.append(milliseconds) }
    }

    var table = Table("over \(loans.count) loans", "n", "p50 ms", "p99 ms", "max ms")
    table.add("load: until fetch returns", "1", Format.milliseconds(load.milliseconds), "", "")
    table.add(
      "load: until search, TAB, filters ready", "1",
      Format.milliseconds(load.milliseconds + prepared.milliseconds), "", "")
    for (name, times) in [("search", searchTimes), ("TAB after 'search '", completionTimes)] {
      table.add(
        name, String(times.count), Format.milliseconds(Measure.percentile(50, of: times)),
        Format.milliseconds(Measure.percentile(99, of: times)),
        Format.milliseconds(times.max() ?? 0))
    }
    print(table.text)
    let average = queries.isEmpty ? 0 : Double(matches) / Double(queries.count)
    print(
      "(\(queries.count) searches drawn from the data, \(Format.fixed(average, 0)) matches on average)"
    )
  }

  /// Median start-up of `kivash -c quit` against `/bin/true` spawned the same way.
  static func startUp(kivash: String?) {
    let runs = 30
    var table = Table("start-up (\(runs) spawns)", "median ms", "p90 ms")
    guard let kivash else {
      table.add("kivash -c quit", "n/a", "n/a")
      print(table.text)
      print("(no kivash beside this program; give --kivash PATH)")
      return
    }
    // A fresh data folder, so that the user's favourites and history stay untouched.
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-bench-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: folder) }
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let times = try StartUp.spawnTimes(
        of: [(kivash, ["-c", "quit"]), ("/bin/true", [])], runs: runs,
        environment: ["KIVASH_DATA_DIR": folder.path, "KIVASH_HISTORY": ""])
      for (name, samples) in zip(["kivash -c quit", "/bin/true (floor)"], times) {
        table.add(
          name, Format.milliseconds(Measure.percentile(50, of: samples)),
          Format.milliseconds(Measure.percentile(90, of: samples)))
      }
    } catch {
      table.add("kivash -c quit", "failed: \(error)", "")
    }
    print(table.text)
  }
}
