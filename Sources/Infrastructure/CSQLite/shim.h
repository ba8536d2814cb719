// The system SQLite (libsqlite3-dev on Debian), for the EmbeddedDatabase module.
#include <sqlite3.h>
