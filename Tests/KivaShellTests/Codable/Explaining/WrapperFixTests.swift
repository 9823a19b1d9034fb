import Foundation
import Testing

@testable import KivaShell

/// JSON that wraps the records (`{"loans": […]}`) decoded as a record, and records
/// decoded as their wrapper: the fix names the wrapper, or the array, and following it
/// decodes.
@Suite("Wrapped records: decode the wrapper, or the array")
struct WrapperFixTests {
  private let file = TestPaths.fixtures.appendingPathComponent("loan-436753-2012.json").path
  private let records =
    #"[{"name":"P","location":{"country":"C"},"use":"f","loan_amount":800}]"#

  @Test("a compiled type given the wrapper is told its Swift wrapper, and the property's type")
  func compiledTypeGivenWrapper() {
    let run = ScriptRun(["decode Loan @\(file)"])
    #expect(
      run.error
        == """
        error: 'id' is missing at the top level (Loan)
          in Swift: DecodingError.keyNotFound at the top level
          path: id
          keys there: loans
          fix: the JSON wraps the records in 'loans': in Swift, decode a wrapper, struct LoanPage: Decodable { var loans: [Loan] }, then take .loans

        """)
    #expect(
      ScriptRun(["decode [Loan] @\(file)"]).error.hasSuffix(
        "  fix: the JSON wraps the records in 'loans': in Swift, decode a wrapper, struct "
          + "LoanPage: Decodable { var loans: [Loan] }, then take .loans\n"))
  }

  @Test(
    "a key missing for a compiled type: the fix names the property's own type",
    arguments: [
      (
        #"decode Loan {"id": 1, "name": "x", "use": "u", "loan_amount": 5, "sector": "s", "#
          + #""activity": "a", "status": "s", "location": {"town": "k"}}"#,
        "var country: String?"
      ),
      (#"decode Landmark {"name": "x"}"#, "var id: Int?"),
      (#"decode [Restaurant] [{"name": "x"}]"#, "var type: String?"),
    ])
  func compiledPropertyType(line: String, declaration: String) {
    #expect(
      ScriptRun([line]).error.contains(
        "make the property optional: \(declaration) (decodeIfPresent gives nil)"))
  }

  @Test("Swift's generic type names are written as Swift writes them")
  func sugared() {
    #expect(
      CompiledPropertyTypes.sugared("Swift.Optional<Swift.Array<Swift.String>>") == "[String]?")
    #expect(CompiledPropertyTypes.sugared("Swift.Int") == "Int")
    #expect(CompiledPropertyTypes.sugared("Swift.Optional<Foundation.Date>") == "Date?")
  }

  @Test("a record model given the wrapper is told to decode the lab's wrapper model")
  func recordGivenWrapper() {
    let run = ScriptRun(["decode NestedLoan @\(file)"])
    #expect(
      run.error
        == """
        error: 'name' is missing at the top level (NestedLoan)
          in Swift: DecodingError.keyNotFound at the top level
          path: name
          keys there: loans
          fix: the JSON wraps the records in 'loans': decode LoanStore (in Swift: LoanStore.self, then .loans)

        """)
    let array = ScriptRun(["decode [NestedLoan] @\(file)"])
    #expect(
      array.error.hasSuffix(
        "  fix: the JSON wraps the records in 'loans': decode LoanStore "
          + "(in Swift: LoanStore.self, then .loans)\n"))
    let followed = ScriptRun(["decode LoanStore @\(file)"])
    #expect(followed.error == "")
    #expect(
      followed.standard.hasPrefix(#"LoanStore(loans: [main.NestedLoan(name: "Pheap\'s Group""#))
  }

  @Test("with no wrapper model, the fix defines one, which decodes")
  func wrapperToDefine() {
    let model = "model ML { name: String; use: String }"
    let run = ScriptRun([model, "decode ML @\(file)"])
    #expect(
      run.error.hasSuffix(
        "  fix: the JSON wraps the records in 'loans': define model MLPage { loans: [ML] }, "
          + "then decode MLPage\n"))
    let followed = ScriptRun([model, "model MLPage { loans: [ML] }", "decode MLPage @\(file)"])
    #expect(followed.error == "")
    #expect(
      followed.standard.hasSuffix(
        #"MLPage(loans: [main.ML(name: "Pheap\'s Group", use: "to buy fertilizers for her farmland.")])"#
          + "\n"))
  }

  @Test("a wrapper model given the records is told to decode its field's array type")
  func wrapperGivenRecords() {
    let run = ScriptRun(["decode LoanStore \(records)"])
    #expect(
      run.error
        == """
        error: the top level (LoanStore) should be an object, found an array of 1 element
          in Swift: DecodingError.typeMismatch at the top level
          path: the top level (LoanStore)
          expected: an object — found: an array of 1 element
          fix: the JSON is the records themselves, not the LoanStore that holds them: decode [NestedLoan] (the type of LoanStore's 'loans')

        """)
    let followed = ScriptRun(["decode [NestedLoan] \(records)"])
    #expect(followed.error == "")
    #expect(
      followed.standard
        == "[main.NestedLoan(name: \"P\", country: \"C\", use: \"f\", amount: 800)]\n")
  }

  @Test("records that fit no model keep the usual fixes")
  func noFit() {
    let run = ScriptRun(["decode FlatLoan @\(file)"])
    #expect(
      run.error.hasSuffix(
        "  fix: if 'name' may be absent, make the property optional: var name: String? "
          + "(decodeIfPresent gives nil)\n"))
    let array = ScriptRun(["model P { a: Int }", #"decode P [{"a": 1}]"#])
    #expect(array.error.hasSuffix("  fix: the JSON is an array: decode [P] (in Swift: [P].self)\n"))
  }
}
