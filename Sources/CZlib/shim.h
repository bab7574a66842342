#ifndef SEAMS_CZLIB_SHIM_H
#define SEAMS_CZLIB_SHIM_H
#include <zlib.h>
#endif
