/// The models the lab starts with: the tutorial's `Loan` at each step, written in the
/// model language, and the Swift types compiled into kivash.
public enum BuiltInModels {
  /// The tutorial's steps, in order.
  public static let sources = [
    // Step 1: the JSON keys match the property names.
    "model FlatLoan { name: String; country: String; use: String; amount: Int }",
    // Step 2: CodingKeys rename a key.
    "model KeyedLoan { name: String; country: String; use: String; amount: Int = loan_amount }",
    // Step 3: a nested container reaches into location.
    """
    model NestedLoan { name: String; country: String = location.country; use: String; \
    amount: Int = loan_amount }
    """,
    // Step 4: an array inside a wrapper.
    "model LoanStore { loans: [NestedLoan] }",
  ]

  /// The names of the Swift types compiled into kivash that `decode` accepts.
  public static let swiftTypeNames = ["Loan", "Landmark", "Restaurant", "Category"]

  /// The tutorial's lab model of a compiled Swift type, for a model that wants to use one:
  /// `NestedLoan` reads the keys `Loan` reads for its name, country, use and amount.
  static let labCounterparts = ["Loan": "NestedLoan"]

  /// The library of the built-in lab models.
  public static let library: ModelLibrary = {
    var library = ModelLibrary()
    for source in sources {
      for definition in (try? ModelParser.parse(source)) ?? [] { library.insert(definition) }
    }
    return library
  }()

  /// Every built-in name, lab models and Swift types.
  public static var names: Set<String> {
    Set(library.names + swiftTypeNames)
  }
}
