#ifndef CEDITLINESHIM_H
#define CEDITLINESHIM_H

// Typed, non-variadic wrappers for the parts of libedit that Swift cannot call
// (el_wset, el_wget and history_w are C-variadic), plus the signal handling
// that must live in C: a signal handler may only touch C globals.

#include <histedit.h>
#include <stdio.h>
#include <wchar.h>

// MARK: - Callback types

/// Returns the prompt to show; the text stays owned by the caller.
typedef wchar_t *(*kivash_prompt_fn)(EditLine *el);
/// A user-defined editor command bound to a key; returns a CC_* code.
typedef unsigned char (*kivash_command_fn)(EditLine *el, int key);
/// Reads one character into *ch; returns 1, 0 at end of input, -1 on error.
typedef int (*kivash_getc_fn)(EditLine *el, wchar_t *ch);

// MARK: - Editor setup (el_init, el_wset, el_wget)

/// el_init on the process's stdin, stdout and stderr (globals Swift 6 may not touch).
EditLine *kivash_el_init(const char *program);
/// The process's stdout stream, which libedit writes to.
FILE *kivash_stdout(void);

/// EL_PROMPT_ESC: characters between two `escape` characters take no room.
int kivash_el_set_prompt(EditLine *el, kivash_prompt_fn fn, wchar_t escape);
/// EL_EDITOR: "emacs" or "vi".
int kivash_el_set_editor(EditLine *el, const wchar_t *mode);
/// EL_HIST with the wide history functions.
int kivash_el_set_history(EditLine *el, HistoryW *history);
/// EL_ADDFN: makes `fn` available to kivash_el_bind under `name`.
int kivash_el_add_function(EditLine *el, const wchar_t *name,
                           const wchar_t *help, kivash_command_fn fn);
/// EL_BIND: binds a key ("^I", "^R") to a named editor command.
int kivash_el_bind(EditLine *el, const wchar_t *key, const wchar_t *command);
/// EL_GETCFN: replaces the function that reads characters from the terminal.
int kivash_el_set_getc(EditLine *el, kivash_getc_fn fn);
/// EL_CLIENTDATA (set).
int kivash_el_set_client_data(EditLine *el, void *data);
/// EL_CLIENTDATA (get); NULL if unset.
void *kivash_el_client_data(EditLine *el);
/// EL_PREP_TERM: puts the terminal in editing (raw != 0) or normal mode.
int kivash_el_prepare_terminal(EditLine *el, int raw);
/// EL_REFRESH: forgets what the screen shows and draws prompt and line anew.
int kivash_el_refresh(EditLine *el);

// MARK: - History (history_w)

/// H_SETSIZE.
int kivash_history_set_size(HistoryW *history, int size);
/// H_SETUNIQUE: with a non-zero flag, a line equal to the last one is not added.
int kivash_history_set_unique(HistoryW *history, int unique);
/// H_ENTER: adds a line (without its newline).
int kivash_history_enter(HistoryW *history, const wchar_t *line);

// MARK: - Signals

/// Installs handlers for SIGINT and SIGTERM (without SA_RESTART, so a blocked
/// read fails with EINTR), SIGWINCH and SIGCONT; each sets a flag and writes a byte to a
/// wake-up pipe so that poll() notices it without a race. Also ignores
/// SIGPIPE. Nested calls are counted. Returns 0, or -1 with errno set.
int kivash_signals_install(void);
/// Undoes the matching kivash_signals_install (the last one restores the
/// previous handlers).
void kivash_signals_restore(void);
/// The read end of the wake-up pipe (non-blocking), or -1 if not installed.
int kivash_signal_wakeup_fd(void);
/// Reads and discards whatever is in the wake-up pipe.
void kivash_signal_wakeup_drain(void);
/// Returns whether SIGINT arrived since the last call, and clears the flag.
int kivash_take_sigint(void);
/// Whether SIGINT arrived since it was last taken, without taking it.
int kivash_sigint_pending(void);
/// Returns whether SIGWINCH arrived since the last call, and clears the flag.
int kivash_take_sigwinch(void);
/// Returns whether SIGCONT arrived since the last call, and clears the flag.
int kivash_take_sigcont(void);
/// Returns whether SIGTERM arrived since the last call, and clears the flag
/// (while kivash_signals_install's handlers are in place).
int kivash_take_sigterm(void);
/// Takes the SIGHUP flag: the terminal hung up (or kill -HUP).
int kivash_take_sighup(void);
/// For scripts: SIGINT and SIGTERM only record which arrived first (see
/// kivash_stopping_signal), so that the script stops between commands.
void kivash_script_signals_install(void);
/// The first SIGINT or SIGTERM since kivash_script_signals_install, or 0.
int kivash_stopping_signal(void);
/// A descriptor that becomes readable when a stopping signal arrives (-1 before
/// kivash_script_signals_install): poll it beside the input.
int kivash_script_wakeup_fd(void);
/// Ignores SIGPIPE, so that writing to a closed pipe fails with EPIPE
/// instead of killing the process (`kivash ... | head`).
void kivash_ignore_sigpipe(void);

// MARK: - Terminal

/// The width in columns of the terminal on `fd`, or 0 if unknown.
int kivash_terminal_columns(int fd);
/// The height in rows of the terminal on `fd`, or 0 if unknown.
int kivash_terminal_rows(int fd);
/// wcwidth(): the columns a character takes, -1 if unprintable (per LC_CTYPE).
int kivash_character_width(wchar_t character);

#endif
