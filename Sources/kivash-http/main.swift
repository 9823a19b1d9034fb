import Foundation
import KivaNetworking

// kivash's network helper: see HTTPHelper.
exit(HTTPHelper.main(arguments: Array(CommandLine.arguments.dropFirst())))
