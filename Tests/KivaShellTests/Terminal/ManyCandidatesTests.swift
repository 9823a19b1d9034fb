import Foundation
import Testing

/// TAB with more candidates than fit a screen asks first, as readline does, and lists file
/// names without the folder the line already shows, as bash does.
@Suite(.serialized)
struct ManyCandidatesTests {
  @Test func tabAsksBeforeListingHundredsOfFilesAndListsTheirNames() throws {
    let shell = try KivashSession()
    let folder = shell.directory.appendingPathComponent("many")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for index in 1...1_200 {
      let name = String(format: "loans-%04d.json", index)
      #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: nil))
    }
    try shell.start()
    shell.terminal.send("fetch \(folder.path)/lo\t")
    try shell.terminal.expect("/loans-")
    shell.terminal.send("\t")
    try shell.terminal.expect("Display all 1200 possibilities? (y or n)")
    // No: nothing listed, the line as it was.
    shell.terminal.send("n")
    try shell.terminal.expect("loans> fetch \(folder.path)/loans-")
    #expect(!shell.terminal.text.contains("loans-0001.json"))
    shell.terminal.send("\t\t")
    try shell.terminal.expect("Display all 1200 possibilities? (y or n)")
    shell.terminal.send("y")
    try shell.terminal.expect("loans-0001.json  ")
    try shell.terminal.expect("loans-1200.json")
    try shell.terminal.expect("loans> fetch \(folder.path)/loans-")
    #expect(!shell.terminal.text.contains("/loans-0001.json"), "listed with the folder")
    // The line still completes to the whole path.
    shell.terminal.send("0007\t")
    try shell.terminal.expect("many/loans-0007.json")
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("loans> ")
    try shell.quit()
  }
}
