import Foundation
import KivaShell

/// Queries and prefixes drawn from the loaded loans, the same ones on every run.
enum Workloads {
  /// About `count` searches of the kinds people type: a whole name, a country, a
  /// town, the start of a name or a town, a name's first word with the country.
  static func searchQueries(from loans: [Loan], count: Int) -> [String] {
    guard !loans.isEmpty else { return [] }
    var random = SplitMix64(seed: 2012)
    return (0..<count).map { index in
      let loan = loans[random.below(loans.count)]
      let town = loan.town ?? loan.country
      switch index % 6 {
      case 0: return loan.name
      case 1: return loan.country.lowercased()
      case 2: return town
      case 3: return prefix(of: loan.name, length: 2 + random.below(3)).lowercased()
      case 4: return prefix(of: town, length: 3 + random.below(2)).lowercased()
      default:
        let first = loan.name.split(separator: " ").first.map(String.init) ?? loan.name
        return "\(first) \(loan.country)"
      }
    }
  }

  /// `count` prefixes of 1–4 letters of names, countries and towns, as typed before TAB.
  static func completionPrefixes(from loans: [Loan], count: Int) -> [String] {
    guard !loans.isEmpty else { return [] }
    var random = SplitMix64(seed: 1839)
    return (0..<count).map { index in
      let loan = loans[random.below(loans.count)]
      let source: String
      switch index % 3 {
      case 0: source = loan.name
      case 1: source = loan.country
      default: source = loan.town ?? loan.country
      }
      return prefix(of: source, length: 1 + random.below(4)).lowercased()
    }
  }

  /// The first `length` characters of `text` (or all of it), without trailing spaces,
  /// which would end the word being completed.
  private static func prefix(of text: String, length: Int) -> String {
    String(text.prefix(length)).trimmingCharacters(in: .whitespaces)
  }
}
