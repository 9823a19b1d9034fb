@testable import KivaShell

/// Small hand-made loans for unit tests.
enum SampleLoans {
  static let loans: [Loan] = [
    Loan(
      id: 1, name: "Marème", country: "Senegal", town: "Dakar", use: "buy fabric", amount: 450,
      sector: "Clothing", activity: "Tailoring"),
    Loan(
      id: 2, name: "Stephen", country: "Kenya", use: "electrical goods", amount: 375,
      sector: "Retail", activity: "Electrical Goods"),
    Loan(
      id: 3, name: "Hamadi", country: "Kenya", town: "Tiribe", use: "flour", amount: 125,
      sector: "Food", activity: "Food Market"),
    Loan(
      id: 4, name: "Tamaz", country: "Georgia", town: "Kvemo Alvani", use: "calves",
      amount: 2150, sector: "Agriculture", activity: "Cattle"),
    Loan(
      id: 5, name: "Bang", country: "Viet Nam", town: "Ho Chi Minh City", use: "foods",
      amount: 500, sector: "Food", activity: "Food Stall"),
  ]

  static var collection: RecordCollection<Loan> {
    var collection = RecordCollection<Loan>()
    collection.load(loans, from: "samples")
    return collection
  }

  static var session: Session {
    var session = Session()
    session.loans = collection
    return session
  }
}
