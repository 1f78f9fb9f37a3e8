#ifndef PMBOARD_CSYSTEMSHIM_H
#define PMBOARD_CSYSTEMSHIM_H
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

// Swaps two paths in one step (Linux renameat2 with RENAME_EXCHANGE), so a web server reading the site
// never sees it missing or half-written. Returns -1 with errno ENOSYS/EINVAL where unsupported.
static inline int pmboard_exchange_paths(const char *a, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2 /* RENAME_EXCHANGE */);
#else
  errno = ENOSYS;
  return -1;
#endif
}

// Copies `length` bytes from `in` at `*offset` to `out` at its file position inside the kernel (Linux
// copy_file_range), advancing both. Returns -1 with errno ENOSYS where unsupported.
static inline long long pmboard_copy_file_range(int in, long long *offset, int out, unsigned long length) {
#if defined(__linux__) && defined(SYS_copy_file_range)
  return (long long)syscall(SYS_copy_file_range, in, offset, out, (void *)0, length, 0);
#else
  errno = ENOSYS;
  return -1;
#endif
}
#endif
