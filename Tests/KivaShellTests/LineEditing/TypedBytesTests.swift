import Testing

@testable import KivaShell

/// The line the terminal reader hands on when bytes typed were not UTF-8.
@Suite("Typed bytes that are not UTF-8")
struct TypedBytesTests {
  @Test("a line without the reader's U+FFFD is good, whatever was typed and deleted")
  func good() {
    #expect(TypedBytes.notUTF8("count", invalid: [[0xFF]]) == nil)
    #expect(TypedBytes.notUTF8("caf\u{FFFD}", invalid: []) == nil)
  }

  @Test("each U+FFFD is spelled as its bytes; the first gives the column and byte")
  func refused() {
    let error = TypedBytes.notUTF8(
      "add Caf\u{FFFD} and \u{FFFD}!", invalid: [[0xE9], [0xC3, 0x28]])
    #expect(
      error
        == ShellError(.notUTF8Typed(text: "add Caf\\xE9 and \\xC3\\x28!", column: 8, byte: 0xE9)))
    #expect(
      error?.message
        == "'add Caf\\xE9 and \\xC3\\x28!' is not UTF-8 text (byte 0xE9 at column 8)"
        + " — is the terminal set to UTF-8?")
  }
}
