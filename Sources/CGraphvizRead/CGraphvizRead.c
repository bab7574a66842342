#include "CGraphvizRead.h"
#include <stdlib.h>
#include <string.h>

/* Reading DOT text with subgraph ids in the order the subgraphs are written.
 *
 * cgraph's default id discipline makes a named object's id the address of its interned name,
 * and keeps a graph's subgraphs ordered by id. In a long-lived process those addresses come
 * from a heap in any state, so clusters were laid out and written in a different order from run
 * to run (the graphviz command, starting afresh, does not show it). Here graphs and subgraphs
 * get even ids 2, 4, 6, ... in the order they are created, with their names kept in a table;
 * nodes, edges and anonymous subgraphs keep cgraph's own discipline. */

typedef struct {
    Agraph_t *graph;
    char **names;
    long count;
    long capacity;
} id_state;

static void *id_open(Agraph_t *g, Agdisc_t *disc) {
    id_state *state = calloc(1, sizeof(id_state));
    if (state) state->graph = (Agraph_t *)AgIdDisc.open(g, disc);
    return state;
}

static long id_map(void *closure, int objtype, char *str, IDTYPE *id, int createflag) {
    id_state *state = closure;
    if (objtype != AGRAPH || str == NULL) return AgIdDisc.map(state->graph, objtype, str, id, createflag);
    for (long i = 0; i < state->count; i++) {
        if (strcmp(state->names[i], str) == 0) {
            *id = (IDTYPE)(2 * (i + 1));
            return 1;
        }
    }
    if (!createflag) return 0;
    if (state->count == state->capacity) {
        long capacity = state->capacity ? 2 * state->capacity : 16;
        char **names = realloc(state->names, (size_t)capacity * sizeof(char *));
        if (names == NULL) return 0;
        state->names = names;
        state->capacity = capacity;
    }
    char *copy = strdup(str);
    if (copy == NULL) return 0;
    state->names[state->count++] = copy;
    *id = (IDTYPE)(2 * state->count);
    return 1;
}

static long id_alloc(void *closure, int objtype, IDTYPE request) {
    id_state *state = closure;
    return AgIdDisc.alloc(state->graph, objtype, request);
}

static void id_free(void *closure, int objtype, IDTYPE id) {
    id_state *state = closure;
    /* A graph's name stays in the table until the graph is closed. */
    if (objtype == AGRAPH && id % 2 == 0) return;
    AgIdDisc.free(state->graph, objtype, id);
}

static char *id_print(void *closure, int objtype, IDTYPE id) {
    id_state *state = closure;
    if (objtype == AGRAPH && id % 2 == 0) {
        long i = (long)(id / 2) - 1;
        return (i >= 0 && i < state->count) ? state->names[i] : NULL;
    }
    return AgIdDisc.print(state->graph, objtype, id);
}

static void id_close(void *closure) {
    id_state *state = closure;
    AgIdDisc.close(state->graph);
    for (long i = 0; i < state->count; i++) free(state->names[i]);
    free(state->names);
    free(state);
}

static void id_register(void *closure, int objtype, void *obj) {
    id_state *state = closure;
    AgIdDisc.idregister(state->graph, objtype, obj);
}

static Agiddisc_t id_disc = {id_open, id_map, id_alloc, id_free, id_print, id_close, id_register};

typedef struct {
    const char *text;
    size_t length;
    size_t offset;
} reader_t;

/* Hands the parser one line at a time, as cgraph's own readers do. */
static int read_line(void *channel, char *buffer, int size) {
    reader_t *reader = channel;
    if (size <= 1 || reader->offset >= reader->length) return 0;
    size_t n = 0;
    while (reader->offset < reader->length && n < (size_t)size - 1) {
        char c = reader->text[reader->offset++];
        buffer[n++] = c;
        if (c == '\n') break;
    }
    buffer[n] = '\0';
    return (int)n;
}

/* The graph keeps pointers to its disciplines, so they live as long as the program. The
 * renderer calls this under its lock: cgraph itself is not thread-safe either. */
static Agiodisc_t io_disc;
static Agdisc_t disc;

Agraph_t *seams_read_dot(const char *text) {
    reader_t reader = {text, strlen(text), 0};
    io_disc = AgIoDisc;
    io_disc.afread = read_line;
    disc.mem = &AgMemDisc;
    disc.id = &id_disc;
    disc.io = &io_disc;
    return agread(&reader, &disc);
}
