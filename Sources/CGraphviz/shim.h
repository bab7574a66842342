#ifndef SEAMS_CGRAPHVIZ_SHIM_H
#define SEAMS_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
