import Foundation

/// Any JSON value, decoded through every kind of container so that both decoders are
/// asked the same questions: objects by their keys (sorted: the decoders list them in
/// different orders), arrays element by element, and scalars as each type a model might
/// want, each answer (value or error) kept as text. Its description is the same for equal
/// values (no dictionaries, whose order varies).
indirect enum JSONProbe: Decodable {
  case object([(key: String, value: JSONProbe)])
  case array([JSONProbe])
  case scalar([String])

  init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: ProbeKey.self) {
      var members: [(key: String, value: JSONProbe)] = []
      for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
        members.append((key.stringValue, try container.decode(JSONProbe.self, forKey: key)))
      }
      self = .object(members)
    } else if var container = try? decoder.unkeyedContainer() {
      var elements: [JSONProbe] = []
      while !container.isAtEnd {
        elements.append(try container.decode(JSONProbe.self))
      }
      self = .array(elements)
    } else {
      let container = try decoder.singleValueContainer()
      self = .scalar(Self.answers(container))
    }
  }

  /// The scalar read as every type: `nil`, `Bool`, `String`, integers, floating point,
  /// `Decimal` and `Date`.
  private static func answers(_ container: any SingleValueDecodingContainer) -> [String] {
    [
      "\(container.decodeNil())",
      Outcome { try container.decode(Bool.self) }.description,
      Outcome { try container.decode(String.self) }.description,
      Outcome { try container.decode(Int.self) }.description,
      Outcome { try container.decode(Int8.self) }.description,
      Outcome { try container.decode(UInt64.self) }.description,
      Outcome { try container.decode(Double.self) }.description,
      Outcome { try container.decode(Float.self) }.description,
      Outcome { try container.decode(Decimal.self) }.description,
      Outcome { try container.decode(Date.self) }.description,
    ]
  }
}

/// Any key.
struct ProbeKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) {
    self.stringValue = stringValue
  }

  init?(intValue: Int) {
    self.stringValue = String(intValue)
    self.intValue = intValue
  }
}
