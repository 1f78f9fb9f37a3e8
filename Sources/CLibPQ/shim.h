#ifndef PMBOARD_CLIBPQ_SHIM_H
#define PMBOARD_CLIBPQ_SHIM_H
// PostgreSQL's client library, loaded when a PostgreSQL store is first opened rather than linked: libpq pulls in
// some twenty shared libraries (OpenSSL, Kerberos, LDAP, GnuTLS, ...) whose loading cost every command, SQLite or
// JSON, several milliseconds at start. Only `PostgresConnection.swift` in PMBoardBytes calls these wrappers, and only
// after `pmboard_libpq_load()` succeeded. The headers come from Debian's libpq-dev; the library from libpq5.
#include <dlfcn.h>
#include <stddef.h>
#include <postgresql/libpq-fe.h>

// The library's handle, NULL until loaded (a function-local static: Swift emits those of inline functions).
static inline void **pmboard_libpq_slot(void) {
  static void *handle;
  return &handle;
}

// Loads libpq once; 1 when it is there, 0 (and `pmboard_libpq_error` says why) when not.
static inline int pmboard_libpq_load(void) {
  if (*pmboard_libpq_slot() == NULL) {
    void *handle = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return 0;
    *pmboard_libpq_slot() = handle;
  }
  return 1;
}

static inline const char *pmboard_libpq_error(void) { return dlerror(); }

// Each wrapper looks its function up once; a concurrent first call looks it up twice and stores the same address.
#define PMBOARD_LIBPQ_FUNCTION(name) \
  static __typeof__(&name) function; \
  if (function == NULL) function = (__typeof__(&name))dlsym(*pmboard_libpq_slot(), #name);

// `pmboard_NAME(PARAMETERS)`: libpq's `NAME`, called through the address looked up above.
#define PMBOARD_LIBPQ(type, name, parameters, arguments) \
  static inline type pmboard_##name parameters { PMBOARD_LIBPQ_FUNCTION(name) return function arguments; }
#define PMBOARD_LIBPQ_VOID(name, parameters, arguments) \
  static inline void pmboard_##name parameters { PMBOARD_LIBPQ_FUNCTION(name) function arguments; }

PMBOARD_LIBPQ(PGconn *, PQconnectdbParams, (const char *const *keywords, const char *const *values, int expand_dbname), (keywords, values, expand_dbname))
PMBOARD_LIBPQ(ConnStatusType, PQstatus, (const PGconn *conn), (conn))
PMBOARD_LIBPQ(char *, PQerrorMessage, (const PGconn *conn), (conn))
PMBOARD_LIBPQ_VOID(PQfinish, (PGconn *conn), (conn))
PMBOARD_LIBPQ(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg))
PMBOARD_LIBPQ(PGresult *, PQexecParams, (PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat), (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
PMBOARD_LIBPQ(ExecStatusType, PQresultStatus, (const PGresult *res), (res))
PMBOARD_LIBPQ(char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
PMBOARD_LIBPQ(char *, PQresultErrorMessage, (const PGresult *res), (res))
PMBOARD_LIBPQ_VOID(PQclear, (PGresult *res), (res))
PMBOARD_LIBPQ(int, PQntuples, (const PGresult *res), (res))
PMBOARD_LIBPQ(int, PQnfields, (const PGresult *res), (res))
PMBOARD_LIBPQ(char *, PQcmdTuples, (PGresult *res), (res))
PMBOARD_LIBPQ(int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PMBOARD_LIBPQ(char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PMBOARD_LIBPQ(int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))

#endif
