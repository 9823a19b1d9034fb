import Foundation
import KivaShell

AllocatorTuning.forLargeData()
exit(
  Launcher.main(
    rawArguments: Launcher.processArguments(),
    environment: ProcessInfo.processInfo.environment))
