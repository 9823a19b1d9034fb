import Foundation

@testable import KivaShell

/// Test models whose `init(from:)` runs every container operation and writes down what
/// came back, so two decoders agree only if every operation agrees.

/// What an operation gave: its value, or its error reduced to kind and path.
func attempt<T>(_ body: () throws -> T) -> String {
  do {
    return "\(try body())"
  } catch let error as DecodingError {
    return "\(FastJSONDifferential.ErrorSummary(error))"
  } catch {
    return "not a DecodingError"  // JSONDecoder's internal JSONError, or FastJSONInvalid
  }
}

/// What an operation gave, or just that it failed: for dictionaries, whose first bad
/// value `JSONDecoder` finds in its dictionary's order, which is random, so that with
/// several bad values its error varies from run to run.
func attemptKind<T>(_ body: () throws -> T) -> String {
  (try? "\(body())") ?? "failed"
}

/// Any key, by string or by integer.
struct AnyKey: CodingKey, Comparable {
  var stringValue: String
  var intValue: Int?

  init(_ string: String) { stringValue = string }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = "\(intValue)"
    self.intValue = intValue
  }

  static func < (lhs: AnyKey, rhs: AnyKey) -> Bool { lhs.stringValue < rhs.stringValue }
}

/// A dictionary's entries in key order: its own order varies from one instance to another.
func sorted<Value>(_ dictionary: [String: Value]) -> String {
  dictionary.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
}

func pathText(_ path: [any CodingKey]) -> String {
  FastJSONDifferential.ErrorSummary.path(path).joined(separator: "/")
}

/// Runs every keyed-container operation on every key of an object, and on missing keys.
struct KeyedProbe: Decodable, Equatable {
  var log: [String] = []

  init(from decoder: any Decoder) throws {
    log.append("path \(pathText(decoder.codingPath))")
    let container = try decoder.container(keyedBy: AnyKey.self)
    log.append("container path \(pathText(container.codingPath))")
    let keys = container.allKeys.sorted()
    log.append("allKeys \(keys.map(\.stringValue))")
    for key in keys + [AnyKey("missing"), AnyKey("super")] {
      log += Self.probe(container, key)
    }
    log.append("superDecoder " + attempt { try Self.describe(container.superDecoder()) })
  }

  static func probe(_ container: KeyedDecodingContainer<AnyKey>, _ key: AnyKey) -> [String] {
    let name = key.stringValue
    var log = ["\(name): contains \(container.contains(key))"]
    log.append("\(name) nil " + attempt { try container.decodeNil(forKey: key) })
    log.append("\(name) Bool " + attempt { try container.decode(Bool.self, forKey: key) })
    log.append("\(name) String " + attempt { try container.decode(String.self, forKey: key) })
    log.append("\(name) Int " + attempt { try container.decode(Int.self, forKey: key) })
    log.append("\(name) Int8 " + attempt { try container.decode(Int8.self, forKey: key) })
    log.append("\(name) Int16 " + attempt { try container.decode(Int16.self, forKey: key) })
    log.append("\(name) Int32 " + attempt { try container.decode(Int32.self, forKey: key) })
    log.append("\(name) Int64 " + attempt { try container.decode(Int64.self, forKey: key) })
    log.append("\(name) UInt " + attempt { try container.decode(UInt.self, forKey: key) })
    log.append("\(name) UInt8 " + attempt { try container.decode(UInt8.self, forKey: key) })
    log.append("\(name) UInt16 " + attempt { try container.decode(UInt16.self, forKey: key) })
    log.append("\(name) UInt32 " + attempt { try container.decode(UInt32.self, forKey: key) })
    log.append("\(name) UInt64 " + attempt { try container.decode(UInt64.self, forKey: key) })
    log.append("\(name) Float " + attempt { try container.decode(Float.self, forKey: key) })
    log.append("\(name) Double " + attempt { try container.decode(Double.self, forKey: key) })
    log.append("\(name) Bool? " + attempt { try container.decodeIfPresent(Bool.self, forKey: key) })
    log.append(
      "\(name) String? " + attempt { try container.decodeIfPresent(String.self, forKey: key) })
    log.append("\(name) Int? " + attempt { try container.decodeIfPresent(Int.self, forKey: key) })
    log.append("\(name) Int8? " + attempt { try container.decodeIfPresent(Int8.self, forKey: key) })
    log.append(
      "\(name) UInt64? " + attempt { try container.decodeIfPresent(UInt64.self, forKey: key) })
    log.append(
      "\(name) Double? " + attempt { try container.decodeIfPresent(Double.self, forKey: key) })
    log.append(
      "\(name) Float? " + attempt { try container.decodeIfPresent(Float.self, forKey: key) })
    log.append("\(name) Date " + attempt { try container.decode(Date.self, forKey: key) })
    log.append("\(name) Date? " + attempt { try container.decodeIfPresent(Date.self, forKey: key) })
    log.append("\(name) Data " + attempt { try container.decode(Data.self, forKey: key) })
    log.append("\(name) URL " + attempt { try container.decode(URL.self, forKey: key) })
    log.append("\(name) Decimal " + attempt { try container.decode(Decimal.self, forKey: key) })
    log.append("\(name) [Int] " + attempt { try container.decode([Int].self, forKey: key) })
    log.append(
      "\(name) [String]? " + attempt { try container.decodeIfPresent([String].self, forKey: key) })
    log.append(
      "\(name) [String: Int] "
        + attemptKind { sorted(try container.decode([String: Int].self, forKey: key)) })
    log.append(
      "\(name) keyed "
        + attempt {
          let nested = try container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
          return "\(pathText(nested.codingPath)) \(nested.allKeys.sorted().map(\.stringValue))"
        })
    log.append(
      "\(name) unkeyed "
        + attempt {
          let nested = try container.nestedUnkeyedContainer(forKey: key)
          return "\(pathText(nested.codingPath)) \(String(describing: nested.count))"
        })
    log.append(
      "\(name) super " + attempt { try describe(container.superDecoder(forKey: key)) })
    return log
  }

  /// A decoder's path and its value as a single value.
  static func describe(_ decoder: any Decoder) throws -> String {
    let single = try decoder.singleValueContainer()
    let value = single.decodeNil() ? "null" : attempt { try single.decode(String.self) }
    return "\(pathText(decoder.codingPath)) \(pathText(single.codingPath)) \(value)"
  }
}

/// Runs unkeyed-container operations element by element, then past the end.
struct UnkeyedProbe: Decodable, Equatable {
  var log: [String] = []

  init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    log.append(
      "count \(String(describing: container.count)) path \(pathText(container.codingPath))")
    var rounds = 0
    while !container.isAtEnd && rounds < 100 {
      rounds += 1
      let index = container.currentIndex
      log.append("\(index) nil " + attempt { try container.decodeNil() })
      guard container.currentIndex == index else { continue }
      log.append("\(index) Int " + attempt { try container.decode(Int.self) })
      guard container.currentIndex == index else { continue }
      log.append("\(index) UInt8? " + attempt { try container.decodeIfPresent(UInt8.self) })
      guard container.currentIndex == index else { continue }
      log.append("\(index) Bool " + attempt { try container.decode(Bool.self) })
      guard container.currentIndex == index else { continue }
      log.append("\(index) Double " + attempt { try container.decode(Double.self) })
      guard container.currentIndex == index else { continue }
      log.append("\(index) Date? " + attempt { try container.decodeIfPresent(Date.self) })
      guard container.currentIndex == index else { continue }
      log.append("\(index) String " + attempt { try container.decode(String.self) })
      guard container.currentIndex == index else { continue }
      log.append(
        "\(index) keyed "
          + attempt {
            let nested = try container.nestedContainer(keyedBy: AnyKey.self)
            return "\(pathText(nested.codingPath)) \(nested.allKeys.sorted().map(\.stringValue))"
          })
      guard container.currentIndex == index else { continue }
      log.append(
        "\(index) unkeyed "
          + attempt {
            let nested = try container.nestedUnkeyedContainer()
            return "\(pathText(nested.codingPath)) \(String(describing: nested.count))"
          })
      guard container.currentIndex == index else { continue }
      log.append("\(index) super " + attempt { try KeyedProbe.describe(container.superDecoder()) })
    }
    log.append("end \(container.currentIndex) \(container.isAtEnd)")
    log.append("end nil " + attempt { try container.decodeNil() })
    log.append("end Int " + attempt { try container.decode(Int.self) })
    log.append("end String? " + attempt { try container.decodeIfPresent(String.self) })
    log.append("end index \(container.currentIndex)")
    log.append("end Date? " + attempt { try container.decodeIfPresent(Date.self) })
    log.append("end [Int] " + attempt { try container.decode([Int].self) })
    log.append(
      "end keyed " + attempt { try container.nestedContainer(keyedBy: AnyKey.self).allKeys.count })
    log.append("end unkeyed " + attempt { try container.nestedUnkeyedContainer().count ?? -1 })
    log.append("end super " + attempt { try KeyedProbe.describe(container.superDecoder()) })
    log.append("end index \(container.currentIndex) \(container.isAtEnd)")
  }
}

/// Every single-value read of one value.
struct SingleProbe: Decodable, Equatable {
  var log: [String] = []

  init(from decoder: any Decoder) throws {
    let single = try decoder.singleValueContainer()
    log.append("path \(pathText(single.codingPath)) nil \(single.decodeNil())")
    log.append("Bool " + attempt { try single.decode(Bool.self) })
    log.append("String " + attempt { try single.decode(String.self) })
    log.append("Int " + attempt { try single.decode(Int.self) })
    log.append("Int8 " + attempt { try single.decode(Int8.self) })
    log.append("Int16 " + attempt { try single.decode(Int16.self) })
    log.append("Int32 " + attempt { try single.decode(Int32.self) })
    log.append("Int64 " + attempt { try single.decode(Int64.self) })
    log.append("UInt " + attempt { try single.decode(UInt.self) })
    log.append("UInt8 " + attempt { try single.decode(UInt8.self) })
    log.append("UInt16 " + attempt { try single.decode(UInt16.self) })
    log.append("UInt32 " + attempt { try single.decode(UInt32.self) })
    log.append("UInt64 " + attempt { try single.decode(UInt64.self) })
    log.append("Float " + attempt { try single.decode(Float.self) })
    log.append("Double " + attempt { try single.decode(Double.self) })
    log.append("Date " + attempt { try single.decode(Date.self) })
    log.append("Data " + attempt { try single.decode(Data.self) })
    log.append("URL " + attempt { try single.decode(URL.self) })
    log.append("Decimal " + attempt { try single.decode(Decimal.self) })
    log.append("[Int]? " + attempt { try single.decode([Int]?.self) })
    log.append(
      "[String: Double] " + attemptKind { sorted(try single.decode([String: Double].self)) })
  }
}
