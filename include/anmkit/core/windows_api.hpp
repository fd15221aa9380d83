#pragma once
// <windows.h> as anmkit's own sources include it, on Windows builds only (not installed: users
// include windows.h their own way). NOMINMAX: its min and max macros would break std::min and
// std::numeric_limits<T>::max. WIN32_LEAN_AND_MEAN: not <dlgs.h>, whose frm1..frm4 macros would
// rename FrameChunk::frm2.

#if !defined(_WIN32)
#error "anmkit/core/windows_api.hpp is for Windows builds only"
#endif

#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>
