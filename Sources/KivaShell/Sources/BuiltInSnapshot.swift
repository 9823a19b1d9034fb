import Foundation

/// The loans compiled into the binary, so the shell works offline from any directory.
public enum BuiltInSnapshot {
  /// How the snapshot is named in messages.
  public static let displayName = "the built-in snapshot (2012-06-12)"

  /// The raw bytes of the snapshot.
  public static var data: Data { Data(json.utf8) }
}
