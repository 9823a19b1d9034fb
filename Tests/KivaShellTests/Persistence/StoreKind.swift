import Foundation
import Testing

@testable import KivaShell

/// The two `UserDataStore` implementations, so one contract test runs against both.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case memory
  case sqlite

  var testDescription: String { rawValue }

  /// Runs `body` with a fresh store of this kind (SQLite: a new file in a temporary
  /// folder, removed afterwards).
  func withStore(_ body: (UserDataStore) throws -> Void) throws {
    switch self {
    case .memory:
      try body(MemoryUserDataStore())
    case .sqlite:
      let folder = try TemporaryDirectory()
      try withExtendedLifetime(folder) {
        try body(SQLiteUserDataStore.open(at: folder.file(UserDataLocation.fileName)))
      }
    }
  }
}
