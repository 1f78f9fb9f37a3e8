#ifndef PMBOARD_CLIBXML2_SHIM_H
#define PMBOARD_CLIBXML2_SHIM_H
// Foundation and libxml2's ICU headers declare clashing types; pmboard needs no ICU from libxml2.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
