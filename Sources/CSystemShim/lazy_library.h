#ifndef PMBOARD_LAZY_LIBRARY_H
#define PMBOARD_LAZY_LIBRARY_H
// A shared library loaded when first needed rather than linked (libpq for a PostgreSQL store, libxml2 for a site's
// own templates): a linked library, and the ones behind it, is loaded and relocated at the start of every command.
// Macros only, for the system-library shims that include this file (Sources/CLibPQ, Sources/CLibXML2); each
// defines its functions under its own names.
#include <dlfcn.h>
#include <stddef.h>

// `pmboard_LIB_load()` loads the library `soname` once: 1 when it is there, 0 (and `pmboard_LIB_error()` says why)
// when not. `pmboard_LIB_handle()` is the handle to look functions up with. The handle lives in a function-local
// static, which Swift emits with each module's copy of an inline function; a copy still NULL asks the dynamic linker
// for the library another copy loaded (RTLD_NOLOAD), without loading it again.
#define PMBOARD_LAZY_LIBRARY(lib, soname)                                                                     \
  static inline void **pmboard_##lib##_slot(void) {                                                           \
    static void *handle;                                                                                      \
    return &handle;                                                                                           \
  }                                                                                                           \
  static inline int pmboard_##lib##_load(void) {                                                              \
    if (*pmboard_##lib##_slot() == NULL) {                                                                    \
      void *handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL);                                                   \
      if (handle == NULL) return 0;                                                                           \
      *pmboard_##lib##_slot() = handle;                                                                       \
    }                                                                                                         \
    return 1;                                                                                                 \
  }                                                                                                           \
  static inline const char *pmboard_##lib##_error(void) { return dlerror(); }                                 \
  static inline void *pmboard_##lib##_handle(void) {                                                          \
    if (*pmboard_##lib##_slot() == NULL) {                                                                    \
      *pmboard_##lib##_slot() = dlopen(soname, RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);                          \
    }                                                                                                         \
    return *pmboard_##lib##_slot();                                                                           \
  }

// Each wrapper looks its function up once; a concurrent first call looks it up twice and stores the same address.
#define PMBOARD_LAZY_FUNCTION(lib, name)                                                                      \
  static __typeof__(&name) function;                                                                          \
  if (function == NULL) function = (__typeof__(&name))dlsym(pmboard_##lib##_handle(), #name);

// `pmboard_NAME(PARAMETERS)`: library `lib`'s `NAME`, called through the address looked up above. Call it only after
// `pmboard_LIB_load()` succeeded.
#define PMBOARD_LAZY(lib, type, name, parameters, arguments)                                                  \
  static inline type pmboard_##name parameters { PMBOARD_LAZY_FUNCTION(lib, name) return function arguments; }
#define PMBOARD_LAZY_VOID(lib, name, parameters, arguments)                                                   \
  static inline void pmboard_##name parameters { PMBOARD_LAZY_FUNCTION(lib, name) function arguments; }

#endif
