import Foundation

/// What every sample seen in one place of the JSON has in common: the merge of the
/// values of one key over all the objects of an array, of all the elements of an array.
indirect enum SampleShape {
  /// No value but `null` yet (or none at all: the elements of empty arrays).
  case nothing
  case bool, int, double, string, date
  /// An array; its elements merged.
  case array(SampleSlot)
  /// An object; its keys merged.
  case object(SampleObject)
  /// Values that no one Swift type holds: the kinds seen (`a number`, `a string`).
  case mixed(Set<String>)

  /// The kind of value this shape was made from, for notes: `a number`.
  var kinds: Set<String> {
    switch self {
    case .nothing: []
    case .bool: ["a boolean"]
    case .int, .double: ["a number"]
    case .string, .date: ["a string"]
    case .array: ["an array"]
    case .object: ["an object"]
    case .mixed(let kinds): kinds
    }
  }

  /// Merges `value` (not null) into the shape: whole and fractional numbers widen to
  /// `double`, a string that is not a date turns `date` into `string`, arrays and objects
  /// merge their contents, anything else is `mixed`.
  mutating func add(_ value: SampleJSON, dates: SampleDateRecognizer) {
    switch (self, value) {
    case (_, .null): return
    case (.nothing, _): self = Self.start(value, dates: dates)
    case (.bool, .bool): return
    case (.int, .number(let isIntegral)): if !isIntegral { self = .double }
    case (.double, .number): return
    case (.date, .string(let text)): if !dates.isDate(text) { self = .string }
    case (.string, .string): return
    case (.array(var slot), .array(let elements)):
      for element in elements { slot.add(element, dates: dates) }
      self = .array(slot)
    case (.object(var object), .object(let members)):
      object.add(members, dates: dates)
      self = .object(object)
    default:
      self = .mixed(kinds.union(Self.start(value, dates: dates).kinds))
    }
  }

  private static func start(_ value: SampleJSON, dates: SampleDateRecognizer) -> SampleShape {
    switch value {
    case .null: return .nothing
    case .bool: return .bool
    case .number(let isIntegral): return isIntegral ? .int : .double
    case .string(let text): return dates.isDate(text) ? .date : .string
    case .array(let elements):
      var slot = SampleSlot()
      for element in elements { slot.add(element, dates: dates) }
      return .array(slot)
    case .object(let members):
      var object = SampleObject()
      object.add(members, dates: dates)
      return .object(object)
    }
  }
}

/// The values seen in one place: their merged shape, and whether one was `null`.
struct SampleSlot {
  var shape = SampleShape.nothing
  var hasNull = false

  /// Merges one more value.
  mutating func add(_ value: SampleJSON, dates: SampleDateRecognizer) {
    if case .null = value { hasNull = true }
    shape.add(value, dates: dates)
  }
}

/// The objects seen in one place, merged key by key.
struct SampleObject {
  /// How many objects were merged.
  var count = 0
  /// Every key, in the order first seen.
  var keys: [String] = []
  /// Each key's values, and in how many objects it appeared.
  var members: [String: (slot: SampleSlot, present: Int)] = [:]

  /// Merges one more object.
  mutating func add(_ object: [(key: String, value: SampleJSON)], dates: SampleDateRecognizer) {
    count += 1
    var seen: Set<String> = []
    for (key, value) in object {
      var member = members[key] ?? (SampleSlot(), 0)
      if member.present == 0 { keys.append(key) }
      if seen.insert(key).inserted { member.present += 1 }
      member.slot.add(value, dates: dates)
      members[key] = member
    }
  }
}

/// Tells ISO 8601 date strings (`2012-06-12T20:30:03Z`, with or without fractional
/// seconds, with `Z` or an offset) from other strings: exactly those `JSONDecoder`'s
/// `.iso8601` strategy reads, by the same parser, so that a model inferred from a sample
/// decodes that sample (an offset of `-24:00` looks like a date but is none).
struct SampleDateRecognizer {
  /// Whether `text` is an ISO 8601 date and time.
  func isDate(_ text: String) -> Bool {
    // Cheap test first: `yyyy-mm-ddT` opens every date the parser accepts.
    let head = Array(text.utf8.prefix(11))
    guard head.count == 11, head[4] == UInt8(ascii: "-"), head[7] == UInt8(ascii: "-"),
      head[10] == UInt8(ascii: "T")
    else { return false }
    return ExplainingContext.isISODate(text)
  }
}
