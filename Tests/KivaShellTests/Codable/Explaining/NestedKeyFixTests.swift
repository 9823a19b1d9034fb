import Testing

@testable import KivaShell

/// A key that a lab model's fields read through (`location` of `location.country`) is no
/// property: when it is missing or null, the fix makes those fields optional.
@Suite("Fixes for a missing nested object name the fields read through it")
struct NestedKeyFixTests {
  @Test("NestedLoan without 'location': the fix names country, and it works")
  func missingLocation() {
    let run = ScriptRun([#"decode NestedLoan {"name": "a", "use": "x", "loan_amount": 1}"#])
    #expect(
      run.error == """
        error: 'location' is missing at the top level (NestedLoan)
          in Swift: DecodingError.keyNotFound at the top level
          path: location
          keys there: loan_amount, name, use
          fix: if 'location' may be absent, make the field read through it optional: \
        country: String? = location.country (in Swift: var country: String?)

        """)
    let fixed = ScriptRun([
      "model Fixed { name: String; country: String? = location.country; use: String; "
        + "amount: Int = loan_amount }",
      #"decode Fixed {"name": "a", "use": "x", "loan_amount": 1}"#,
    ])
    #expect(fixed.error.isEmpty)
    #expect(
      fixed.standard.hasSuffix(#"Fixed(name: "a", country: nil, use: "x", amount: 1)"# + "\n"))
  }

  @Test("several fields read through the key: all those not yet optional, in order")
  func severalFields() {
    let run = ScriptRun([
      "model Place { name: String; country: String? = location.country; "
        + "town: String = location.town; lat: Double = location.geo.lat }",
      #"decode Place {"name": "a"}"#,
      #"decode Place {"name": "a", "location": {"town": "t"}}"#,
    ])
    #expect(
      run.error.contains(
        "  fix: if 'location' may be absent, make the fields read through it optional: "
          + "town: String? = location.town; lat: Double? = location.geo.lat "
          + "(in Swift: var town: String?; var lat: Double?)\n"))
    #expect(
      run.error.contains(
        "  fix: if 'geo' may be absent, make the field read through it optional: "
          + "lat: Double? = location.geo.lat (in Swift: var lat: Double?)\n"))
    #expect(!run.error.contains("var location"))
  }

  @Test("in an array's element, and when the nested object is null")
  func inAnArrayAndNull() {
    let run = ScriptRun([
      #"decode LoanStore {"loans": [{"name": "a", "use": "x", "loan_amount": 1}]}"#,
      #"decode NestedLoan {"name": "a", "use": "x", "loan_amount": 1, "location": null}"#,
    ])
    let fix = "make the field read through it optional: country: String? = location.country"
    #expect(run.error.contains("  fix: if 'location' may be absent, \(fix)"))
    #expect(run.error.contains("  fix: if 'location' may be null, \(fix)"))
    #expect(!run.error.contains("var location"))
    #expect(!run.error.contains("make the property optional"))
  }

  @Test("fixes for a field read through a nested object name its container and enum")
  func nestedContainerNames() {
    let run = ScriptRun([
      #"decode NestedLoan {"name": "M", "location": {"country": null}, "use": "f", "loan_amount": 5}"#,
      #"decode NestedLoan {"name": "M", "location": {"countri": "x"}, "use": "f", "loan_amount": 5}"#,
      #"decode FlatLoan {"name": "J", "use": "u", "amount": 1, "loan-info": {"country": "x"}}"#,
      #"decode FlatLoan {"name": "J", "use": "u", "amount": 1, "class": {"country": "x"}}"#,
    ])
    // As codegen writes them: `let location = try container.nestedContainer(…)`,
    // `enum LocationKeys`, `case classKey = "class"`, `enum LoanInfoKeys`.
    #expect(
      run.error.contains(
        "  fix: or keep it and default it: try location.decodeIfPresent(String.self,"
          + #" forKey: .country) ?? """# + "\n"))
    #expect(
      run.error.contains(#"  fix: add or correct the LocationKeys case: case country = "countri""#))
    #expect(
      run.error.contains(
        "  fix: read it through a nested container: let loanInfo = try container.nestedContainer("
          + "keyedBy: LoanInfoKeys.self, forKey: .loanInfo), then decode .country from loanInfo\n"
      ))
    #expect(
      run.error.contains(
        "  fix: read it through a nested container: let classKey = try container.nestedContainer("
          + "keyedBy: ClassKeys.self, forKey: .classKey), then decode .country from classKey\n"))
  }

  @Test("a property of its own, and a compiled type, keep the property's fix")
  func propertiesKeepTheirFix() {
    let run = ScriptRun([
      "model P { a: Int }", "model Q { p: P }", #"decode Q {}"#, #"decode Q {"p": null}"#,
      #"decode Loan {"id": 1, "name": "a", "use": "x", "loan_amount": 1, "sector": "s", "#
        + #""activity": "a", "status": "s"}"#,
    ])
    #expect(
      run.error.contains(
        "  fix: if 'p' may be absent, make the property optional: var p: P? (decodeIfPresent gives nil)\n"
      ))
    #expect(
      run.error.contains(
        "  fix: make the property optional (…?) and decode it with decodeIfPresent\n"))
    #expect(
      run.error.contains(
        "  fix: if 'location' may be absent, make the property optional: var location: …? "
          + "(decodeIfPresent gives nil)\n"))
    #expect(!run.error.contains("read through it"))
  }
}
