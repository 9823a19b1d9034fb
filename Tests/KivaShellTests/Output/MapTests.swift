import Foundation
import Testing

@testable import KivaShell

/// `map`: each landmark marked once, north up, within the width.
@Suite("map")
struct MapTests {
  @Test("the twelve landmarks are marked 1–9, A–C, each once, with a legend")
  func landmarks() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "use landmarks; map"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    let grid = lines.filter { $0.hasPrefix("  │") }.joined()
    for label in "123456789ABC" {
      #expect(grid.filter { $0 == label }.count == 1, "\(label)")
    }
    #expect(!grid.contains("D"))
    #expect(lines.contains("  1  Turtle Rock (Joshua Tree National Park, California)"))
    #expect(lines.allSatisfy { $0.count <= 100 })
    // North up: Alaska's Charley Rivers (7) is above California's Turtle Rock (1).
    let rowOf = { (label: Character) in
      lines.firstIndex { $0.hasPrefix("  │") && $0.contains(label) }
    }
    #expect((rowOf("7") ?? 0) < (rowOf("1") ?? 0))
  }

  @Test("points in the same place are one +, and the legend says which share it")
  func sharedPlaces() {
    let points = [
      CharacterMap.Point(latitude: 10, longitude: 10, name: "a"),
      CharacterMap.Point(latitude: -10, longitude: -10, name: "b"),
      CharacterMap.Point(latitude: 10, longitude: 10, name: "c"),
    ]
    let lines = CharacterMap.lines(points, width: 80)
    let grid = lines.filter { $0.hasPrefix("  │") }.joined()
    #expect(grid.filter { $0 == "+" }.count == 1)
    #expect(grid.contains("2") && !grid.contains("1") && !grid.contains("3"))
    #expect(
      Array(lines.suffix(4)) == [
        "  1  a  (shares a + with 3)", "  2  b", "  3  c  (shares a + with 1)",
        "  +  more than one in the same place",
      ])
    // The legend fits the width too, its lines continued under the names.
    var named = points
    named[0].name = "Pheap's Group (Cambodia, $800)"
    let narrow = CharacterMap.lines(named, width: 40)
    #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(narrow)")
    #expect(narrow.contains("     (shares a + with 3)"))
  }

  @Test("many points are drawn as density marks")
  func density() {
    let points = (0..<500).map {
      CharacterMap.Point(latitude: Double($0 % 10), longitude: Double($0 % 7), name: "p")
    }
    let lines = CharacterMap.lines(points, width: 80)
    #expect(lines.last == "  500 places: · one, : a few, o tens, O hundreds, @ more")
    #expect(lines.joined().contains("o"))
  }

  @Test("map on restaurants says what it applies to")
  func notApplicable() throws {
    let run = try BinaryRun.run(["--no-persist", "-c", "use restaurants; map"])
    #expect(run.status == 1)
    #expect(
      run.output.hasSuffix(
        "error: 'map' applies to landmarks and loans — restaurants have no coordinates\n"))
  }

  @Test("points beyond Int's reach or off the globe never trap the drawing")
  func extremePoints() {
    let points = [
      CharacterMap.Point(latitude: 1e300, longitude: -1e300, name: "far"),
      CharacterMap.Point(latitude: .nan, longitude: .infinity, name: "nowhere"),
      CharacterMap.Point(latitude: 10, longitude: 10, name: "here"),
    ]
    let grid = CharacterMap.lines(points, width: 80).filter { $0.hasPrefix("  │") }.joined()
    // Each is drawn, clamped to the box's edge where it lies beyond it.
    #expect(grid.contains("1") && grid.contains("2") && grid.contains("3"))
  }

  @Test("a landmark whose coordinates are off the globe is left off the map, not a crash")
  func landmarkOffTheGlobe() throws {
    let directory = try TemporaryDirectory()
    let fixture = try Data(
      contentsOf: URL(fileURLWithPath: TestPaths.fixture("landmarkData.json")))
    var landmarks = try #require(
      try JSONSerialization.jsonObject(with: fixture) as? [[String: Any]])
    landmarks = Array(landmarks.prefix(3))
    landmarks[0]["coordinates"] = ["latitude": 1e300, "longitude": -116.2]
    let url = directory.file("far.json")
    try JSONSerialization.data(withJSONObject: landmarks).write(to: url)
    let run = try BinaryRun.run(["--no-persist", "-c", "use landmarks; fetch \(url.path); map"])
    #expect(run.status == 0, "\(run.output)")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(!lines.contains { $0.contains("Turtle Rock") }, "\(run.output)")
    #expect(lines.contains { $0.hasPrefix("  1  ") })
    #expect(lines.contains { $0.hasPrefix("  2  ") } && !lines.contains { $0.hasPrefix("  3  ") })
  }
}
