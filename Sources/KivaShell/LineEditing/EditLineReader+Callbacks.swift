import CEditLineShim

/// The C entry points libedit calls. Each finds its reader through EL_CLIENTDATA, so no
/// global Swift state is needed; libedit calls them only from inside `el_wgets`, while
/// `readLine` holds the reader alive.
extension EditLineReader {
  static func reader(of editLine: OpaquePointer?) -> EditLineReader? {
    guard let editLine, let data = kivash_el_client_data(editLine) else { return nil }
    return Unmanaged<EditLineReader>.fromOpaque(data).takeUnretainedValue()
  }

  static func promptCallback(_ editLine: OpaquePointer?) -> UnsafeMutablePointer<wchar_t>? {
    if let reader = reader(of: editLine) { return reader.prompt.pointer }
    // Unreachable: client data is set before anything is drawn. Never hand libedit NULL.
    let empty = UnsafeMutablePointer<wchar_t>.allocate(capacity: 1)
    empty.initialize(to: 0)
    return empty
  }

  static func getcCallback(
    _ editLine: OpaquePointer?, _ character: UnsafeMutablePointer<wchar_t>?
  ) -> Int32 {
    guard let editLine, let character, let reader = reader(of: editLine) else { return -1 }
    return reader.readCharacter(editLine, into: character)
  }

  static func completeCallback(_ editLine: OpaquePointer?) -> UInt8 {
    guard let editLine, let reader = reader(of: editLine) else { return UInt8(CC_ERROR) }
    return reader.complete(editLine)
  }
}
