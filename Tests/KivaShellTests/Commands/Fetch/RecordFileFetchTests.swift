import Foundation
import Testing

@testable import KivaShell

/// `fetch FILE` in landmarks and restaurants: a JSON array of them (the tutorials' files,
/// or what `export` wrote) replaces the collection; in loans such a file is named for
/// what it is.
@Suite("fetch FILE of landmarks or restaurants")
struct RecordFileFetchTests {
  private static let decoders = ["fast", "foundation"]

  /// Runs `script` with the decoder `decoder`, in a scratch folder holding `files`.
  fileprivate static func run(
    _ script: String, decoder: String, files: [String: String] = [:]
  ) throws -> BinaryRun {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("kivash-fetch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
      try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return try BinaryRun.run(
      ["--no-persist", "--decoder", decoder, "-k", "-c", script], in: folder)
  }

  @Test("the tutorials' own files load into their collections", arguments: decoders)
  func tutorialFiles(decoder: String) throws {
    let landmarks = TestPaths.fixture("landmarkData.json")
    let restaurants = TestPaths.fixture("restaurants.json")
    let run = try Self.run(
      "use landmarks; fetch '\(landmarks)'; count; use restaurants; fetch '\(restaurants)'; count",
      decoder: decoder)
    #expect(run.status == 0)
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "using landmarks: showing all 12 landmarks",
        "fetched 12 landmarks from '\(landmarks)'", "12 landmarks",
        "using restaurants: showing all 21 restaurants",
        "fetched 21 restaurants from '\(restaurants)'", "21 restaurants",
      ])
  }

  @Test("bare fetch loads the collection's own built-in data again, not the loans")
  func builtInAgain() throws {
    let run = try Self.run(
      "use restaurants; search thai; export thai.json; search; fetch thai.json; fetch; count; "
        + "use loans; count", decoder: "fast")
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("fetched 1 restaurant from 'thai.json'"))
    #expect(
      lines.suffix(4) == [
        "fetched 21 restaurants from the built-in data", "21 restaurants",
        "using loans: showing all 20 loans", "20 loans",
      ])
  }

  @Test("what export wrote is read back, and --append adds only new ids", arguments: decoders)
  func roundTrip(decoder: String) throws {
    let run = try Self.run(
      """
      use restaurants; search thai; export thai.json; search
      fetch thai.json; list
      fetch thai.json --append
      fetch \(TestPaths.fixture("restaurants.json")) --append; count
      """, decoder: decoder)
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.contains("exported 1 restaurant to 'thai.json' (JSON)"))
    #expect(lines.contains("fetched 1 restaurant from 'thai.json'"))
    #expect(
      lines.contains(
        "  1   CASK Pub and Kitchen  Thai  22 Charlwood Street London SW1V 2DY Pimlico"))
    #expect(lines.contains("added 0 restaurants from 'thai.json' (1 restaurant in all)"))
    #expect(lines.last == "21 restaurants")
  }

  @Test("a bad element is skipped with its path; none good is an error", arguments: decoders)
  func badElements(decoder: String) throws {
    let good = #"{"name": "A", "type": "Thai", "location": "L", "phone": "1", "isFavorite": false}"#
    let files = [
      "some.json": "[\(good), {\"name\": \"B\"}]",
      "none.json": #"[{"name": "B"}]"#,
      "empty.json": "[]",
      "broken.json": "[\(good),, ]",
    ]
    let run = try Self.run(
      "use restaurants; fetch some.json; fetch none.json; fetch empty.json; fetch broken.json; count",
      decoder: decoder, files: files)
    #expect(run.status == 1)
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "using restaurants: showing all 21 restaurants",
        "warning: skipped 1 restaurant: [1]: 'type' is missing",
        "fetched 1 restaurant from 'some.json'",
        "error: no restaurant in 'none.json' could be decoded (first: [0]: 'type' is missing)",
        "error: 'empty.json' holds no restaurants",
        "error: 'broken.json' is not valid JSON: line 1, column 84: unexpected ',', expected a value",
        "1 restaurant",
      ])
  }

  @Test("repeated records keep the first; restaurants are told apart by name")
  func repeatedRecords() throws {
    let cafe =
      #"{"name": "Cafe", "type": "Cafe", "location": "L", "phone": "1", "isFavorite": false}"#
    let branch = cafe.replacingOccurrences(of: "\"L\"", with: "\"Elsewhere\"")
    let landmark = try String(
      contentsOfFile: TestPaths.fixture("landmarkData.json"), encoding: .utf8)
    let first = try #require(landmark.range(of: "{")?.lowerBound)
    let end = try #require(landmark.range(of: "\n    }")?.upperBound)
    let one = String(landmark[first..<end])
    let run = try Self.run(
      "use restaurants; fetch two.json; use landmarks; fetch twice.json",
      decoder: "fast",
      files: ["two.json": "[\(cafe), \(branch)]", "twice.json": "[\(one), \(one)]"])
    #expect(
      run.output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("using") } == [
        "warning: 'two.json' has 1 restaurant with a name seen before: kept the first of each",
        "fetched 1 restaurant from 'two.json'",
        "warning: 'twice.json' has 1 landmark with an id seen before: kept the first of each",
        "fetched 1 landmark from 'twice.json'",
      ])
  }

  @Test("in loans, an array file is named for what it is, and the loans stay", arguments: decoders)
  func arrayInLoans(decoder: String) throws {
    let run = try Self.run(
      "fetch \(TestPaths.fixture("landmarkData.json")); count", decoder: decoder)
    #expect(run.status == 1)
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "error: '\(TestPaths.fixture("landmarkData.json"))' is not a Kiva loans response (it is "
          + "a JSON array — landmarks and restaurants load from one: 'use landmarks' or "
          + "'use restaurants' first)",
        "20 loans",
      ])
  }
}

extension RecordFileFetchTests {
  @Test(
    "an array of loans, as '--json list' prints, is fetched as loans, by either decoder",
    arguments: decoders)
  func loanArray(decoder: String) throws {
    let directory = try TemporaryDirectory()
    // Standard output only: the data, without the 'showing' line.
    let listed = try BinaryRun.shell(
      #""$0" --no-persist --json -c 'filter max 500; list all' 2>/dev/null | tee listed.json"#,
      in: directory.url)
    #expect(listed.status == 0)
    #expect(listed.output.hasPrefix("[\n{"))
    let run = try BinaryRun.shell(
      #""$0" --no-persist --decoder \#(decoder) --json -c 'fetch listed.json; list all'"#,
      in: directory.url)
    #expect(run.status == 0)
    #expect(run.output == "fetched 5 loans from 'listed.json'\n" + listed.output)
  }

  @Test("in an array of loans, a loan that cannot be decoded is skipped with its place")
  func loanArrayWithBadLoan() throws {
    let directory = try TemporaryDirectory()
    let listed = try BinaryRun.shell(
      #""$0" --no-persist --json -c 'list 2' 2>/dev/null"#, in: directory.url)
    let broken = listed.output.replacingOccurrences(of: #""name":"Pheap's Group","#, with: "")
    #expect(broken != listed.output)
    try broken.write(to: directory.file("listed.json"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(
      ["--no-persist", "-c", "fetch listed.json; count"], in: directory.url)
    #expect(run.status == 0)
    #expect(
      run.output
        == "warning: skipped 1 loan: [0]: 'name' is missing\n"
        + "fetched 1 loan from 'listed.json'\n1 loan\n")
  }

  @Test(
    "in an array of loans, a number no Int holds skips its loan, by either decoder",
    arguments: decoders)
  func loanArrayWithHugeNumber(decoder: String) throws {
    let directory = try TemporaryDirectory()
    let listed = try BinaryRun.shell(
      #""$0" --no-persist --json -c 'list 2' 2>/dev/null"#, in: directory.url)
    let huge = try #require(listed.output.firstRange(of: /"id":\d+/))
    var broken = listed.output
    broken.replaceSubrange(huge, with: #""id":99999999999999999999"#)
    try broken.write(to: directory.file("huge.json"), atomically: true, encoding: .utf8)
    let run = try BinaryRun.run(
      ["--no-persist", "--decoder", decoder, "-c", "fetch huge.json; count"], in: directory.url)
    #expect(run.status == 0)
    #expect(
      run.output
        == "warning: skipped 1 loan: [0].id: a whole number beyond Int "
        + "(-9223372036854775808…9223372036854775807)\nfetched 1 loan from 'huge.json'\n1 loan\n")
  }

  @Test("a file without loans says so, with no word of pages, and the loans stay")
  func fileWithoutLoans() throws {
    let directory = try TemporaryDirectory()
    try Data("[]".utf8).write(to: directory.file("none.json"))
    try Data(#"{"loans": []}"#.utf8).write(to: directory.file("page.json"))
    let run = try BinaryRun.run(
      ["--no-persist", "-k", "-c", "fetch none.json; fetch page.json; count"],
      in: directory.url)
    #expect(run.status == 1)
    #expect(
      run.output
        == "error: 'none.json' holds no loans\nerror: 'page.json' holds no loans\n20 loans\n")
  }

  @Test("in landmarks or restaurants, a file that is neither their array nor loans says so")
  func neitherArrayNorLoans() throws {
    let run = try Self.run(
      "use landmarks; fetch object.json; use restaurants; fetch null.json; count",
      decoder: "fast", files: ["object.json": #"{"landmarks": []}"#, "null.json": "null"])
    #expect(run.status == 1)
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "using landmarks: showing all 12 landmarks",
        "error: 'object.json' is neither a JSON array of landmarks nor a Kiva loans response ('loans' is missing)",
        "using restaurants: showing all 21 restaurants",
        "error: 'null.json' is neither a JSON array of restaurants nor a Kiva loans response (expected an object, found null)",
        "21 restaurants",
      ])
  }

  @Test("a CSV file, as export writes one, is named as CSV in every collection")
  func csvFile() throws {
    let run = try Self.run(
      "export view.csv; fetch view.csv; use restaurants; fetch view.csv", decoder: "fast")
    let said =
      "error: cannot decode 'view.csv': it is CSV, and fetch reads JSON — 'export FILE --json' "
      + "writes a file it reads"
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "exported 20 loans to 'view.csv' (CSV)", said,
        "using restaurants: showing all 21 restaurants", said,
      ])
  }
}

extension RecordFileFetchTests {
  @Test("many skipped: the first reason, four more, then how many others")
  func manySkipped() throws {
    let good = #"{"name": "A", "type": "Thai", "location": "L", "phone": "1", "isFavorite": false}"#
    let bad = (1...7).map { #"{"name": "B\#($0)"}"# }
    let run = try Self.run(
      "use restaurants; fetch many.json", decoder: "fast",
      files: ["many.json": "[" + ([good] + bad).joined(separator: ", ") + "]"])
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "using restaurants: showing all 21 restaurants",
        "warning: skipped 7 restaurants: [1]: 'type' is missing",
        "warning: also skipped: [2]: 'type' is missing",
        "warning: also skipped: [3]: 'type' is missing",
        "warning: also skipped: [4]: 'type' is missing",
        "warning: also skipped: [5]: 'type' is missing",
        "warning: … and 2 more",
        "fetched 1 restaurant from 'many.json'",
      ])
  }

  @Test(
    "a category that is no case is said in kivash's words, with the valid ones",
    arguments: decoders)
  func invalidCategory(decoder: String) throws {
    let fixture = try String(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("landmarkData.json")), encoding: .utf8)
    let range = try #require(fixture.range(of: #""category": "Rivers""#))
    let bad = fixture.replacingCharacters(in: range, with: #""category": "Deserts""#)
    let run = try Self.run(
      "use landmarks; fetch bad.json", decoder: decoder, files: ["bad.json": bad])
    #expect(
      run.output.split(separator: "\n").map(String.init) == [
        "using landmarks: showing all 12 landmarks",
        #"warning: skipped 1 landmark: [0].category: expected Lakes, Rivers or Mountains, "#
          + #"found "Deserts""#,
        "fetched 11 landmarks from 'bad.json'",
      ])
  }
}
