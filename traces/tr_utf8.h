/* tr_utf8.h: what the encoders write (JSON, SARIF, Chrome traces, text reports, Graphviz
 * labels) must be valid UTF-8, but the strings they carry are raw bytes from the input:
 * file names in loc("..."), value names, messages quoting them, and fixed-size buffers that
 * may cut a character in two. These helpers replace every byte that does not start a
 * well-formed UTF-8 sequence (RFC 3629: no overlongs, no surrogates, at most U+10FFFF) by
 * U+FFFD, so the output stays valid and keeps the rest of the string.
 * Ownership: tr_utf8_clean's copy is the caller's (free); tr_json_str returns a new jansson
 * reference. */
#ifndef TLXV_TR_UTF8_H
#define TLXV_TR_UTF8_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

/* Length (1..4) of the well-formed UTF-8 sequence starting at s, or 0 when s[0] does not
 * start one (s is NUL-terminated; a NUL byte ends any sequence). */
size_t tr_utf8_seq(const char *s);

/* A malloc'd copy of s (NULL reads as "") with each ill-formed byte replaced by U+FFFD;
 * NULL only when out of memory. The caller frees it. */
char *tr_utf8_clean(const char *s);

/* A Jansson string of s (NULL reads as ""), cleaned as tr_utf8_clean; a new reference (NULL
 * only when out of memory). Use it, or json_pack's "o" with it, for every string that is not
 * a literal: json_string and json_pack "s" return NULL on invalid UTF-8, which drops the
 * whole value (issue 11: a non-UTF-8 file name lost every location). */
json_t *tr_json_str(const char *s);

/* Writes the n bytes of s to f, each ill-formed byte as U+FFFD (NULs in s are written as
 * is); s[n] must be readable and NUL (an open_memstream buffer is). */
void tr_fput_utf8(FILE *f, const char *s, size_t n);

#endif
