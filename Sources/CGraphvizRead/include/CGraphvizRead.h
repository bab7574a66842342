#ifndef SEAMS_CGRAPHVIZ_READ_H
#define SEAMS_CGRAPHVIZ_READ_H
#include <graphviz/cgraph.h>

/* agmemread, with graphs and subgraphs numbered in the order they are written: see the .c file. */
Agraph_t *seams_read_dot(const char *text);

#endif
