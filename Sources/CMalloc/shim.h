#ifndef CMALLOC_SHIM_H
#define CMALLOC_SHIM_H

// glibc's allocator settings (mallopt and its M_ constants), which Swift's Glibc
// module leaves out.

#include <malloc.h>

#endif
