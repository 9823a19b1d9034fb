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

  /// Creates a report.
  public init(models: [ModelDefinition], notes: [String] = []) {
    self.models = models
    self.notes = notes
  }
}
