// libpq, PostgreSQL's client library (libpq-dev on Debian), for the PostgreSQL module.
// pkg-config adds its include folder; without pkg-config, Debian's folder is tried by name.
#if __has_include(<libpq-fe.h>)
#include <libpq-fe.h>
#else
#include <postgresql/libpq-fe.h>
#endif
