/// One step of the guided Codable lesson: the tutorials' progression from a flat struct
/// to strategies, each with JSON, a model, its Swift, and the live result.
struct Lesson: Sendable {
  var title: String
  var explanation: [String]
  /// The JSON decoded, pretty-printed as the learner sees it.
  var json: String
  /// The model decoded into.
  var model: String
  /// Extra models this step defines for itself (not saved).
  var extraModels: [String] = []
  var options = DecodingOptions()
  var showTrace = false
  /// Show the JSONSerialization way too.
  var showManual = false
  /// What to try next, as commands.
  var tryNext: [String]

  /// The steps, in order.
  static let all: [Lesson] = [
    Lesson(
      title: "A flat struct",
      explanation: [
        "When the JSON's keys match the property names, Decodable writes init(from:) for you."
      ],
      json:
        #"{"name": "John Davis", "country": "Paraguay", "use": "to buy clothes for her shop", "amount": 150}"#,
      model: "FlatLoan",
      tryNext: [
        #"decode FlatLoan {"name": "John Davis", "country": "Paraguay", "use": "shop", "loan_amount": 150}"#
          + "   # the key the real API uses: keyNotFound",
        "lesson 2",
      ]),
    Lesson(
      title: "CodingKeys rename a key",
      explanation: [
        "The Kiva API says loan_amount; the model says amount. A CodingKeys case with a raw",
        "value maps one to the other: case amount = \"loan_amount\".",
      ],
      json:
        #"{"name": "John Davis", "country": "Paraguay", "use": "to buy clothes for her shop", "loan_amount": 150}"#,
      model: "KeyedLoan",
      tryNext: ["codegen KeyedLoan", "lesson 3"]),
    Lesson(
      title: "A nested container",
      explanation: [
        "The country sits inside a location object. init(from:) opens a nested container",
        "keyed by LocationKeys to reach it — the trace shows every call.",
      ],
      json:
        #"{"name": "John Davis", "location": {"country": "Paraguay", "town": "Asunción"}, "use": "to buy clothes for her shop", "loan_amount": 150}"#,
      model: "NestedLoan",
      showTrace: true,
      tryNext: [
        #"model MyLoan { name: String; town: String? = location.town; amount: Int = loan_amount }"#,
        "codegen MyLoan", "lesson 4",
      ]),
    Lesson(
      title: "An array inside a wrapper",
      explanation: [
        "The API wraps its loans: {\"loans\": [...]}. A LoanStore struct with loans: [NestedLoan]",
        "decodes them all at once; a failure names the element: loans[1].loan_amount.",
      ],
      json:
        #"{"loans": [{"name": "Pheap's Group", "location": {"country": "Cambodia"}, "use": "fertilizer", "loan_amount": 800}, {"name": "Bayan", "location": {"country": "Palestine"}, "use": "university fees", "loan_amount": 600}]}"#,
      model: "LoanStore",
      tryNext: [
        "export newest.json --json   # the built-in loans, as the Kiva API sends them",
        "decode LoanStore @newest.json   # a whole real response", "lesson 5",
      ]),
    Lesson(
      title: "JSONSerialization or Codable",
      explanation: [
        "Before Codable, JSON was taken apart by hand with JSONSerialization and as! casts.",
        "One string where a number belongs and as! crashes the app; Codable throws an error",
        "that says where and why.",
      ],
      json:
        #"{"loans": [{"name": "Pheap's Group", "location": {"country": "Cambodia"}, "use": "fertilizer", "loan_amount": "800"}]}"#,
      model: "LoanStore",
      showManual: true,
      tryNext: [
        "decode LoanStore --manual @newest.json   # the file lesson 4 exported", "lesson 6",
      ]),
    Lesson(
      title: "Decoding strategies",
      explanation: [
        "The decoder can map snake_case keys for you (keyDecodingStrategy =",
        ".convertFromSnakeCase) and read ISO 8601 dates (dateDecodingStrategy = .iso8601).",
      ],
      json: postedJSON,
      model: "PostedLoan",
      extraModels: [postedModel],
      options: DecodingOptions(keyStrategy: .convertFromSnakeCase, dateStrategy: .iso8601),
      tryNext: [
        // The lesson's model is not one of yours until you define it.
        postedModel,
        // The Result shown, as the learner gets it (without --snake-case: keyNotFound).
        "decode PostedLoan --snake-case \(postedJSON)",
        #"decode PostedLoan --snake-case --dates seconds {"loan_amount": 1, "posted_date": 0, "borrower_count": 1}"#,
        "lesson",
      ]),
  ]

  /// Lesson 6's JSON: snake_case keys and an ISO 8601 date.
  static let postedJSON =
    #"{"loan_amount": 150, "posted_date": "2012-06-12T20:30:03Z", "borrower_count": 3}"#
  /// Lesson 6's model, which the learner defines to try it.
  static let postedModel =
    "model PostedLoan { loanAmount: Int; postedDate: Date; borrowerCount: Int }"
}
