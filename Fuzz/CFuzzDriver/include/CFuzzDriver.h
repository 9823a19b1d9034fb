#ifndef KIVASH_FUZZ_DRIVER_H
#define KIVASH_FUZZ_DRIVER_H

/// Runs libFuzzer on the target's LLVMFuzzerTestOneInput with the command line's options:
/// what libFuzzer's own main() does. SwiftPM links an executable target's main() to the
/// module's top-level code, so the targets' main.swift calls this instead of relying on
/// libFuzzer's main().
int kivash_fuzz_main(int argc, char **argv);

/// Reports a finding: prints "fuzz finding: MESSAGE" to stderr and aborts, which libFuzzer
/// records as a crash with the input that caused it. (Swift's precondition messages are
/// not printed in optimised builds.)
__attribute__((noreturn)) void kivash_fuzz_fail(const char *message);

#endif
