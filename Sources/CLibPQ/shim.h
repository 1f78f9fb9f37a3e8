#ifndef PMBOARD_CLIBPQ_SHIM_H
#define PMBOARD_CLIBPQ_SHIM_H
// PostgreSQL's client library; only `PostgresConnection.swift` in PMBoardStore calls it.
#include <libpq-fe.h>
#endif
