#ifndef PMBOARD_CLIBPQ_SHIM_H
#define PMBOARD_CLIBPQ_SHIM_H
// PostgreSQL's client library, loaded when a PostgreSQL store is first opened rather than linked: libpq pulls in
// some twenty shared libraries (OpenSSL, Kerberos, LDAP, GnuTLS, ...) whose loading cost every command, SQLite or
// JSON, several milliseconds at start. Only `PostgresConnection.swift` in PMBoardBytes calls these wrappers, and only
// after `pmboard_libpq_load()` succeeded. The headers come from Debian's libpq-dev; the library from libpq5.
#include <postgresql/libpq-fe.h>
#include "../CSystemShim/lazy_library.h"

PMBOARD_LAZY_LIBRARY(libpq, "libpq.so.5")

PMBOARD_LAZY(libpq, PGconn *, PQconnectdbParams, (const char *const *keywords, const char *const *values, int expand_dbname), (keywords, values, expand_dbname))
PMBOARD_LAZY(libpq, ConnStatusType, PQstatus, (const PGconn *conn), (conn))
PMBOARD_LAZY(libpq, char *, PQerrorMessage, (const PGconn *conn), (conn))
PMBOARD_LAZY_VOID(libpq, PQfinish, (PGconn *conn), (conn))
PMBOARD_LAZY(libpq, PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *conn, PQnoticeProcessor proc, void *arg), (conn, proc, arg))
PMBOARD_LAZY(libpq, PGresult *, PQexecParams, (PGconn *conn, const char *command, int nParams, const Oid *paramTypes, const char *const *paramValues, const int *paramLengths, const int *paramFormats, int resultFormat), (conn, command, nParams, paramTypes, paramValues, paramLengths, paramFormats, resultFormat))
PMBOARD_LAZY(libpq, ExecStatusType, PQresultStatus, (const PGresult *res), (res))
PMBOARD_LAZY(libpq, char *, PQresultErrorField, (const PGresult *res, int fieldcode), (res, fieldcode))
PMBOARD_LAZY(libpq, char *, PQresultErrorMessage, (const PGresult *res), (res))
PMBOARD_LAZY_VOID(libpq, PQclear, (PGresult *res), (res))
PMBOARD_LAZY(libpq, int, PQntuples, (const PGresult *res), (res))
PMBOARD_LAZY(libpq, int, PQnfields, (const PGresult *res), (res))
PMBOARD_LAZY(libpq, char *, PQcmdTuples, (PGresult *res), (res))
PMBOARD_LAZY(libpq, int, PQgetisnull, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PMBOARD_LAZY(libpq, char *, PQgetvalue, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PMBOARD_LAZY(libpq, int, PQgetlength, (const PGresult *res, int tup_num, int field_num), (res, tup_num, field_num))
PMBOARD_LAZY(libpq, int, PQsocket, (const PGconn *conn), (conn))
PMBOARD_LAZY(libpq, int, PQconsumeInput, (PGconn *conn), (conn))
PMBOARD_LAZY(libpq, PGnotify *, PQnotifies, (PGconn *conn), (conn))
PMBOARD_LAZY_VOID(libpq, PQfreemem, (void *ptr), (ptr))

#endif
