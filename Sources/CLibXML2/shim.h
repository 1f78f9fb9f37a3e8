#ifndef PMBOARD_CLIBXML2_SHIM_H
#define PMBOARD_CLIBXML2_SHIM_H
// libxml2, loaded when a template is first checked rather than linked: with ICU, liblzma and zlib behind it, it was
// four more libraries to load and relocate at the start of every command, and most builds check no template (the
// built-in theme's check is its tests'). Only `HTMLLibXML2Parser.swift` in PMBoardBytes calls these wrappers, and only
// after `pmboard_libxml2_load()` succeeded. The headers come from Debian's libxml2-dev; the library from libxml2.
// Foundation and libxml2's ICU headers declare clashing types; pmboard needs no ICU from libxml2.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include "../CSystemShim/lazy_library.h"

PMBOARD_LAZY_LIBRARY(libxml2, "libxml2.so.2")

PMBOARD_LAZY_VOID(libxml2, xmlInitParser, (void), ())
PMBOARD_LAZY(libxml2, htmlParserCtxtPtr, htmlNewParserCtxt, (void), ())
PMBOARD_LAZY_VOID(libxml2, htmlFreeParserCtxt, (htmlParserCtxtPtr context), (context))
PMBOARD_LAZY(libxml2, htmlDocPtr, htmlCtxtReadMemory, (htmlParserCtxtPtr context, const char *buffer, int size, const char *url, const char *encoding, int options), (context, buffer, size, url, encoding, options))
PMBOARD_LAZY_VOID(libxml2, xmlFreeDoc, (xmlDocPtr document), (document))

#endif
