import Testing

@testable import KivaShell

@Suite("Display width")
struct DisplayWidthTests {
  /// The width character by character, from each one's Unicode properties.
  private func byCharacter(_ text: String) -> Int {
    text.reduce(0) { $0 + DisplayWidth.fromProperties($1) }
  }

  @Test("Latin, Greek, Cyrillic and punctuation are counted as their properties say")
  func narrow() throws {
    let ranges: [Range<UInt32>] = [0x80..<0x300, 0x370..<0x483, 0x2010..<0x2028, 0x2030..<0x205F]
    for value in ranges.joined() {
      let scalar = try #require(Unicode.Scalar(value))
      let text = "a" + String(Character(scalar)) + "b"
      #expect(DisplayWidth.of(text) == byCharacter(text), "U+\(String(value, radix: 16))")
      let character = Character(scalar)
      #expect(DisplayWidth.of(character) == DisplayWidth.fromProperties(character))
    }
    #expect(DisplayWidth.of("Mañana Łódź Ærøskøbing") == 22)
    #expect(DisplayWidth.of("soft\u{AD}hyphen") == 10)
    #expect(DisplayWidth.of("“Αθήνα” – Бишкек…") == 17)
  }

  @Test("other text is counted character by character")
  func beyondLatin() {
    // A combining accent after a Latin letter, Cyrillic, CJK, emoji.
    for text in [
      "Mare\u{300}me", "Бишке\u{301}к", "王小明 Li", "São 😀", "Ma\u{301}\u{AD}x", "‼\u{FE0F}",
    ] {
      #expect(DisplayWidth.of(text) == byCharacter(text), "\(text)")
    }
    #expect(DisplayWidth.of("Mare\u{300}me") == 6)
    #expect(DisplayWidth.of("王小明 Li") == 9)
  }
}
