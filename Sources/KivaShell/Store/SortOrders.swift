import Foundation

/// The order of every record by a field, worked out the first time that order is asked
/// for and kept: after `sort name` on a million loans, `count`, `list 3`, `show 1` or
/// `fav 1` take the order as it is instead of folding and sorting a million names again
/// (about a second each time). Shared by copies of a collection: the records it orders
/// never change; loading new ones makes a new one.
final class SortOrders<Record: CollectionRecord>: @unchecked Sendable {
  private let records: [Record]
  private let lock = NSLock()
  private var orders: [RecordSort: [Int32]] = [:]

  init(records: [Record]) {
    self.records = records
  }

  /// The positions of all the records in `sort`'s order; ties keep the data's order.
  func order(_ sort: RecordSort) -> [Int32] {
    lock.withLock {
      if let order = orders[sort] { return order }
      let order = Self.sortedPositions(records.indices, of: records, by: sort)
        .map { Int32(truncatingIfNeeded: $0) }
      orders[sort] = order
      return order
    }
  }

  /// `indices` (positions of records, in the data's order) in `sort`'s order: from the
  /// order of all the records, kept, or for a small view with no order kept yet (a
  /// search among a million loans), by sorting the view alone.
  func sorted(_ indices: [Int], by sort: RecordSort) -> [Int] {
    if indices.count < records.count / 8, lock.withLock({ orders[sort] == nil }) {
      return Self.sortedPositions(indices, of: records, by: sort)
    }
    let order = order(sort)
    if indices.count == records.count { return order.map { Int($0) } }
    var wanted = [Bool](repeating: false, count: records.count)
    for index in indices { wanted[index] = true }
    var result: [Int] = []
    result.reserveCapacity(indices.count)
    for position in order where wanted[Int(position)] { result.append(Int(position)) }
    return result
  }

  /// `indices` in `sort`'s order, ties in the order given; sort keys are worked out once
  /// per record.
  private static func sortedPositions(
    _ indices: some Collection<Int>, of records: [Record], by sort: RecordSort
  ) -> [Int] {
    let positions = Array(indices)
    let keys = positions.map { records[$0].sortValue(of: sort.field) }
    return keys.indices.sorted { lhs, rhs in
      if keys[lhs] == keys[rhs] { return lhs < rhs }
      return sort.ascending ? keys[lhs] < keys[rhs] : keys[rhs] < keys[lhs]
    }.map { positions[$0] }
  }
}
