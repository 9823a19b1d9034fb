import Foundation
import KivaShell

exit(
  Launcher.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment))
