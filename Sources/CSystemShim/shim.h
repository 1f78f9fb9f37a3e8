#ifndef PMBOARD_CSYSTEMSHIM_H
#define PMBOARD_CSYSTEMSHIM_H
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#ifdef __linux__
#include <sys/syscall.h>
#include <unistd.h>
#endif

// Swaps two names, each relative to an open folder, in one step (Linux renameat2 with RENAME_EXCHANGE), so a web
// server reading the site never sees it missing or half-written. Returns -1 with errno ENOSYS/EINVAL where
// unsupported.
static inline int pmboard_exchange_at(int from_folder, const char *a, int to_folder, const char *b) {
#if defined(__linux__) && defined(SYS_renameat2)
  return (int)syscall(SYS_renameat2, from_folder, a, to_folder, b, 2 /* RENAME_EXCHANGE */);
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
// UTF-8 well-formedness sixteen bytes at a time (SSE2, in every x86-64 processor): each byte is checked against
// the three before it, which say whether it must be a continuation byte, and against the one before for the
// narrower ranges after E0, ED, F0 and F4; C0, C1 and F5..FF are never allowed. `PMBoardBytes.UTF8Check` calls
// it and keeps its own byte loop (the reference its tests compare with) for short texts and other processors.
#if defined(__SSE2__)
#include <emmintrin.h>

static inline __m128i pmboard_utf8_at_least(__m128i x, unsigned char value) {
  return _mm_cmpeq_epi8(_mm_max_epu8(x, _mm_set1_epi8((char)value)), x);
}

// The bytes of the sixteen at `at` that break UTF-8 (all bits set), given the three bytes before `at`.
static inline __m128i pmboard_utf8_wrong(const unsigned char *at) {
  __m128i cur = _mm_loadu_si128((const __m128i *)at);
  __m128i p1 = _mm_loadu_si128((const __m128i *)(at - 1));
  __m128i p2 = _mm_loadu_si128((const __m128i *)(at - 2));
  __m128i p3 = _mm_loadu_si128((const __m128i *)(at - 3));
  __m128i continuation = _mm_cmpeq_epi8(_mm_and_si128(cur, _mm_set1_epi8((char)0xC0)), _mm_set1_epi8((char)0x80));
  __m128i expected = _mm_or_si128(
    pmboard_utf8_at_least(p1, 0xC0), _mm_or_si128(pmboard_utf8_at_least(p2, 0xE0), pmboard_utf8_at_least(p3, 0xF0)));
  __m128i wrong = _mm_xor_si128(continuation, expected);
  wrong = _mm_or_si128(wrong, _mm_cmpeq_epi8(_mm_and_si128(cur, _mm_set1_epi8((char)0xFE)), _mm_set1_epi8((char)0xC0)));
  wrong = _mm_or_si128(wrong, pmboard_utf8_at_least(cur, 0xF5));
  __m128i below_a0 = _mm_xor_si128(pmboard_utf8_at_least(cur, 0xA0), _mm_set1_epi8((char)0xFF));
  __m128i below_90 = _mm_xor_si128(pmboard_utf8_at_least(cur, 0x90), _mm_set1_epi8((char)0xFF));
  wrong = _mm_or_si128(wrong, _mm_and_si128(_mm_cmpeq_epi8(p1, _mm_set1_epi8((char)0xE0)), below_a0));
  wrong = _mm_or_si128(wrong, _mm_andnot_si128(below_a0, _mm_cmpeq_epi8(p1, _mm_set1_epi8((char)0xED))));
  wrong = _mm_or_si128(wrong, _mm_and_si128(_mm_cmpeq_epi8(p1, _mm_set1_epi8((char)0xF0)), below_90));
  wrong = _mm_or_si128(wrong, _mm_andnot_si128(below_90, _mm_cmpeq_epi8(p1, _mm_set1_epi8((char)0xF4))));
  return wrong;
}
#endif

// 1 when the `count` bytes at `bytes` are well-formed UTF-8, 0 when not; -1 when not checked here (fewer than
// 19 bytes, or no SSE2).
static inline int pmboard_utf8_check_blocks(const unsigned char *bytes, long count) {
#if defined(__SSE2__)
  if (count < 19) return -1;
  // The first sixteen bytes with three zero bytes before them: nothing is pending at the start.
  unsigned char head[19] = {0};
  for (int k = 0; k < 16; k++) head[3 + k] = bytes[k];
  __m128i wrong = pmboard_utf8_wrong(head + 3);
  long i = 16;
  for (; i + 16 <= count; i += 16) {
    // Nothing to check where these sixteen bytes and the three before them are all ASCII.
    __m128i before = _mm_loadu_si128((const __m128i *)(bytes + i - 3));
    __m128i here = _mm_loadu_si128((const __m128i *)(bytes + i));
    if (_mm_movemask_epi8(_mm_or_si128(before, here)) == 0) continue;
    wrong = _mm_or_si128(wrong, pmboard_utf8_wrong(bytes + i));
  }
  // The last sixteen bytes, overlapping some already checked.
  if (i < count) wrong = _mm_or_si128(wrong, pmboard_utf8_wrong(bytes + count - 16));
  if (_mm_movemask_epi8(wrong) != 0) return 0;
  // A sequence the last bytes start must end inside the text.
  return bytes[count - 1] < 0xC0 && bytes[count - 2] < 0xE0 && bytes[count - 3] < 0xF0;
#else
  (void)bytes;
  (void)count;
  return -1;
#endif
}

#if defined(__SSE2__)
// The index of the first of the `count` (at least sixteen) bytes at `bytes` that `match` marks in its block, or
// `count`. Sixteen bytes at a time; the last sixteen overlap some already searched, which held none, so the first
// found is still the first.
static inline long pmboard_first_marked(
  const unsigned char *bytes, long count, __m128i (*match)(__m128i block, __m128i extra), __m128i extra) {
  for (long i = 0;; i += 16) {
    long at = i + 16 <= count ? i : count - 16;
    int mask = _mm_movemask_epi8(match(_mm_loadu_si128((const __m128i *)(bytes + at)), extra));
    if (mask != 0) return at + __builtin_ctz((unsigned)mask);
    if (at + 16 >= count) return count;
  }
}

// The bytes HTML escaping replaces: & < > " '.
static inline __m128i pmboard_special_bytes(__m128i x, __m128i unused) {
  (void)unused;
  return _mm_or_si128(
    _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('&')), _mm_cmpeq_epi8(x, _mm_set1_epi8('<'))),
    _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8('>')), _mm_cmpeq_epi8(x, _mm_set1_epi8('"'))),
      _mm_cmpeq_epi8(x, _mm_set1_epi8('\''))));
}

// The bytes a control character may start with: below 0x20 but tab and `allowed` (line feed, or tab again), DEL,
// and 0xC2.
static inline __m128i pmboard_control_candidates(__m128i x, __m128i allowed) {
  __m128i below = _mm_cmpeq_epi8(_mm_min_epu8(x, _mm_set1_epi8(0x1F)), x);
  __m128i plain = _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(0x09)), _mm_cmpeq_epi8(x, allowed));
  return _mm_or_si128(
    _mm_andnot_si128(plain, below),
    _mm_or_si128(_mm_cmpeq_epi8(x, _mm_set1_epi8(0x7F)), _mm_cmpeq_epi8(x, _mm_set1_epi8((char)0xC2))));
}
#endif

// The index of the first of the `count` bytes at `bytes` that HTML escaping replaces (& < > " '), or `count`; -1
// when not searched here (fewer than sixteen bytes, or no SSE2). `PMBoardBytes.HTMLEscaper` keeps its own word loop
// for those, the reference its tests compare with.
static inline long pmboard_first_special(const unsigned char *bytes, long count) {
#if defined(__SSE2__)
  if (count < 16) return -1;
  return pmboard_first_marked(bytes, count, pmboard_special_bytes, _mm_setzero_si128());
#else
  (void)bytes;
  (void)count;
  return -1;
#endif
}

// The index of the first of the `count` bytes at `bytes` where a control character may start, or `count`: a byte
// below 0x20 but tab (and line feed when `line_feeds` is nonzero), DEL, or 0xC2 (the lead byte of C1 controls and
// of other Latin-1 characters, which the caller tells apart); -1 when not searched here (fewer than sixteen bytes,
// or no SSE2). `PMBoardBytes.ControlCharacters` keeps its own word loop for those, the reference its tests use.
static inline long pmboard_first_control_candidate(const unsigned char *bytes, long count, int line_feeds) {
#if defined(__SSE2__)
  if (count < 16) return -1;
  return pmboard_first_marked(bytes, count, pmboard_control_candidates, _mm_set1_epi8(line_feeds ? 0x0A : 0x09));
#else
  (void)bytes;
  (void)count;
  (void)line_feeds;
  return -1;
#endif
}

#endif
