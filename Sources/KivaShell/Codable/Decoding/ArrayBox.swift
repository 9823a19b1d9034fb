import Foundation

/// An array field or element as the model decoder hands it to a container:
/// `decode(ArrayBox.self, forKey:)` stands for the generated Swift's
/// `decode([Int].self, forKey:)`, and its `init(from:)` does what `[Int].init(from:)`
/// does — `unkeyedContainer()`, then each element — so that a trace shows the calls the
/// printed Swift makes, and errors come from the same calls.
struct ArrayBox: Decodable {
  let elements: [DecodedValue]

  init(from decoder: any Decoder) throws {
    let context = try DecodingContext.of(decoder)
    let element = try context.popPendingElement(codingPath: decoder.codingPath)
    let writer = context.writer
    let type = ModelType.array(element).swiftName
    elements = try writer.scope("\(type).init(from: decoder)") {
      try writer.scope(DecodingTrace.call("unkeyedContainer"), result: { $0.isEmpty ? "[]" : nil })
      {
        var unkeyed = try decoder.unkeyedContainer()
        return try ElementReader(context: context).readAll(element, from: &unkeyed)
      }
    }
  }
}
