import Foundation
import Testing

@testable import KivaShell

#if canImport(Glibc)
  import Glibc
#endif

@Suite("writing to a descriptor kivash already has open (/dev/stdout, /dev/fd/N)")
struct OpenDescriptorWriteTests {
  @Test("the names of open descriptors are known; anything else is a file")
  func names() {
    #expect(WholeFileWriter.openDescriptor(named: "/dev/stdin") == 0)
    #expect(WholeFileWriter.openDescriptor(named: "/dev/stdout") == 1)
    #expect(WholeFileWriter.openDescriptor(named: "/dev/stderr") == 2)
    #expect(WholeFileWriter.openDescriptor(named: "/dev/fd/7") == 7)
    #expect(WholeFileWriter.openDescriptor(named: "/proc/self/fd/12") == 12)
    #expect(WholeFileWriter.openDescriptor(named: "/proc/\(getpid())/fd/3") == 3)
    for file in ["/dev/fd/", "/dev/fd/x", "/dev/fd/1/x", "/dev/stdout2", "out.json", "/dev/null"] {
      #expect(WholeFileWriter.openDescriptor(named: file) == nil, "\(file)")
    }
  }

  @Test("a file open to append gets the content added at its end, and stays open and itself")
  func appends() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("log")
    try Data("earlier\n".utf8).write(to: file)
    let descriptor = open(file.path, O_WRONLY | O_APPEND)
    #expect(descriptor >= 0)
    defer { close(descriptor) }
    var before = stat()
    #expect(stat(file.path, &before) == 0)
    try WholeFileWriter.write(Data("exported\n".utf8), to: "/dev/fd/\(descriptor)")
    #expect(!WholeFileWriter.leadsToStandardOutput("/dev/fd/\(descriptor)"))
    #expect(write(descriptor, "after\n", 6) == 6)
    #expect(
      String(decoding: try Data(contentsOf: file), as: UTF8.self) == "earlier\nexported\nafter\n")
    var after = stat()
    #expect(stat(file.path, &after) == 0)
    #expect(after.st_ino == before.st_ino)
  }

  @Test("a pipe's descriptor is written into, through a link to it too")
  func pipe() throws {
    var ends: [Int32] = [0, 0]
    #expect(Glibc.pipe(&ends) == 0)
    defer { close(ends[0]) }
    let folder = try TemporaryDirectory()
    #expect(symlink("/proc/self/fd/\(ends[1])", folder.file("out").path) == 0)
    try WholeFileWriter.write(Data("down ".utf8), to: "/proc/self/fd/\(ends[1])")
    try WholeFileWriter.write(Data("the pipe\n".utf8), to: folder.file("out").path)
    close(ends[1])
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = read(ends[0], &buffer, buffer.count)
    #expect(String(decoding: buffer[..<max(count, 0)], as: UTF8.self) == "down the pipe\n")
  }

  @Test("a descriptor open only for reading, or not open, is refused in words")
  func refusals() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("in")
    try Data("kept\n".utf8).write(to: file)
    let reader = open(file.path, O_RDONLY)
    #expect(reader >= 0)
    defer { close(reader) }
    #expect(throws: WholeFileWriter.Failure(reason: "it is open for reading only")) {
      try WholeFileWriter.write(Data("no\n".utf8), to: "/dev/fd/\(reader)")
    }
    #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "kept\n")
    let closed = dup(reader)
    close(closed)
    #expect(throws: WholeFileWriter.Failure(reason: "no such descriptor is open")) {
      try WholeFileWriter.write(Data("no\n".utf8), to: "/dev/fd/\(closed)")
    }
  }

  @Test("a descriptor kivash opened for itself (close-on-exec) is refused, and not written")
  func ownDescriptor() throws {
    let folder = try TemporaryDirectory()
    let file = folder.file("database")
    try Data("kept\n".utf8).write(to: file)
    let own = open(file.path, O_WRONLY | O_APPEND | O_CLOEXEC)
    #expect(own > 2)
    defer { close(own) }
    #expect(
      throws: WholeFileWriter.Failure(reason: "it is kivash's own descriptor, not one it was given")
    ) {
      try WholeFileWriter.write(Data("lost\n".utf8), to: "/dev/fd/\(own)")
    }
    #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == "kept\n")
    #expect(!WholeFileWriter.isGiven(own))
    for given in [0, 1, 2] { #expect(WholeFileWriter.isGiven(Int32(given))) }
  }

  @Test("standard output is known by any of its names, and nothing else is taken for it")
  func standardOutput() throws {
    #expect(WholeFileWriter.leadsToStandardOutput("/dev/stdout"))
    #expect(WholeFileWriter.leadsToStandardOutput("/proc/self/fd/1"))
    let copy = dup(STDOUT_FILENO)
    #expect(copy > 2)
    defer { close(copy) }
    #expect(WholeFileWriter.leadsToStandardOutput("/dev/fd/\(copy)"))
    let folder = try TemporaryDirectory()
    #expect(symlink("/dev/stdout", folder.file("out").path) == 0)
    #expect(WholeFileWriter.leadsToStandardOutput(folder.file("out").path))
    #expect(!WholeFileWriter.leadsToStandardOutput(folder.file("new.json").path))
    #expect(!WholeFileWriter.leadsToStandardOutput("/dev/stderr") || isSameFile(1, 2))
  }

  /// Whether two descriptors are open on the same file (a terminal, say).
  private func isSameFile(_ one: Int32, _ other: Int32) -> Bool {
    var first = stat()
    var second = stat()
    return fstat(one, &first) == 0 && fstat(other, &second) == 0
      && first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}
