import Foundation
import Testing

@testable import KivaShell

/// Valid JSON that readers still refuse: a number beyond any Swift number type, or one
/// so close to zero that it would read as 0.
@Suite("Numbers too large located")
struct JSONHugeNumberTests {
  @Test("the first number beyond Double is found, with its line and column")
  func found() throws {
    let json = "{\"ok\": 1e308, \"text\": \"1E999\",\n \"big\": [2, -1E400]}"
    let error = try #require(JSONSyntaxError.numberOutOfRange(in: Array(json.utf8)))
    #expect(
      error
        == JSONSyntaxError(
          line: 2, column: 13,
          reason: "the number -1E400 is too large for any Swift number type "
            + "(Double goes up to about 1.8e308)"))
  }

  @Test("numbers in range, and numbers in strings, are not")
  func notFound() {
    #expect(
      JSONSyntaxError.numberOutOfRange(in: Array(#"[1e308, -2.5, "1e999", "\"9e999"]"#.utf8)) == nil
    )
    #expect(
      JSONSyntaxError.numberOutOfRange(
        in: Array(#"[0e-400, 0.000E-999, 5e-324, 1e-320]"#.utf8), underflow: true) == nil)
  }

  @Test("a number that would read as 0 is found, as Foundation refuses it for a Double")
  func underflow() throws {
    #expect(JSONSyntaxError.numberOutOfRange(in: Array("[0, -2.5e-400]".utf8)) == nil)
    let error = try #require(
      JSONSyntaxError.numberOutOfRange(in: Array("[0, -2.5e-400]".utf8), underflow: true))
    #expect(
      error
        == JSONSyntaxError(
          line: 1, column: 5,
          reason: "the number -2.5e-400 is too close to zero for a Double (the smallest is "
            + "about 5e-324): write 0"))
    let run = ScriptRun(["model P { a: Double }", #"decode P {"a": 1e-400}"#])
    #expect(
      run.error.hasPrefix(
        "error: the JSON is malformed at line 1, column 7: the number 1e-400 is too close"))
    // An Int takes it as 0: beside a number an Int refuses, that one is named.
    let other = ScriptRun(["model T { b: Int }", #"decode T {"x": 1e-400, "b": 2.5}"#])
    #expect(other.error.hasPrefix("error: a number does not fit its Swift type"))
    #expect(other.error.contains("  numbers that do not fit Int: b = 2.5\n"))
  }

  @Test("the lab says so, where Foundation says only 'not valid JSON'")
  func inTheLab() {
    let run = ScriptRun(["model P { a: Int }", #"decode P {"a": 1E400}"#])
    #expect(
      run.error.hasPrefix(
        "error: the JSON is malformed at line 1, column 7: the number 1E400 is too large"))
  }

  @Test("beside another error, a huge number is not the problem named")
  func besideAnotherError() {
    let run = ScriptRun(["model D { x: Int }", #"decode D {"x": "s", "big": 1e400}"#])
    #expect(run.error.hasPrefix("error: x should be Int, found a string\n"))
  }
}
