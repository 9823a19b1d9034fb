#ifndef CCURLSHIM_H
#define CCURLSHIM_H

// Typed, non-variadic wrappers for libcurl's curl_easy_setopt and curl_easy_getinfo,
// which are C-variadic and so cannot be called from Swift.

#include <curl/curl.h>

/// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION: takes `count` bytes at `data`;
/// returns how many it took (fewer stops the transfer).
typedef size_t (*kivash_curl_bytes_fn)(char *data, size_t size, size_t count, void *context);

/// An option that takes a long (flags, counts, limits).
CURLcode kivash_curl_set_long(CURL *easy, CURLoption option, long value);
/// An option that takes a string, which libcurl copies.
CURLcode kivash_curl_set_text(CURL *easy, CURLoption option, const char *value);
/// An option that takes a header list (CURLOPT_HTTPHEADER), which must outlive the transfer.
CURLcode kivash_curl_set_list(CURL *easy, CURLoption option, struct curl_slist *list);
/// A callback for bytes (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION) and the
/// pointer it is given (CURLOPT_WRITEDATA, CURLOPT_HEADERDATA).
CURLcode kivash_curl_set_bytes_fn(CURL *easy, CURLoption function, kivash_curl_bytes_fn fn,
                                  CURLoption data, void *context);

/// An item of information that is a long (CURLINFO_RESPONSE_CODE).
CURLcode kivash_curl_get_long(CURL *easy, CURLINFO info, long *value);
/// An item of information that is a string owned by the handle (CURLINFO_EFFECTIVE_URL).
CURLcode kivash_curl_get_text(CURL *easy, CURLINFO info, const char **value);

/// The result of the transfer a CURLMSG_DONE message reports (a union member).
CURLcode kivash_curl_message_result(const CURLMsg *message);

/// Asks the kernel to end this process with SIGKILL when the process that started it
/// ends (prctl's PR_SET_PDEATHSIG, C-variadic too); returns 0, or -1 with errno set.
int kivash_die_with_parent(void);

#endif
