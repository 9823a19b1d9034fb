import Foundation
import Glibc

/// The commands entered in earlier sessions and this one, kept in a plain text file.
///
/// The file holds one command per line, oldest first, so `cat` shows it. Each recorded line
/// is appended at once, so a crash loses nothing; when the file has grown well past
/// `capacity` lines it is rewritten with only the newest `capacity` (atomically, by renaming
/// a temporary file). If the file cannot be read or written, history stays in memory for
/// the session and `warning` says why.
public final class CommandHistory {
  /// How many commands are kept unless told otherwise.
  public static let defaultCapacity = 1000

  /// How many commands are kept, in memory and in the file (at least 1).
  public let capacity: Int
  /// The file history is kept in, or nil when it is kept in memory only.
  public private(set) var fileURL: URL?
  /// The commands, oldest first; never more than `capacity`.
  public private(set) var entries: [String]
  /// A one-line warning to show once when the file could not be read or written (history
  /// then stays in memory), else nil.
  public private(set) var warning: String?

  /// Whether `takeWarning()` has handed out the warning.
  private var warningTaken = false

  /// The warning, the first time it is asked for after the file failed; nil after that
  /// (the user is told once).
  public func takeWarning() -> String? {
    guard let warning, !warningTaken else { return nil }
    warningTaken = true
    return warning
  }

  /// How many lines the file is believed to hold; it is compacted past `compactionThreshold`.
  private var fileLineCount = 0
  /// Whether the file's last line lacks its line break (edited by hand), so the next append
  /// must start with one.
  private var needsLineBreak = false

  /// Whether a line typed at the prompt leaves no trace: one that starts with a space,
  /// as with bash's `HISTCONTROL=ignorespace`, stays out of history and of the searches
  /// `suggest` remembers.
  public static func leavesNoTrace(_ line: String) -> Bool {
    line.hasPrefix(" ")
  }

  /// Loads the existing file if any (missing file = empty history; keep only the last
  /// `capacity` lines).
  public init(fileURL: URL?, capacity: Int = CommandHistory.defaultCapacity) {
    self.capacity = max(1, capacity)
    self.fileURL = fileURL
    self.entries = []
    guard let fileURL else { return }
    do {
      let contents = try HistoryFile.read(fileURL)
      fileLineCount = contents.lines.count
      needsLineBreak = !contents.endsWithLineBreak
      entries = Array(contents.lines.suffix(self.capacity))
    } catch {
      disableFile(reason: "cannot read history file \(fileURL.path): \(error.message)")
    }
  }

  /// Records an entered line: skips empty/whitespace-only lines, lines starting with a space,
  /// lines with a line break in them, and a line equal to the previous entry; appends it to
  /// the file at once (create parent directories) so a crash loses nothing. Returns whether
  /// it was recorded.
  @discardableResult public func record(_ typed: String) -> Bool {
    // Completion leaves a space after the word it inserts; it is not part of the command.
    var trimmed = Substring(typed)
    while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
    let line = String(trimmed)
    guard Self.isWorthRecording(line), line != entries.last else { return false }
    entries.append(line)
    if entries.count > capacity {
      entries.removeFirst(entries.count - capacity)
    }
    persist(line)
    return true
  }

  /// The history file's path inside the state home.
  static let relativePath = "kivash/history"
  /// How help texts name the history file: `$XDG_STATE_HOME/kivash/history`.
  public static let displayPath = XDGBaseDirectory.state.displayPath(relativePath)

  /// Where history lives: $KIVASH_HISTORY if set (empty string = no file), else
  /// $XDG_STATE_HOME/kivash/history, else $HOME/.local/state/kivash/history.
  public static func defaultFileURL(environment: [String: String]) -> URL? {
    if let explicit = environment["KIVASH_HISTORY"] {
      return explicit.isEmpty ? nil : URL(fileURLWithPath: explicit)
    }
    return XDGBaseDirectory.state.url(relativePath, environment: environment)
  }

  static func isWorthRecording(_ line: String) -> Bool {
    guard let first = line.first, first != " " else { return false }
    if line.contains(where: \.isNewline) { return false }
    return line.contains { !$0.isWhitespace }
  }

  /// The file is rewritten once it holds this many lines: capacity plus some slack, so that
  /// the rewrite happens seldom.
  private var compactionThreshold: Int { capacity + max(32, capacity / 4) }

  private func persist(_ line: String) {
    guard let fileURL else { return }
    do {
      try HistoryFile.append((needsLineBreak ? "\n" : "") + line + "\n", to: fileURL)
      needsLineBreak = false
      fileLineCount += 1
      if fileLineCount > compactionThreshold {
        fileLineCount = try HistoryFile.keepLast(capacity, in: fileURL)
      }
    } catch {
      disableFile(reason: "cannot write history file \(fileURL.path): \(error.message)")
    }
  }

  private func disableFile(reason: String) {
    fileURL = nil
    warning = "\(reason); history is kept for this session only"
  }
}

/// Why the history file could not be used, from `errno`.
struct HistoryFileError: Error {
  let message: String

  init(errno code: Int32) {
    message = String(cString: strerror(code))
  }

  init(_ message: String) {
    self.message = message
  }
}

/// The POSIX file operations behind `CommandHistory`; errors carry `strerror` text.
enum HistoryFile {
  struct Contents {
    var lines: [String]
    var endsWithLineBreak: Bool
  }

  /// The most bytes read from the end of a history file.
  static let maximumReadBytes = 4 << 20

  /// The non-empty lines of the file (of its last `maximumReadBytes`); a missing file
  /// reads as empty.
  static func read(_ url: URL) throws(HistoryFileError) -> Contents {
    let fd = open(url.path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return Contents(lines: [], endsWithLineBreak: true) }
      throw HistoryFileError(errno: errno)
    }
    defer { close(fd) }
    // A device (/dev/zero, /dev/full) or a pipe would be read forever: only files.
    var status = stat()
    guard fstat(fd, &status) == 0 else { throw HistoryFileError(errno: errno) }
    guard status.st_mode & S_IFMT == S_IFREG else {
      throw HistoryFileError("it is not a regular file")
    }
    // Only the end of a huge file matters: the newest lines.
    if status.st_size > maximumReadBytes {
      lseek(fd, off_t(status.st_size) - off_t(maximumReadBytes), SEEK_SET)
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count == 0 { break }
      if count < 0 {
        if errno == EINTR { continue }
        throw HistoryFileError(errno: errno)
      }
      bytes.append(contentsOf: chunk[..<count])
    }
    let lines = String(decoding: bytes, as: UTF8.self)
      .split(whereSeparator: \.isNewline)
      .map(String.init)
      .filter { !$0.isEmpty }
    return Contents(lines: lines, endsWithLineBreak: bytes.last.map { $0 == 10 } ?? true)
  }

  /// Appends `text` in one write, creating the file (mode 600) and its directories (700).
  static func append(_ text: String, to url: URL) throws(HistoryFileError) {
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC
    var fd = open(url.path, flags, 0o600)
    if fd < 0 && errno == ENOENT {
      try makeDirectories(url.deletingLastPathComponent().path)
      fd = open(url.path, flags, 0o600)
    }
    if fd < 0 { throw HistoryFileError(errno: errno) }
    defer { close(fd) }
    try writeAll(Array(text.utf8), to: fd)
  }

  /// Rewrites the file with only its last `count` lines, atomically (temporary file, then
  /// rename). Returns how many lines it now holds.
  static func keepLast(_ count: Int, in url: URL) throws(HistoryFileError) -> Int {
    let kept = try read(url).lines.suffix(count)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    if fd < 0 { throw HistoryFileError(errno: errno) }
    do {
      try writeAll(Array(kept.map { $0 + "\n" }.joined().utf8), to: fd)
    } catch {
      close(fd)
      unlink(temporary)
      throw error
    }
    close(fd)
    if rename(temporary, url.path) != 0 {
      let code = errno
      unlink(temporary)
      throw HistoryFileError(errno: code)
    }
    return kept.count
  }

  private static func writeAll(_ bytes: [UInt8], to fd: Int32) throws(HistoryFileError) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written < 0 {
        if errno == EINTR { continue }
        throw HistoryFileError(errno: errno)
      }
      offset += written
    }
  }

  /// `mkdir -p` with mode 700 for the directories it creates.
  private static func makeDirectories(_ path: String) throws(HistoryFileError) {
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw HistoryFileError(errno: errno)
      }
    }
  }
}
