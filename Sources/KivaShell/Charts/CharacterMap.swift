import Foundation

/// Points on a small map drawn in characters: latitude up, longitude across, in a box
/// fitted around them. Up to `labelLimit` points are drawn as `1`–`9`, `A`–`Z` with a
/// legend; more as density marks (`·` one, `:` a few, `o` tens, `O` hundreds, `@` more).
public enum CharacterMap {
  /// A point: where, and what the legend calls it.
  public struct Point: Sendable {
    public var latitude: Double
    public var longitude: Double
    public var name: String

    /// Creates a point.
    public init(latitude: Double, longitude: Double, name: String) {
      self.latitude = latitude
      self.longitude = longitude
      self.name = name
    }
  }

  /// The marks of labelled points, in order.
  static let labels = Array("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
  /// How many points get a label of their own.
  public static var labelLimit: Int { labels.count }

  /// The map's lines, at most `width` columns wide.
  public static func lines(_ points: [Point], width: Int) -> [String] {
    guard !points.isEmpty else { return [] }
    let columns = max(20, min(72, width - 4))
    let rows = max(8, columns / 3)
    let bounds = Bounds(points)
    var grid = [[Character]](repeating: Array(repeating: " ", count: columns), count: rows)
    var counts = [[Int]](repeating: Array(repeating: 0, count: columns), count: rows)
    let labelled = points.count <= labelLimit
    var cells: [(row: Int, column: Int)] = []
    for (index, point) in points.enumerated() {
      let (row, column) = bounds.cell(of: point, rows: rows, columns: columns)
      cells.append((row, column))
      counts[row][column] += 1
      if labelled {
        grid[row][column] = counts[row][column] == 1 ? labels[index] : "+"
      } else {
        grid[row][column] = densityMark(counts[row][column])
      }
    }
    var lines = ["  ┌" + String(repeating: "─", count: columns) + "┐"]
    lines += grid.map { "  │" + String($0) + "│" }
    lines.append("  └" + String(repeating: "─", count: columns) + "┘")
    lines.append(
      "  " + bounds.corner(latitude: bounds.north, longitude: bounds.west) + " to "
        + bounds.corner(latitude: bounds.south, longitude: bounds.east))
    if labelled {
      for (index, point) in points.enumerated() {
        // A point that shares its place is drawn as `+`: say which others are there.
        let others = cells.indices.filter {
          $0 != index && cells[$0].row == cells[index].row
            && cells[$0].column == cells[index].column
        }
        let shared =
          others.isEmpty
          ? "" : "  (shares a + with \(others.map { String(labels[$0]) }.joined(separator: ", ")))"
        lines += TextLayout.wrap("  \(labels[index])  \(point.name)\(shared)", to: width, hang: 5)
      }
      if counts.joined().contains(where: { $0 > 1 }) {
        lines.append("  +  more than one in the same place")
      }
    } else {
      lines.append("  \(points.count) places: · one, : a few, o tens, O hundreds, @ more")
    }
    return lines
  }

  private static func densityMark(_ count: Int) -> Character {
    switch count {
    case 1: "·"
    case 2..<10: ":"
    case 10..<100: "o"
    case 100..<1_000: "O"
    default: "@"
    }
  }

  /// The box around the points, with a margin.
  private struct Bounds {
    var north, south, west, east: Double

    init(_ points: [Point]) {
      let latitudes = points.map(\.latitude)
      let longitudes = points.map(\.longitude)
      var south = latitudes.min() ?? 0
      var north = latitudes.max() ?? 0
      var west = longitudes.min() ?? 0
      var east = longitudes.max() ?? 0
      let latitudeMargin = max((north - south) * 0.05, 0.5)
      let longitudeMargin = max((east - west) * 0.05, 0.5)
      south = max(-90, south - latitudeMargin)
      north = min(90, north + latitudeMargin)
      west = max(-180, west - longitudeMargin)
      east = min(180, east + longitudeMargin)
      self.north = north
      self.south = south
      self.west = west
      self.east = east
    }

    func cell(of point: Point, rows: Int, columns: Int) -> (row: Int, column: Int) {
      let y = (north - point.latitude) / (north - south)
      let x = (point.longitude - west) / (east - west)
      return (Self.index(y, count: rows), Self.index(x, count: columns))
    }

    /// The cell of `fraction` (0 to 1) along `count` cells, clamped to them; the clamp
    /// comes before the conversion, which traps on a value beyond `Int`, or NaN.
    static func index(_ fraction: Double, count: Int) -> Int {
      let cell = (fraction * Double(count - 1)).rounded()
      guard cell > 0 else { return 0 }
      return cell < Double(count - 1) ? Int(cell) : count - 1
    }

    func corner(latitude: Double, longitude: Double) -> String {
      String(
        format: "%.1f°%@ %.1f°%@", abs(latitude), latitude < 0 ? "S" : "N", abs(longitude),
        longitude < 0 ? "W" : "E")
    }
  }
}
