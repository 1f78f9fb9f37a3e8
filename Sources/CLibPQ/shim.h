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

static inline PGconn * pmboard_PQconnectdbParams(const char *const *keywords, const char *const *values, int expand_dbname) {
  PMBOARD_LIBPQ_FUNCTION(PQconnectdbParams)
  return function(keywords, values, expand_dbname);
}

static inline ConnStatusType pmboard_PQstatus(const PGconn *conn) {
  PMBOARD_LIBPQ_FUNCTION(PQstatus)
  return function(conn);
}

static inline char * pmboard_PQerrorMessage(const PGconn *conn) {
  PMBOARD_LIBPQ_FUNCTION(PQerrorMessage)
  return function(conn);
}

static inline void pmboard_PQfinish(PGconn *conn) {
  PMBOARD_LIBPQ_FUNCTION(PQfinish)
  function(conn);
}

static inline PQnoticeProcessor pmboard_PQsetNoticeProcessor(PGconn *conn, PQnoticeProcessor proc, void *arg) {
  PMBOARD_LIBPQ_FUNCTION(PQsetNoticeProcessor)
  return function(conn, proc, arg);
}

static inline PGresult * pmboard_PQexecParams(PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat) {
  PMBOARD_LIBPQ_FUNCTION(PQexecParams)
  return function(conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat);
}

static inline ExecStatusType pmboard_PQresultStatus(const PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQresultStatus)
  return function(res);
}

static inline char * pmboard_PQresultErrorField(const PGresult *res, int fieldcode) {
  PMBOARD_LIBPQ_FUNCTION(PQresultErrorField)
  return function(res, fieldcode);
}

static inline char * pmboard_PQresultErrorMessage(const PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQresultErrorMessage)
  return function(res);
}

static inline void pmboard_PQclear(PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQclear)
  function(res);
}

static inline int pmboard_PQntuples(const PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQntuples)
  return function(res);
}

static inline int pmboard_PQnfields(const PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQnfields)
  return function(res);
}

static inline char * pmboard_PQcmdTuples(PGresult *res) {
  PMBOARD_LIBPQ_FUNCTION(PQcmdTuples)
  return function(res);
}

static inline int pmboard_PQgetisnull(const PGresult *res, int tup_num, int field_num) {
  PMBOARD_LIBPQ_FUNCTION(PQgetisnull)
  return function(res, tup_num, field_num);
}

static inline char * pmboard_PQgetvalue(const PGresult *res, int tup_num, int field_num) {
  PMBOARD_LIBPQ_FUNCTION(PQgetvalue)
  return function(res, tup_num, field_num);
}

static inline int pmboard_PQgetlength(const PGresult *res, int tup_num, int field_num) {
  PMBOARD_LIBPQ_FUNCTION(PQgetlength)
  return function(res, tup_num, field_num);
}

#endif
