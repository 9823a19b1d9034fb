#include "CCurlShim.h"

#include <signal.h>
#include <sys/prctl.h>

CURLcode kivash_curl_set_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

CURLcode kivash_curl_set_text(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}

CURLcode kivash_curl_set_list(CURL *easy, CURLoption option, struct curl_slist *list) {
  return curl_easy_setopt(easy, option, list);
}

CURLcode kivash_curl_set_bytes_fn(CURL *easy, CURLoption function, kivash_curl_bytes_fn fn,
                                  CURLoption data, void *context) {
  CURLcode code = curl_easy_setopt(easy, function, fn);
  return code == CURLE_OK ? curl_easy_setopt(easy, data, context) : code;
}

CURLcode kivash_curl_get_long(CURL *easy, CURLINFO info, long *value) {
  return curl_easy_getinfo(easy, info, value);
}

CURLcode kivash_curl_get_text(CURL *easy, CURLINFO info, const char **value) {
  return curl_easy_getinfo(easy, info, value);
}

CURLcode kivash_curl_message_result(const CURLMsg *message) {
  return message->data.result;
}

int kivash_die_with_parent(void) { return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); }
