/// Why no model could be inferred from a sample: it is not JSON, or not an object or an
/// array of objects, or the root name cannot name a Swift struct.
public struct InferenceError: Error, Equatable, Sendable {
  /// What was wrong, as one sentence for the prompt.
  public var message: String

  /// Creates an error saying `message`.
  public init(message: String) {
    self.message = message
  }
}

/// The models inferred from a sample, and what inference had to guess or leave out.
public struct InferenceReport: Equatable, Sendable {
  /// The models, those used first and the root last.
  public var models: [ModelDefinition]
  /// One line per guess or omission, with the JSON path it concerns:
  /// `loans[].themes is always an empty array: guessed [String]`.
  public var notes: [String]
  /// For a sample that is an array of objects: whether some elements are null (the
  /// root model is the element's); nil for a sample that is an object.
  public var arrayHoldsNull: Bool?

  /// Creates a report.
  public init(models: [ModelDefinition], notes: [String] = [], arrayHoldsNull: Bool? = nil) {
    self.models = models
    self.notes = notes
    self.arrayHoldsNull = arrayHoldsNull
  }

  /// For an array sample, how to decode it, with the root model under its final name
  /// (`infer` may rename it): `decode it as [Landmark2]`; nil for an object sample.
  public func arrayNote(rootName: String) -> String? {
    arrayHoldsNull.map { holdsNull in
      "The sample is an array: \(rootName) is its element type; decode it as "
        + "[\(rootName)\(holdsNull ? "?" : "")]."
    }
  }
}
