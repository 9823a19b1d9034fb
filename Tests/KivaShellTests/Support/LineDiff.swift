/// A readable line diff for test failures: `-` expected, `+` actual, with context.
struct LineDiff: CustomStringConvertible {
  let expected: [Substring]
  let actual: [Substring]

  init(expected: String, actual: String) {
    self.expected = expected.split(separator: "\n", omittingEmptySubsequences: false)
    self.actual = actual.split(separator: "\n", omittingEmptySubsequences: false)
  }

  var description: String {
    // Longest common subsequence table, fine for transcript-sized inputs.
    let rows = expected.count
    let columns = actual.count
    var table = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
    for i in stride(from: rows - 1, through: 0, by: -1) {
      for j in stride(from: columns - 1, through: 0, by: -1) {
        table[i][j] =
          expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < rows || j < columns {
      if i < rows && j < columns && expected[i] == actual[j] {
        lines.append("  " + expected[i])
        i += 1
        j += 1
      } else if j < columns && (i == rows || table[i][j + 1] >= table[i + 1][j]) {
        lines.append("+ " + actual[j])
        j += 1
      } else {
        lines.append("- " + expected[i])
        i += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
