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
    // 1200 names fill 200 rows of six columns, on a screen of 30 rows: a screenful at a
    // time under --More--, as readline pages them.
    shell.terminal.send("y")
    try shell.terminal.expect("loans-0001.json  ")
    try shell.terminal.expect("loans-0029.json  ")
    try shell.terminal.expect("--More--")
    #expect(!shell.terminal.text.contains("loans-0030.json"), "past the first screen")
    // Return shows one row more; space the next screenful; other keys nothing.
    shell.terminal.send("\r")
    try shell.terminal.expect("loans-0030.json  ")
    try shell.terminal.expect("--More--")
    shell.terminal.send("x ")
    try shell.terminal.expect("loans-0059.json  ")
    try shell.terminal.expect("--More--")
    #expect(!shell.terminal.text.contains("loans-0060.json"), "one screen more")
    // Five screens more end the 200 rows (59 + 5 × 29 ≥ 200).
    shell.terminal.send("     ")
    try shell.terminal.expect("loans-1200.json")
    try shell.terminal.expect("loans> fetch \(folder.path)/loans-")
    // q stops the listing, and the line is as it was.
    shell.terminal.send("\t\t")
    try shell.terminal.expect("Display all 1200 possibilities? (y or n)")
    shell.terminal.send("y")
    try shell.terminal.expect("--More--")
    shell.terminal.send("q")
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
