#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

// SQLite 3, as Debian's libsqlite3-dev installs it (pkg-config "sqlite3"), plus the
// two things Swift cannot express: the SQLITE_TRANSIENT destructor (a cast of -1 to a
// function pointer) and sqlite3_db_config, which is C-variadic.

#include <sqlite3.h>

/// Binds `length` bytes of UTF-8 `text` to parameter `index`; SQLite copies the bytes.
static inline int csqlite_bind_text(sqlite3_stmt *statement, int index, const char *text,
                                    int length) {
  return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

/// Whether closing the last connection checkpoints the write-ahead log into the
/// database file (SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, inverted). Returns an SQLite code.
static inline int csqlite_set_checkpoint_on_close(sqlite3 *db, int enabled) {
  return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, enabled ? 0 : 1, (int *)0);
}

#endif
