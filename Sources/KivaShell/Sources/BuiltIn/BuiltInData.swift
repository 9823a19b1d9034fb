import Foundation

/// The data compiled into the binary, so the shell works offline from any directory.
public enum BuiltInData {
  /// How the built-in loans are named in messages.
  public static let loansName = "the built-in snapshot (2012-06-12)"
  /// How the other built-in collections are named in messages.
  public static let name = "the built-in data"

  /// The real Kiva response of 2012-06-12.
  public static var loans: Data { Data(loansJSON.utf8) }
  /// The SwiftUI tutorial's landmarks.
  public static var landmarks: Data { Data(landmarksJSON.utf8) }
  /// The FoodPin restaurants.
  public static var restaurants: Data { Data(restaurantsJSON.utf8) }
}
