import CFuzzDriver
import Glibc

// libFuzzer runs the inputs; see CFuzzDriver.h for why this main calls it.
exit(kivash_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv))
