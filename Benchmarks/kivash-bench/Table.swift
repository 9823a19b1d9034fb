import Foundation

/// A plain-text table: a header, rows, columns padded to their widest cell;
/// the first column is aligned left, the others right.
struct Table {
  var header: [String]
  var rows: [[String]] = []

  init(_ header: String...) { self.header = header }

  mutating func add(_ cells: String...) { rows.append(cells) }

  /// The table as lines, with a rule under the header.
  var text: String {
    let all = [header] + rows
    let widths = header.indices.map { column in
      all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      widths.indices.map { column in
        let cell = column < cells.count ? cells[column] : ""
        let pad = String(repeating: " ", count: widths[column] - cell.count)
        return column == 0 ? cell + pad : pad + cell
      }.joined(separator: "  ")
    }
    let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
    return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
  }
}

/// Numbers as the report prints them.
enum Format {
  /// `value` with `digits` decimals.
  static func fixed(_ value: Double, _ digits: Int = 1) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "n/a"
  }

  /// Milliseconds, with more decimals for small values.
  static func milliseconds(_ value: Double) -> String {
    fixed(value, value < 1 ? 3 : value < 100 ? 2 : 0)
  }
}
