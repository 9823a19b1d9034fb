import Foundation

@testable import KivaShell

/// Synthesized and hand-written models for the differential tests.
enum FastJSONModels {
  /// Every scalar type, required and optional.
  struct Scalars: Codable, Equatable {
    var bool: Bool
    var string: String
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var float: Float
    var double: Double
    var optionalInt: Int?
    var optionalString: String?
    var optionalDouble: Double?
    var optionalBool: Bool?
    var date: Date?
    var data: Data?
    var url: URL?
    var decimal: Decimal?
    var optionalUInt8: UInt8?
    var optionalFloat: Float?
  }

  static let scalarsBase: [(String, String)] = [
    ("bool", "true"), ("string", #""s""#), ("int", "-12"), ("int8", "-128"), ("int16", "32767"),
    ("int32", "-2147483648"), ("int64", "9223372036854775807"), ("uint", "0"), ("uint8", "255"),
    ("uint16", "65535"), ("uint32", "4294967295"), ("uint64", "18446744073709551615"),
    ("float", "1.5"), ("double", "-2.25e-3"), ("optionalInt", "null"),
    ("optionalString", #""o""#), ("optionalDouble", "1e2"), ("optionalBool", "false"),
    ("date", "1339533003"), ("data", #""aGk=""#), ("url", #""https://kiva.org""#),
    ("decimal", "12.50"), ("optionalUInt8", "7"), ("optionalFloat", "2"),
  ]

  static let badValues = [
    "null", #""x""#, "1.5", "256", "-1", "1e3", "[1]", "{}", "true", "99999999999999999999",
    "01", "-0", "1e400", #""2012-06-12T20:30:03Z""#, #""""#, "1E2", "0.0",
  ]

  /// The scalars object, then variants with one field missing or given each bad value.
  static var scalarsJSON: [String] {
    func object(_ fields: [(String, String)]) -> String {
      "{" + fields.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
    }
    var result = [object(scalarsBase)]
    for index in scalarsBase.indices {
      var dropped = scalarsBase
      dropped.remove(at: index)
      result.append(object(dropped))
      for bad in badValues {
        var changed = scalarsBase
        changed[index].1 = bad
        result.append(object(changed))
      }
    }
    return result
  }

  /// A recursive model with arrays, dictionaries and optionals.
  struct Tree: Codable, Equatable {
    var name: String
    var children: [Tree]?
    var weights: [String: Double]?
    var matrix: [[Int]]?
    var flags: [Bool?]?
    var kind: Kind?
    var createdAt: Date?
  }

  static let treeJSON = [
    #"{"name": "root"}"#,
    #"{"name": "root", "children": [{"name": "a"}, {"name": "b", "children": []}]}"#,
    #"{"name": "r", "weights": {"x": 1, "y": 2.5}, "matrix": [[1, 2], [], [3]], "flags": [true, null, false]}"#,
    #"{"name": "r", "children": [{"name": "a", "matrix": [[1, "2"]]}]}"#,
    #"{"name": "r", "children": [{"name": "a"}, {"nome": "b"}]}"#,
    #"{"name": "r", "kind": "b", "created_at": "2012-06-12T20:30:03Z", "createdAt": 5}"#,
    #"{"name": "r", "kind": "z"}"#,
    #"{"name": "r", "weights": {"a_b": 1, "aB": 2}}"#,
    #"{"name": "r", "weights": {"x": "one"}}"#,
    #"{"name": "r", "flags": [true, 1]}"#,
    #"{"name": "r", "children": {"name": "a"}}"#,
    #"{"name": null}"#,
  ]

  enum Kind: String, Codable, Equatable {
    case a, b, c
  }

  /// A base class decoded through `superDecoder()`.
  class Base: Decodable {
    var a: Int

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      a = try container.decodeIfPresent(Int.self, forKey: .a) ?? -1
    }

    enum Keys: String, CodingKey { case a }
  }

  final class Derived: Base {
    var b: String

    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      b = try container.decode(String.self, forKey: .b)
      try super.init(from: container.superDecoder())
    }

    var summary: String { "a \(a) b \(b)" }

    private enum Keys: String, CodingKey { case b }
  }

  /// Arrays in arrays, as deep as the JSON goes.
  struct Nest: Decodable, Equatable {
    var children: [Nest]

    init(from decoder: any Decoder) throws {
      children = try [Nest](from: decoder)
    }
  }

  /// Reads a string from `userInfo`.
  struct UserInfoReader: Decodable {
    var found: String?

    init(from decoder: any Decoder) throws {
      let key = CodingUserInfoKey(rawValue: "fastjson.test")
      found = key.flatMap { decoder.userInfo[$0] as? String }
    }
  }

  /// Keeps its decoder and a container, to read them after decoding is over.
  struct Keeper: Decodable {
    var decoder: any Decoder
    var container: KeyedDecodingContainer<AnyKey>

    init(from decoder: any Decoder) throws {
      self.decoder = decoder
      container = try decoder.container(keyedBy: AnyKey.self)
    }

    static func readLater(_ keeper: Keeper) throws -> String {
      let name = try keeper.container.decode(String.self, forKey: AnyKey("name"))
      let again = try keeper.decoder.container(keyedBy: AnyKey.self)
      return "\(name) \(try again.decode(Int.self, forKey: AnyKey("n")))"
    }
  }
}
