import Foundation
import Testing

@testable import KivaShell

@Suite("FastJSON containers behave as JSONDecoder's")
struct FastJSONContainerTests {
  /// Objects with every kind of value, awkward numbers, strings and keys.
  static let objects = [
    #"{}"#,
    #"{"a": 1}"#,
    #"{"bool": true, "no": false, "null": null, "int": 42, "neg": -7, "zero": 0, "negzero": -0}"#,
    #"{"big": 300, "max": 9223372036854775807, "min": -9223372036854775808, "u64": 18446744073709551615}"#,
    #"{"over": 18446744073709551616, "under": -9223372036854775809, "huge": 1e400, "tiny": 1e-400}"#,
    #"{"frac": 1.5, "exp": 1e3, "exp2": 2.5E+2, "one": 1.0, "neg": -1.25e-2, "zero": 0.0, "z": 0e10}"#,
    #"{"f": 3.4028235e38, "f2": 3.5e38, "d": 1.7976931348623157e308, "small": 1.4e-45}"#,
    #"{"z1": 0e1, "z2": 0e10, "z3": -0E5, "z4": 0.0e1, "z5": 0.00e-1, "z6": 0e123, "t": 1e-999}"#,
    #"{"lead": 01, "dot": 1., "minus": -, "e": 1e, "ee": 1e5e5, "pm": 1+2, "mm": --1}"#,
    #"{"big53": 9007199254740993.5, "e18": 1.5e18, "e19": 1e19, "long": 1.00000000000000000000000000000000000000000001e18}"#,
    #"{"s": "plain", "e": "", "esc": "a\"b\\c\/d\b\f\n\r\t", "u": "\u00e9\u4e2d\ud83d\ude00"}"#,
    #"{"lone": "\ud800", "trail": "\udc00x", "badhex": "\u12g4", "badesc": "\q", "nul": "\u0000"}"#,
    "{\"ctrl\": \"a\u{01}b\", \"tab\": \"a\tb\", \"utf8\": \"Marème 中文 😀\"}",
    #"{"date": "2012-06-12T20:30:03Z", "frac": "2012-06-12T20:30:03.123Z", "tz": "2012-06-12T20:30:03+02:00"}"#,
    #"{"d1": "2012-02-30T20:30:03Z", "d2": "2012-13-12T20:30:03Z", "d3": "1500-01-01T00:00:00Z", "d4": "2012-06-12T24:00:00Z"}"#,
    #"{"d5": "2016-12-31T23:59:60Z", "d6": "0001-01-01T00:00:00Z", "d7": "9999-12-31T23:59:59Z", "d8": "2012-06-12T20:30:03z"}"#,
    #"{"secs": 1339533003, "ms": 1339533003123.5, "neg": -86400}"#,
    #"{"b64": "aGVsbG8=", "bad64": "***", "url": "https://kiva.org/lend?id=1", "badurl": ""}"#,
    #"{"arr": [1, 2, 3], "obj": {"x": 1}, "empty": [], "eobj": {}, "nested": [[1], [2, [3]]]}"#,
    #"{"dup": 1, "dup": "two", "x": 3}"#,
    #"{"na\u006de": "escaped key", "name": "plain key"}"#,
    #"{"caf\u00e9": 1, "café": 2, "cafe\u0301": 3}"#,
    #"{"K": "ascii", "\u212a": "kelvin"}"#,
    #"{"snake_case_key": 1, "snakeCaseKey": 2, "_lead": 3, "trail_": 4, "__both__": 5, "a__b": 6}"#,
    #"{"URL_value": 1, "url_Value": 2, "number_1_two": 3, "already_camelCase": 4}"#,
    #"{"super": {"inner": 1}, "trailing": [1, 2,], "obj": {"a": 1,},}"#,
  ]

  /// Arrays whose elements exercise every unkeyed operation.
  static let arrays = [
    #"[]"#,
    #"[null]"#,
    #"[1, "two", 3.5, true, null, [4], {"five": 5}, "2012-06-12T20:30:03Z", -0, 1e2]"#,
    #"[256, -1, 1.5, "x", false, [], {}, [[]], 18446744073709551615]"#,
    #"[null, null, 1,]"#,
    #"["\ud800", "ok", "\q"]"#,
  ]

  /// Single values at the top level.
  static let scalars = [
    "0", "-0", "1", "-1", "255", "256", "1.5", "1e3", "\"text\"", "true", "false", "null",
    "\"2012-06-12T20:30:03Z\"", "\"aGVsbG8=\"", "1339533003", "[1,2]", "{\"a\":1.5}",
    " 12 ", "01", "\"\\u00\"",
  ]

  @Test("keyed containers: every operation on every key", arguments: objects)
  func keyed(json: String) {
    for differential in FastJSONDifferential.all {
      differential.expectSame(KeyedProbe.self, json)
      differential.expectSame([String: KeyedProbe].self, #"{"wrapped": \#(json)}"#)
      differential.expectSame([KeyedProbe].self, "[\(json), \(json)]")
    }
  }

  @Test(
    "unkeyed containers: every operation, failures that do not advance, the end", arguments: arrays)
  func unkeyed(json: String) {
    for differential in FastJSONDifferential.all {
      differential.expectSame(UnkeyedProbe.self, json)
      differential.expectSame([String: UnkeyedProbe].self, #"{"list": \#(json)}"#)
    }
  }

  @Test("single-value containers at the top level and nested", arguments: scalars)
  func single(json: String) {
    for differential in FastJSONDifferential.all {
      differential.expectSame(SingleProbe.self, json)
      differential.expectSame([SingleProbe].self, "[\(json)]")
      differential.expectSame([String: [SingleProbe]].self, #"{"k": [\#(json)]}"#)
    }
  }

  /// `[String]` is read straight from the index when every element is a string; any
  /// other element sends it through `Array.init(from:)`, which names the element. The
  /// last three take as many words of the index as strings would (a string takes two).
  @Test(
    "arrays of strings: plain, empty, escaped, and with an element that is not a string",
    arguments: [
      #"["a", "b", "c"]"#, #"[]"#, #"["caf\u00e9", "tab\t", "\"q\""]"#, #"["a", 1]"#,
      #"["a", null]"#, #"["a", ["b"]]"#, #"["a", {"b": 1}]"#, #"["\ud800"]"#, #"["a",]"#,
      #"null"#, #""a""#, #"{"a": "b"}"#, #"[true]"#,
      #"[[], 1]"#, #"["a", [], 1]"#, #"[{}, 1, 2, 3, 4, 5]"#,
    ])
  func stringArrays(json: String) {
    for differential in FastJSONDifferential.all {
      differential.expectSame([String].self, json)
      differential.expectSame([String: [String]].self, #"{"list": \#(json)}"#)
      differential.expectSame([String: [String]?].self, #"{"list": \#(json)}"#)
      differential.expectSame([[String]].self, "[\(json), \(json)]")
    }
  }

  /// Arrays of any element under a key are decoded straight from the index, each
  /// element at its index in the coding path, as `Array.init(from:)` does.
  @Test(
    "arrays under a key: nested, optional, models, and a bad element anywhere",
    arguments: [
      #"[[1, 2], [], [3]]"#, #"[[1, "x"]]"#, #"[1, null, 3]"#, #"[]"#, #"[1, 2,]"#,
      #"[{"k": 1}, {"k": "one"}]"#, #"[{"k": 1}, null]"#, #"[1.5, 2]"#, #"{"a": 1}"#,
    ])
  func arraysUnderKeys(json: String) {
    for differential in FastJSONDifferential.all {
      differential.expectSame([String: [[Int]]].self, #"{"list": \#(json)}"#)
      differential.expectSame([String: [Int?]].self, #"{"list": \#(json)}"#)
      differential.expectSame([String: [Int]].self, #"{"list": \#(json)}"#)
      differential.expectSame([String: [Double]?].self, #"{"list": \#(json)}"#)
      differential.expectSame([String: [[String: Int]]].self, #"{"list": \#(json)}"#)
      differential.expectSame([[String: [Int]]].self, #"[{"a": [0]}, {"list": \#(json)}]"#)
    }
  }

  /// The scanner looks for a colon right after a key and a value right after the colon
  /// before it skips white space: JSON white space, and bytes below a space that are not
  /// white space, at every position.
  @Test("white space and other control bytes between every two tokens")
  func spacing() {
    let json = Array(
      #"{"name":"r","children":[{"name":"a","flags":[true,null]}],"weights":{"x":1},"matrix":[[],[2]]}"#
        .utf8)
    for byte: UInt8 in [0x20, 0x0A, 0x09, 0x0D, 0x0B, 0x0C, 0x00] {
      for index in 0...json.count {
        var spaced = json
        spaced.insert(byte, at: index)
        spaced.insert(byte, at: index)
        for differential in FastJSONDifferential.all {
          differential.expectSame(
            FastJSONModels.Tree.self, Data(spaced), "byte \(byte) at \(index)")
        }
      }
    }
  }

  /// An object's keys are copied out of the scanner's stack when it closes, a few at a
  /// time: every count around the copy's steps, after keys of the enclosing object.
  @Test("objects of 0 to 100 keys, nested after other keys")
  func manyKeys() {
    for count in [0, 1, 2, 3, 4, 5, 7, 8, 9, 31, 32, 33, 34, 63, 64, 65, 66, 100] {
      let inner = (0..<count).map { #""key\#($0)":\#($0)"# }.joined(separator: ",")
      for before in 0..<3 {
        let outer = (0..<before).map { #""before\#($0)":{"x":1}"# }
        let json =
          "{"
          + (outer + [#""inner":{\#(inner)}"#, #""after":{"y":2}"#]).joined(
            separator: ",") + "}"
        for differential in FastJSONDifferential.all {
          differential.expectSame([String: [String: Int]].self, json)
        }
      }
    }
  }

  @Test("mismatched containers: an object as an array, a value as an object")
  func mismatchedContainers() {
    for differential in FastJSONDifferential.all {
      for json in ["[]", "{}", "1", "\"s\"", "null", "true"] {
        differential.expectSame(KeyedProbe.self, json)
        differential.expectSame(UnkeyedProbe.self, json)
        differential.expectSame([KeyedProbe].self, "[\(json)]")
        differential.expectSame([UnkeyedProbe].self, "[\(json)]")
        differential.expectSame([String: KeyedProbe].self, #"{"a": \#(json)}"#)
      }
    }
  }

  @Test("synthesized models: scalars, optionals, nesting, enums, dictionaries")
  func models() {
    for differential in FastJSONDifferential.all {
      for json in FastJSONModels.scalarsJSON {
        differential.expectSame(FastJSONModels.Scalars.self, json)
      }
      for json in FastJSONModels.treeJSON {
        differential.expectSame(FastJSONModels.Tree.self, json)
      }
      differential.expectSame([FastJSONModels.Kind].self, #"["a", "b", "c", 1]"#)
      differential.expectSame([FastJSONModels.Kind].self, #"["a", "b"]"#)
      differential.expectSame([Int: String].self, #"{"1": "a", "2": "b"}"#)
      differential.expectSame([Int: String].self, #"{"1": "a", "x": "b"}"#)
      differential.expectSame([String: [String: Int]].self, #"{"a_b": {"c_d": 1}}"#)
      // One bad value only: with several, JSONDecoder names whichever its hash order
      // (random per dictionary) reaches first.
      differential.expectSame([String: Date].self, #"{"a": 5}"#)
      differential.expectSame([String: Date].self, #"{"a": "2012-06-12T20:30:03Z"}"#)
    }
  }

  @Test("superDecoder with class inheritance")
  func superDecoders() {
    for differential in FastJSONDifferential.all {
      for json in [
        #"{"b": "bee", "super": {"a": 1}}"#, #"{"b": "bee"}"#, #"{"b": "bee", "super": null}"#,
        #"{"b": "bee", "super": {"a": "x"}}"#, #"{"b": 2}"#,
      ] {
        differential.expectSame(FastJSONModels.Derived.self, json, describe: { $0.summary })
        differential.expectSame(
          [FastJSONModels.Derived].self, "[\(json)]",
          describe: { $0.map(\.summary).joined(separator: ";") })
      }
    }
  }

  @Test("userInfo reaches init(from:)")
  func userInfo() throws {
    var decoder = FastJSONDecoder()
    let key = try #require(CodingUserInfoKey(rawValue: "fastjson.test"))
    decoder.userInfo[key] = "hello"
    let value = try decoder.decode(FastJSONModels.UserInfoReader.self, from: Data("{}".utf8))
    #expect(value.found == "hello")
  }

  @Test("a decoder and a container kept past decode still read their value")
  func escapedDecoder() throws {
    let data = Data(#"{"name": "kept", "n": 7}"#.utf8)
    let kept = try FastJSONDecoder().decode(FastJSONModels.Keeper.self, from: data)
    let again = try FastJSONModels.Keeper.readLater(kept)
    #expect(again == "kept 7")
  }
}
