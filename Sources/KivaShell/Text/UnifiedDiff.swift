/// The differences between two texts as `diff -u` shows them: `---`/`+++` names, then
/// hunks of changed lines (`-` expected, `+` actual) with three lines of context.
public enum UnifiedDiff {
  /// The diff of `expected` and `actual`, line by line; nil when they are the same. Hunks
  /// number lines from `firstLine` (a text that starts a file's line 6 says 6 for its 1).
  public static func text(
    expected: String, actual: String, expectedName: String, actualName: String,
    context: Int = 3, firstLine: Int = 1
  ) -> String? {
    guard expected != actual else { return nil }
    let old = TextLines.split(expected)
    let new = TextLines.split(actual)
    let edits = script(old, new)
    var output = "--- \(expectedName)\n+++ \(actualName)\n"
    var index = 0
    while index < edits.count {
      guard edits[index].kind != .same else {
        index += 1
        continue
      }
      // A hunk: from `context` lines before this change to `context` after the last
      // change that is within 2 × context of the previous one.
      let start = max(0, index - context)
      var end = index
      var lastChange = index
      while end < edits.count && end - lastChange <= 2 * context {
        if edits[end].kind != .same { lastChange = end }
        end += 1
      }
      end = min(edits.count, lastChange + context + 1)
      let hunk = edits[start..<end]
      let oldStart = hunk.first.map { $0.oldLine } ?? 0
      let newStart = hunk.first.map { $0.newLine } ?? 0
      let oldCount = hunk.filter { $0.kind != .added }.count
      let newCount = hunk.filter { $0.kind != .removed }.count
      output +=
        "@@ -\(oldStart + firstLine - (oldCount == 0 ? 1 : 0)),\(oldCount) "
        + "+\(newStart + firstLine - (newCount == 0 ? 1 : 0)),\(newCount) @@\n"
      for edit in hunk {
        switch edit.kind {
        case .same: output += " " + edit.text + "\n"
        case .removed: output += "-" + edit.text + "\n"
        case .added: output += "+" + edit.text + "\n"
        }
      }
      index = end
    }
    return output
  }

  private struct Edit {
    enum Kind { case same, removed, added }
    var kind: Kind
    var text: String
    /// Lines of each side before this one.
    var oldLine: Int
    var newLine: Int
  }

  /// The edit script of a longest common subsequence, found by dynamic programming over
  /// what is left once the common first and last lines are set aside.
  private static func script(_ old: [String], _ new: [String]) -> [Edit] {
    var prefix = 0
    while prefix < old.count && prefix < new.count && old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix && suffix < new.count - prefix
      && old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var edits: [Edit] = []
    var oldLine = 0
    var newLine = 0
    func append(_ kind: Edit.Kind, _ text: String) {
      edits.append(Edit(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
      if kind != .added { oldLine += 1 }
      if kind != .removed { newLine += 1 }
    }
    for line in old[..<prefix] { append(.same, line) }
    if a.count * b.count > 16_000_000 {
      // Too big to match up line by line: all of one side out, all of the other in.
      for line in a { append(.removed, line) }
      for line in b { append(.added, line) }
    } else {
      // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
      let width = b.count + 1
      var lengths = [Int32](repeating: 0, count: (a.count + 1) * width)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i * width + j] =
            a[i] == b[j]
            ? lengths[(i + 1) * width + j + 1] + 1
            : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < a.count || j < b.count {
        if i < a.count && j < b.count && a[i] == b[j] {
          append(.same, a[i])
          i += 1
          j += 1
        } else if i < a.count
          && (j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1])
        {
          append(.removed, a[i])
          i += 1
        } else {
          append(.added, b[j])
          j += 1
        }
      }
    }
    for line in old[(old.count - suffix)...] { append(.same, line) }
    return edits
  }
}
