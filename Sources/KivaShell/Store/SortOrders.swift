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
      // Sort keys are worked out once per record.
      let keys = records.map { $0.sortValue(of: sort.field) }
      let order = keys.indices.sorted { lhs, rhs in
        if keys[lhs] == keys[rhs] { return lhs < rhs }
        return sort.ascending ? keys[lhs] < keys[rhs] : keys[rhs] < keys[lhs]
      }.map { Int32(truncatingIfNeeded: $0) }
      orders[sort] = order
      return order
    }
  }

  /// `indices` (positions of records, in the data's order) in `sort`'s order.
  func sorted(_ indices: [Int], by sort: RecordSort) -> [Int] {
    let order = order(sort)
    if indices.count == records.count { return order.map { Int($0) } }
    var wanted = [Bool](repeating: false, count: records.count)
    for index in indices { wanted[index] = true }
    var result: [Int] = []
    result.reserveCapacity(indices.count)
    for position in order where wanted[Int(position)] { result.append(Int(position)) }
    return result
  }
}
