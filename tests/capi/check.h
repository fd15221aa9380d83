/* The C API tests' checks and file helpers (capi_test.c, capi_figure_test.c): each check counts,
 * a failed one prints where and what, and the test prints "N checks: P passed, F failed". */
#ifndef ANMKIT_TESTS_CAPI_CHECK_H
#define ANMKIT_TESTS_CAPI_CHECK_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int checks = 0, failures = 0;

#define CHECK(cond)                                                      \
  do {                                                                   \
    ++checks;                                                            \
    if (!(cond)) {                                                       \
      ++failures;                                                        \
      fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                    \
  } while (0)

#define CHECK_STR(actual, expected)                                                           \
  do {                                                                                        \
    const char* a_ = (actual);                                                                \
    ++checks;                                                                                 \
    if (a_ == NULL || strcmp(a_, (expected)) != 0) {                                          \
      ++failures;                                                                             \
      fprintf(stderr, "%s:%d: %s is \"%s\", expected \"%s\"\n", __FILE__, __LINE__, #actual, \
              a_ == NULL ? "(null)" : a_, (expected));                                        \
    }                                                                                         \
  } while (0)

#define CHECK_NEAR(actual, expected)                                                             \
  do {                                                                                           \
    const double a_ = (actual), e_ = (expected);                                                 \
    ++checks;                                                                                    \
    if (!(fabs(a_ - e_) <= 1e-6)) {                                                              \
      ++failures;                                                                                \
      fprintf(stderr, "%s:%d: %s is %.9g, expected %.9g\n", __FILE__, __LINE__, #actual, a_, e_); \
    }                                                                                            \
  } while (0)

/* dir/name, in one of four buffers that take turns (so that a call may hold a few). */
static inline char* path_of(const char* dir, const char* name) {
  static char buffers[4][1024];
  static int next = 0;
  char* p = buffers[next++ % 4];
  snprintf(p, sizeof buffers[0], "%s/%s", dir, name);
  return p;
}

/* A path the library joined itself: the platform's separator (docs/windows.md). */
static inline char* joined_path(const char* dir, const char* name) {
  static char buffers[4][1024];
  static int next = 0;
  char* p = buffers[next++ % 4];
#if defined(_WIN32)
  snprintf(p, sizeof buffers[0], "%s\\%s", dir, name);
#else
  snprintf(p, sizeof buffers[0], "%s/%s", dir, name);
#endif
  return p;
}

/* The whole file (malloc'd, freed by the caller), or NULL. */
static inline unsigned char* read_file(const char* path, size_t* size) {
  FILE* f = fopen(path, "rb");
  unsigned char* data;
  long n;
  if (f == NULL) return NULL;
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fseek(f, 0, SEEK_SET);
  data = (unsigned char*)malloc((size_t)n + 1);
  *size = fread(data, 1, (size_t)n, f);
  fclose(f);
  return data;
}

#endif
