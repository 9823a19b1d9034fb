import Testing

/// TAB at the `...>` prompt of a block left open: the line goes on JSON or a model's
/// fields, where command names make no sense.
@Suite(.serialized)
struct ContinuationCompletionTests {
  @Test func tabInsideABlockListsNoCommands() throws {
    let shell = try KivashSession()
    try shell.start()
    shell.terminal.send("decode FlatLoan {\r")
    try shell.terminal.expect("...> ")
    shell.terminal.send("\t\t\"name\": \"Ann\", \"country\": \"Kenya\",\r")
    // Were commands listed, they would show before the typed text is echoed.
    try shell.terminal.expect("\"country\": \"Kenya\",")
    try shell.terminal.expect("...> ")
    shell.terminal.send("\"use\": \"x\", \"amount\": 5}\r")
    try shell.terminal.expect(#"FlatLoan(name: "Ann", country: "Kenya", use: "x", amount: 5)"#)
    try shell.terminal.expect("loans> ")
    #expect(!shell.terminal.text.contains("codegen"), "\(shell.terminal.text)")
    // At the prompt again, TAB completes commands.
    shell.terminal.send("cod\t")
    try shell.terminal.expect("codegen")
    shell.terminal.send(bytes: [0x03])
    try shell.terminal.expect("loans> ")
    try shell.quit()
  }
}
