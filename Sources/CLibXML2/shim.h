#ifndef PMBOARD_CLIBXML2_SHIM_H
#define PMBOARD_CLIBXML2_SHIM_H
// libxml2, loaded when a template is first checked rather than linked: with ICU, liblzma and zlib behind it, it was
// four more libraries to load and relocate at the start of every command, and most builds check no template (the
// built-in theme's check is its tests'). Only `HTMLLibXML2Parser.swift` in PMBoardBytes calls these wrappers, and only
// after `pmboard_libxml2_load()` succeeded. The headers come from Debian's libxml2-dev; the library from libxml2.
#include <dlfcn.h>
#include <stddef.h>
// Foundation and libxml2's ICU headers declare clashing types; pmboard needs no ICU from libxml2.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>

// The library's handle, NULL until loaded (a function-local static: Swift emits those of inline functions).
static inline void **pmboard_libxml2_slot(void) {
  static void *handle;
  return &handle;
}

// Loads libxml2 once; 1 when it is there, 0 (and `pmboard_libxml2_error` says why) when not.
static inline int pmboard_libxml2_load(void) {
  if (*pmboard_libxml2_slot() == NULL) {
    void *handle = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) return 0;
    *pmboard_libxml2_slot() = handle;
  }
  return 1;
}

static inline const char *pmboard_libxml2_error(void) { return dlerror(); }

// The handle for looking functions up. Each Swift module that emits these inline functions has its own copy of the
// statics above, so a copy that is still NULL asks the dynamic linker for the library the first copy loaded, without
// loading it again.
static inline void *pmboard_libxml2_handle(void) {
  if (*pmboard_libxml2_slot() == NULL) {
    *pmboard_libxml2_slot() = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
  }
  return *pmboard_libxml2_slot();
}

// Each wrapper looks its function up once; a concurrent first call looks it up twice and stores the same address.
#define PMBOARD_LIBXML2_FUNCTION(name) \
  static __typeof__(&name) function; \
  if (function == NULL) function = (__typeof__(&name))dlsym(pmboard_libxml2_handle(), #name);

// `pmboard_NAME(PARAMETERS)`: libxml2's `NAME`, called through the address looked up above.
#define PMBOARD_LIBXML2(type, name, parameters, arguments) \
  static inline type pmboard_##name parameters { PMBOARD_LIBXML2_FUNCTION(name) return function arguments; }
#define PMBOARD_LIBXML2_VOID(name, parameters, arguments) \
  static inline void pmboard_##name parameters { PMBOARD_LIBXML2_FUNCTION(name) function arguments; }

PMBOARD_LIBXML2_VOID(xmlInitParser, (void), ())
PMBOARD_LIBXML2(htmlParserCtxtPtr, htmlNewParserCtxt, (void), ())
PMBOARD_LIBXML2_VOID(htmlFreeParserCtxt, (htmlParserCtxtPtr context), (context))
PMBOARD_LIBXML2(htmlDocPtr, htmlCtxtReadMemory, (htmlParserCtxtPtr context, const char *buffer, int size, const char *url, const char *encoding, int options), (context, buffer, size, url, encoding, options))
PMBOARD_LIBXML2_VOID(xmlFreeDoc, (xmlDocPtr document), (document))

#endif
