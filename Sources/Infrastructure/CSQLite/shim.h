// The system SQLite (libsqlite3-dev on Debian), for the SQLite module.
#include <sqlite3.h>
