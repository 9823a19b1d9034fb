import Foundation
import Testing

@testable import KivaShell

#if canImport(Glibc)
  import Glibc
#endif

@Suite("writing a whole file where the user names one")
struct WholeFileWriterTests {
  private func mode(_ path: String) -> mode_t {
    var status = stat()
    return lstat(path, &status) == 0 ? status.st_mode : 0
  }

  private func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  /// The process's umask, read without changing it.
  private func umaskNow() throws -> mode_t {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") } ?? "Umask: 0022"
    return mode_t(line.split(separator: "\t").last.flatMap { UInt32($0, radix: 8) } ?? 0o022)
  }

  @Test("a new file gets the content and the usual permissions, and nothing is left beside it")
  func newFile() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("out.json")
    try WholeFileWriter.write(Data("new\n".utf8), to: file.path)
    #expect(try text(file) == "new\n")
    #expect(mode(file.path) & 0o777 == 0o666 & ~(try umaskNow()))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.json"])
  }

  @Test("an existing file is replaced and keeps its permissions")
  func keepsPermissions() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("out.csv")
    try Data("old content that is longer\n".utf8).write(to: file)
    #expect(chmod(file.path, 0o640) == 0)
    try WholeFileWriter.write(Data("new\n".utf8), to: file.path)
    #expect(try text(file) == "new\n")
    #expect(mode(file.path) & 0o7777 == 0o640)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("a link stays a link and its target gets the content, relative or dangling")
  func followsLinks() throws {
    let folder = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: folder.file("data"), withIntermediateDirectories: false)
    try Data("old\n".utf8).write(to: folder.file("data/real.json"))
    #expect(symlink("data/real.json", folder.file("link.json").path) == 0)
    try WholeFileWriter.write(Data("through the link\n".utf8), to: folder.file("link.json").path)
    #expect(mode(folder.file("link.json").path) & S_IFMT == S_IFLNK)
    #expect(try text(folder.file("data/real.json")) == "through the link\n")

    #expect(symlink("made.json", folder.file("data/dangling").path) == 0)
    try WholeFileWriter.write(Data("made\n".utf8), to: folder.file("data/dangling").path)
    #expect(mode(folder.file("data/dangling").path) & S_IFMT == S_IFLNK)
    #expect(try text(folder.file("data/made.json")) == "made\n")
  }

  @Test("a loop of links is refused in words, and nothing is written")
  func linkLoop() throws {
    let folder = try TemporaryDirectory()
    #expect(symlink("b", folder.file("a").path) == 0)
    #expect(symlink("a", folder.file("b").path) == 0)
    #expect(throws: WholeFileWriter.Failure(reason: "too many levels of symbolic links")) {
      try WholeFileWriter.write(Data("x".utf8), to: folder.file("a").path)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["a", "b"])
  }

  @Test("a file with another hard link stays that file, so both names see the new content")
  func hardLink() throws {
    let folder = try TemporaryDirectory()
    try Data("old content that is longer\n".utf8).write(to: folder.file("one"))
    #expect(link(folder.file("one").path, folder.file("two").path) == 0)
    try WholeFileWriter.write(Data("shared\n".utf8), to: folder.file("two").path)
    #expect(try text(folder.file("one")) == "shared\n")
    #expect(try text(folder.file("two")) == "shared\n")
    var status = stat()
    #expect(stat(folder.file("one").path, &status) == 0)
    #expect(status.st_nlink == 2)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
        "one", "two",
      ])
  }

  @Test(
    "a file with another hard link is left as it was when the content fails half-way",
    arguments: [ShellError(.interrupted), ShellError(.cannotRead(path: "x", reason: "encoding"))])
  func hardLinkFailedProducer(error: ShellError) throws {
    let folder = try TemporaryDirectory()
    try Data("kept\n".utf8).write(to: folder.file("one"))
    #expect(link(folder.file("one").path, folder.file("two").path) == 0)
    #expect(throws: error) {
      try WholeFileWriter.write(to: folder.file("two").path) { sink in
        try sink.write(String(repeating: "half of the new content\n", count: 100_000))
        throw error
      }
    }
    #expect(try text(folder.file("one")) == "kept\n")
    #expect(try text(folder.file("two")) == "kept\n")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == [
        "one", "two",
      ])
  }

  @Test("the first write that fails throws, and so does every write after it")
  func stopsAtFirstFailure() throws {
    let full = WholeFileWriter.Failure(reason: "no space left on device")
    var pieces = 0
    var kept: WholeFileWriter.Sink?
    #expect(throws: full) {
      try WholeFileWriter.write(to: "/dev/full") { sink in
        kept = sink
        for _ in 0..<1000 {
          pieces += 1
          try sink.write("a piece\n")
        }
      }
    }
    #expect(pieces == 1)
    #expect(throws: full) { try kept?.write(Data("more\n".utf8)) }
  }

  @Test("a write that fails after part of the content went down a pipe says so")
  func partlyWritten() throws {
    let pipe = UnreadPipe()
    #expect(pipe.isReady)
    let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1 << 16)
    #expect(
      throws: WholeFileWriter.Failure(reason: "resource temporarily unavailable", partly: true)
    ) {
      try WholeFileWriter.write(to: "/dev/fd/\(pipe.writer)") { sink in
        for _ in 0..<64 { try sink.write(piece) }
      }
    }
  }

  @Test("a pipe is written into and stays a pipe")
  func fifo() throws {
    let folder = try TemporaryDirectory()
    let pipe = folder.file("pipe").path
    #expect(mkfifo(pipe, 0o600) == 0)
    let reader = open(pipe, O_RDONLY | O_NONBLOCK)
    #expect(reader >= 0)
    defer { close(reader) }
    try WholeFileWriter.write(Data("down the pipe\n".utf8), to: pipe)
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(reader, &buffer, buffer.count)
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "down the pipe\n")
    #expect(mode(pipe) & S_IFMT == S_IFIFO)
  }

  @Test("a character device is written into: /dev/null stays, /dev/full says why it failed")
  func devices() throws {
    try WholeFileWriter.write(Data("gone\n".utf8), to: "/dev/null")
    #expect(mode("/dev/null") & S_IFMT == S_IFCHR)
    #expect(throws: WholeFileWriter.Failure(reason: "no space left on device")) {
      try WholeFileWriter.write(Data("full\n".utf8), to: "/dev/full")
    }
  }

  @Test("a folder, or a file in a missing folder, is refused in words")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    #expect(throws: WholeFileWriter.Failure(reason: "it is a directory")) {
      try WholeFileWriter.write(Data(), to: folder.url.path)
    }
    #expect(throws: WholeFileWriter.Failure(reason: "no such file or directory")) {
      try WholeFileWriter.write(Data(), to: folder.file("missing/x.json").path)
    }
  }

  @Test(
    "a file the user may not write is refused and keeps its content",
    .enabled(if: geteuid() != 0, "root may write any file"))
  func readOnly() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("kept.json")
    try Data("kept\n".utf8).write(to: file)
    #expect(chmod(file.path, 0o444) == 0)
    #expect(throws: WholeFileWriter.Failure(reason: "permission denied")) {
      try WholeFileWriter.write(Data("lost\n".utf8), to: file.path)
    }
    #expect(try text(file) == "kept\n")
  }
  @Test("content handed over in pieces arrives whole, in order")
  func pieces() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("out.csv")
    try Data("old\n".utf8).write(to: file)
    try WholeFileWriter.write(to: file.path) { sink in
      try sink.write("one,")
      try sink.write(Array("two,".utf8))
      try sink.write(Data("three\n".utf8))
    }
    #expect(try text(file) == "one,two,three\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["out.csv"])
  }

  @Test("a file being replaced is left as it was when the content fails half-way")
  func failedProducer() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("kept.json")
    try Data("kept\n".utf8).write(to: file)
    #expect(throws: ShellError(.interrupted)) {
      try WholeFileWriter.write(to: file.path) { sink in
        try sink.write("half of the new content")
        throw ShellError(.interrupted)
      }
    }
    #expect(try text(file) == "kept\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["kept.json"])
  }
}
