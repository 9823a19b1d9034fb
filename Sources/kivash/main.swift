import Foundation
import KivaShell

exit(
  Launcher.main(
    rawArguments: Launcher.processArguments(),
    environment: ProcessInfo.processInfo.environment))
