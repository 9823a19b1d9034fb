/// Loans whose id an earlier loan of the same list has: Kiva's ids are unique, and
/// favourites and rows go by id, so a list keeps the first loan of each id.
enum LoanIDs {
  /// The positions in `loans` of the loans whose id appeared earlier, in order.
  ///
  /// The usual answer, none, takes one pass that sets a bit for each id's low bits in a
  /// bitmap of 64 bits a loan, up to 8 MB (2^26 bits: exact for Kiva's ids, a few
  /// million, at a million loans); only when a bit was set already are the ids compared
  /// exactly.
  static func repeated(in loans: [Loan]) -> [Int] {
    guard loans.count > 1 else { return [] }
    let wanted = min(loans.count, 1 << 20) * 64
    let bitCount = 1 << (Int.bitWidth - (wanted - 1).leadingZeroBitCount)
    var bits = [UInt64](repeating: 0, count: bitCount / 64)
    let clash = bits.withUnsafeMutableBufferPointer { bits in
      loans.contains { loan in
        let offset = loan.id & (bitCount - 1)
        let mask: UInt64 = 1 &<< UInt64(offset & 63)
        defer { bits[offset >> 6] |= mask }
        return bits[offset >> 6] & mask != 0
      }
    }
    guard clash else { return [] }
    var seen = Set<Int>(minimumCapacity: loans.count)
    return loans.indices.filter { !seen.insert(loans[$0].id).inserted }
  }
}
