import Foundation

@testable import KivaShell

/// What the streaming writers hand on, piece by piece, gathered whole for a test.
enum Streamed {
  /// What `PrettyJSONArray().write` hands on, joined.
  static func prettyJSON<Record: Encodable>(
    _ records: [Record], underKey key: String? = nil, interrupt: InterruptCheck = .never
  ) throws -> Data {
    var data = Data()
    try PrettyJSONArray().write(records, underKey: key, interrupt: interrupt) {
      data.append(contentsOf: $0)
    }
    return data
  }

  /// What `RecordRendering.writeJSONArray` hands on, joined.
  static func jsonArray<Record: Encodable>(
    _ records: [Record], interrupt: InterruptCheck = .never
  ) throws(ShellError) -> String {
    var text = ""
    try RecordRendering.writeJSONArray(records, interrupt: interrupt) { text += $0 }
    return text
  }
}
