#define _XOPEN_SOURCE 700  // wcwidth
#include "CEditLineShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

// MARK: - Editor setup

EditLine *kivash_el_init(const char *program) {
  return el_init(program, stdin, stdout, stderr);
}

FILE *kivash_stdout(void) { return stdout; }

int kivash_el_set_prompt(EditLine *el, kivash_prompt_fn fn, wchar_t escape) {
  return el_wset(el, EL_PROMPT_ESC, fn, escape);
}

int kivash_el_set_editor(EditLine *el, const wchar_t *mode) {
  return el_wset(el, EL_EDITOR, mode);
}

int kivash_el_set_history(EditLine *el, HistoryW *history) {
  return el_wset(el, EL_HIST, history_w, history);
}

int kivash_el_add_function(EditLine *el, const wchar_t *name,
                           const wchar_t *help, kivash_command_fn fn) {
  return el_wset(el, EL_ADDFN, name, help, fn);
}

int kivash_el_bind(EditLine *el, const wchar_t *key, const wchar_t *command) {
  return el_wset(el, EL_BIND, key, command, (const wchar_t *)NULL);
}

int kivash_el_set_getc(EditLine *el, kivash_getc_fn fn) {
  return el_wset(el, EL_GETCFN, fn);
}

int kivash_el_set_client_data(EditLine *el, void *data) {
  return el_wset(el, EL_CLIENTDATA, data);
}

void *kivash_el_client_data(EditLine *el) {
  void *data = NULL;
  if (el_wget(el, EL_CLIENTDATA, &data) != 0) return NULL;
  return data;
}

int kivash_el_prepare_terminal(EditLine *el, int raw) {
  return el_wset(el, EL_PREP_TERM, raw);
}

int kivash_el_refresh(EditLine *el) { return el_wset(el, EL_REFRESH); }

// MARK: - History

int kivash_history_set_size(HistoryW *history, int size) {
  HistEventW event;
  return history_w(history, &event, H_SETSIZE, size);
}

int kivash_history_set_unique(HistoryW *history, int unique) {
  HistEventW event;
  return history_w(history, &event, H_SETUNIQUE, unique);
}

int kivash_history_enter(HistoryW *history, const wchar_t *line) {
  HistEventW event;
  return history_w(history, &event, H_ENTER, line);
}

// MARK: - Signals

static volatile sig_atomic_t sigint_seen;
static volatile sig_atomic_t sigwinch_seen;
static volatile sig_atomic_t sigcont_seen;
static volatile sig_atomic_t sigterm_seen;
static volatile sig_atomic_t sighup_seen;
static volatile sig_atomic_t stopping_signal;
static int wakeup_pipe[2] = {-1, -1};
static int install_count;
static struct sigaction saved_int, saved_winch, saved_cont, saved_term, saved_hup, saved_quit;

static void on_signal(int signo) {
  int saved_errno = errno;
  if (signo == SIGINT) sigint_seen = 1;
  if (signo == SIGWINCH) sigwinch_seen = 1;
  if (signo == SIGCONT) sigcont_seen = 1;
  if (signo == SIGTERM) sigterm_seen = 1;
  if (signo == SIGHUP) sighup_seen = 1;
  if (wakeup_pipe[1] >= 0) {
    char byte = 0;
    ssize_t ignored = write(wakeup_pipe[1], &byte, 1);  // full pipe: already awake
    (void)ignored;
  }
  errno = saved_errno;
}

static int make_wakeup_pipe(void) {
  if (pipe(wakeup_pipe) != 0) return -1;
  for (int i = 0; i < 2; i++) {
    fcntl(wakeup_pipe[i], F_SETFD, FD_CLOEXEC);
    fcntl(wakeup_pipe[i], F_SETFL, fcntl(wakeup_pipe[i], F_GETFL) | O_NONBLOCK);
  }
  return 0;
}

/* Unblocks SIGINT and SIGTERM in the calling thread: a program that starts kivash may
   have them blocked, and the mask is inherited across exec. */
static void unblock_stopping_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

int kivash_signals_install(void) {
  if (install_count++ > 0) return 0;
  if (make_wakeup_pipe() != 0) {
    install_count = 0;
    return -1;
  }
  kivash_ignore_sigpipe();
  struct sigaction action;
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_signal;
  action.sa_flags = 0;  // no SA_RESTART: a blocked read() returns EINTR on ^C
  sigaction(SIGINT, &action, &saved_int);
  action.sa_flags = SA_RESTART;  // resizing must not disturb other reads
  sigaction(SIGWINCH, &action, &saved_winch);
  sigaction(SIGCONT, &action, &saved_cont);
  action.sa_flags = 0;
  sigaction(SIGTERM, &action, &saved_term);
  /* A hang-up (the terminal closed, or kill -HUP) ends the session as SIGTERM does: the
     terminal is put back in its normal mode on the way out. */
  sigaction(SIGHUP, &action, &saved_hup);
  /* Ctrl-\ at the prompt: ignored, as interactive shells do (it would end kivash with
     a crash report from the Swift runtime). */
  struct sigaction ignore;
  sigemptyset(&ignore.sa_mask);
  ignore.sa_handler = SIG_IGN;
  ignore.sa_flags = 0;
  sigaction(SIGQUIT, &ignore, &saved_quit);
  unblock_stopping_signals();
  return 0;
}

void kivash_signals_restore(void) {
  if (install_count == 0 || --install_count > 0) return;
  sigaction(SIGINT, &saved_int, NULL);
  sigaction(SIGWINCH, &saved_winch, NULL);
  sigaction(SIGCONT, &saved_cont, NULL);
  sigaction(SIGTERM, &saved_term, NULL);
  sigaction(SIGHUP, &saved_hup, NULL);
  sigaction(SIGQUIT, &saved_quit, NULL);
  int read_end = wakeup_pipe[0], write_end = wakeup_pipe[1];
  wakeup_pipe[1] = -1;
  wakeup_pipe[0] = -1;
  close(write_end);
  close(read_end);
}

int kivash_signal_wakeup_fd(void) { return wakeup_pipe[0]; }

void kivash_signal_wakeup_drain(void) {
  char buffer[64];
  if (wakeup_pipe[0] < 0) return;
  while (read(wakeup_pipe[0], buffer, sizeof buffer) > 0) {
  }
}

static int take(volatile sig_atomic_t *flag) {
  return __atomic_exchange_n(flag, 0, __ATOMIC_SEQ_CST) != 0;
}

int kivash_take_sigint(void) { return take(&sigint_seen); }
int kivash_sigint_pending(void) { return __atomic_load_n(&sigint_seen, __ATOMIC_SEQ_CST) != 0; }
int kivash_take_sigwinch(void) { return take(&sigwinch_seen); }
int kivash_take_sigcont(void) { return take(&sigcont_seen); }
int kivash_take_sigterm(void) { return take(&sigterm_seen); }
int kivash_take_sighup(void) { return take(&sighup_seen); }

// Written to by the stopping-signal handler, so that a reader waiting in poll() wakes
// even when the signal came just before it began to wait.
static int script_wakeup[2] = {-1, -1};

static void on_stopping_signal(int signo) {
  int saved_errno = errno;
  if (stopping_signal == 0) stopping_signal = signo;
  if (script_wakeup[1] >= 0) {
    char byte = 0;
    ssize_t ignored = write(script_wakeup[1], &byte, 1);  // full pipe: already awake
    (void)ignored;
  }
  errno = saved_errno;
}

int kivash_script_wakeup_fd(void) { return script_wakeup[0]; }

void kivash_script_signals_install(void) {
  if (script_wakeup[0] < 0 && pipe(script_wakeup) == 0) {
    for (int i = 0; i < 2; i++) {
      fcntl(script_wakeup[i], F_SETFD, FD_CLOEXEC);
      fcntl(script_wakeup[i], F_SETFL, fcntl(script_wakeup[i], F_GETFL) | O_NONBLOCK);
    }
  }
  struct sigaction action, previous;
  sigemptyset(&action.sa_mask);
  action.sa_handler = on_stopping_signal;
  action.sa_flags = 0;  // no SA_RESTART: a blocked read() returns EINTR
  sigaction(SIGINT, &action, &previous);
  // A script started in the background by a shell ignores Ctrl-C, as it should: keep that.
  if (previous.sa_handler == SIG_IGN) sigaction(SIGINT, &previous, NULL);
  sigaction(SIGTERM, &action, NULL);
  unblock_stopping_signals();
}

int kivash_stopping_signal(void) { return stopping_signal; }

void kivash_ignore_sigpipe(void) { signal(SIGPIPE, SIG_IGN); }

// MARK: - Terminal

int kivash_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

int kivash_terminal_rows(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_row;
}

int kivash_character_width(wchar_t character) { return wcwidth(character); }
