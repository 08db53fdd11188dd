/* A starter bot for Altay in C (C99 + POSIX getline), with a small JSON reader of its own.

   Build and try:
       cc -O2 -o starter_bot bots/c/starter_bot.c
       altay check-bot ./starter_bot
       altay match ./starter_bot greedy

   It reads the board from `hello.static` (each territory's neighbours) and prefers actions
   that reach well-connected territories: a settlement or an attack is worth more where the
   territory has more neighbours (more room to grow), playing and buying cards come next,
   ending the turn last. Replace `score_action` with your own heuristic.

   Protocol essentials (protocol/PROTOCOL.md): one JSON object per line on stdin and stdout;
   answer `hello` with `ready`, each `request` with {"type":"action","id":ID,"index":K},
   `ping` with `pong`; exit on `quit`. FLUSH stdout after every line: on a pipe, C's stdout is
   block-buffered and an unflushed answer never reaches the referee. */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ a small JSON reader */
typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jnode {
    jtype type;
    double num;               /* J_NUM, J_BOOL (0 or 1) */
    char *str;                /* J_STR (decoded, NUL-terminated); the key of an object member */
    char *key;
    struct jnode *child;      /* first element / member */
    struct jnode *next;       /* next sibling */
} jnode;

typedef struct { const char *p; const char *end; int depth; } jparser;

static void jfree(jnode *n) {
    while (n) {
        jnode *next = n->next;
        jfree(n->child);
        free(n->str);
        free(n->key);
        free(n);
        n = next;
    }
}

static void skip_ws(jparser *s) {
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static jnode *new_node(jtype t) {
    jnode *n = calloc(1, sizeof *n);
    if (n) n->type = t;
    return n;
}

static char *parse_string_raw(jparser *s) {
    /* at the opening quote; returns a malloc'd decoded string (\u escapes above ASCII as '?') */
    if (s->p >= s->end || *s->p != '"') return NULL;
    s->p++;
    size_t cap = 16, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    while (s->p < s->end && *s->p != '"') {
        char c = *s->p++;
        if (c == '\\' && s->p < s->end) {
            char e = *s->p++;
            switch (e) {
                case 'n': c = '\n'; break;
                case 't': c = '\t'; break;
                case 'r': c = '\r'; break;
                case 'b': c = '\b'; break;
                case 'f': c = '\f'; break;
                case 'u': {
                    unsigned v = 0;
                    for (int i = 0; i < 4 && s->p < s->end; i++, s->p++) {
                        char h = *s->p;
                        v = v * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
                    }
                    c = v < 128 ? (char)v : '?';
                    break;
                }
                default: c = e;
            }
        }
        if (len + 2 > cap) {
            cap *= 2;
            char *bigger = realloc(out, cap);
            if (!bigger) { free(out); return NULL; }
            out = bigger;
        }
        out[len++] = c;
    }
    if (s->p >= s->end) { free(out); return NULL; }
    s->p++; /* closing quote */
    out[len] = '\0';
    return out;
}

static jnode *parse_value(jparser *s);

static jnode *parse_container(jparser *s, int object) {
    jnode *n = new_node(object ? J_OBJ : J_ARR), *last = NULL;
    if (!n) return NULL;
    s->p++; /* [ or { */
    skip_ws(s);
    if (s->p < s->end && *s->p == (object ? '}' : ']')) { s->p++; return n; }
    for (;;) {
        char *key = NULL;
        skip_ws(s);
        if (object) {
            key = parse_string_raw(s);
            skip_ws(s);
            if (!key || s->p >= s->end || *s->p != ':') { free(key); jfree(n); return NULL; }
            s->p++;
        }
        jnode *v = parse_value(s);
        if (!v) { free(key); jfree(n); return NULL; }
        v->key = key;
        if (last) last->next = v; else n->child = v;
        last = v;
        skip_ws(s);
        if (s->p < s->end && *s->p == ',') { s->p++; continue; }
        if (s->p < s->end && *s->p == (object ? '}' : ']')) { s->p++; return n; }
        jfree(n);
        return NULL;
    }
}

static jnode *parse_value(jparser *s) {
    skip_ws(s);
    if (s->p >= s->end || ++s->depth > 64) return NULL;
    jnode *n = NULL;
    char c = *s->p;
    if (c == '{' || c == '[') {
        n = parse_container(s, c == '{');
    } else if (c == '"') {
        n = new_node(J_STR);
        if (n && !(n->str = parse_string_raw(s))) { free(n); n = NULL; }
    } else if (c == 't' || c == 'f' || c == 'n') {
        const char *word = c == 't' ? "true" : c == 'f' ? "false" : "null";
        size_t len = strlen(word);
        if ((size_t)(s->end - s->p) >= len && strncmp(s->p, word, len) == 0) {
            n = new_node(c == 'n' ? J_NULL : J_BOOL);
            if (n) n->num = c == 't';
            s->p += len;
        }
    } else {
        char *stop;
        double v = strtod(s->p, &stop);
        if (stop != s->p && stop <= s->end) {
            n = new_node(J_NUM);
            if (n) n->num = v;
            s->p = stop;
        }
    }
    s->depth--;
    return n;
}

static jnode *json_parse(const char *text, size_t len) {
    jparser s = {text, text + len, 0};
    return parse_value(&s);
}

static jnode *get(const jnode *obj, const char *key) {
    if (!obj || obj->type != J_OBJ) return NULL;
    for (jnode *m = obj->child; m; m = m->next)
        if (m->key && strcmp(m->key, key) == 0) return m;
    return NULL;
}

static const char *get_str(const jnode *obj, const char *key) {
    jnode *v = get(obj, key);
    return v && v->type == J_STR ? v->str : "";
}

static long get_int(const jnode *obj, const char *key, long fallback) {
    jnode *v = get(obj, key);
    return v && v->type == J_NUM ? (long)v->num : fallback;
}

/* ------------------------------------------------------------------ what the bot knows */
#define MAX_TERRITORIES 64
static int neighbours[MAX_TERRITORIES]; /* from hello.static.territories[].adjacent */
static int seat = 0;

static void learn_board(const jnode *hello) {
    jnode *territories = get(get(hello, "static"), "territories");
    if (!territories || territories->type != J_ARR) return; /* another game: no board */
    for (jnode *t = territories->child; t; t = t->next) {
        long id = get_int(t, "id", -1);
        jnode *adjacent = get(t, "adjacent");
        int count = 0;
        if (adjacent && adjacent->type == J_ARR)
            for (jnode *a = adjacent->child; a; a = a->next) count++;
        if (id >= 0 && id < MAX_TERRITORIES) neighbours[id] = count;
    }
}

/* How good an action looks (higher is better). */
static double score_action(const jnode *action) {
    const char *type = get_str(action, "type");
    if (strcmp(type, "settle") == 0 || strcmp(type, "start") == 0) {
        long t = get_int(action, "territory", -1);
        return 10.0 + (t >= 0 && t < MAX_TERRITORIES ? neighbours[t] : 0);
    }
    if (strcmp(type, "attack") == 0) {
        long t = get_int(action, "to", -1);
        return 6.0 + (t >= 0 && t < MAX_TERRITORIES ? neighbours[t] : 0);
    }
    if (strcmp(type, "develop") == 0) return 8.0;
    if (strcmp(type, "place") == 0) return 7.5;
    if (strcmp(type, "buy") == 0) return 7.0;
    if (strcmp(type, "play") == 0) return 5.0;
    if (strcmp(type, "fight") == 0) return 4.0;
    if (strcmp(type, "end") == 0 || strcmp(type, "surrender") == 0) return 0.0;
    if (strcmp(type, "abandon") == 0) return -1.0;
    return 1.0;
}

static void answer_request(const jnode *request) {
    jnode *actions = get(request, "actions");
    long best = 0, index = 0;
    double best_score = -1e9;
    if (actions && actions->type == J_ARR)
        for (jnode *a = actions->child; a; a = a->next, index++) {
            double s = score_action(a);
            if (s > best_score) { best_score = s; best = index; }
        }
    printf("{\"type\":\"action\",\"id\":%ld,\"index\":%ld}\n", get_int(request, "id", 0), best);
    fflush(stdout);
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        jnode *msg = json_parse(line, (size_t)len);
        if (!msg) {
            fprintf(stderr, "starter_bot: could not read a line of %zd bytes\n", len);
            continue;
        }
        const char *type = get_str(msg, "type");
        if (strcmp(type, "hello") == 0) {
            seat = (int)get_int(msg, "seat", 0);
            learn_board(msg);
            printf("{\"type\":\"ready\",\"name\":\"c-starter\",\"version\":\"1.0\",\"protocol_version\":1}\n");
            fflush(stdout);
        } else if (strcmp(type, "request") == 0) {
            answer_request(msg);
        } else if (strcmp(type, "ping") == 0) {
            printf("{\"type\":\"pong\",\"id\":%ld}\n", get_int(msg, "id", 0));
            fflush(stdout);
        } else if (strcmp(type, "quit") == 0) {
            jfree(msg);
            break;
        }
        /* "error" and "game_over" need no answer; unknown types are ignored */
        jfree(msg);
    }
    free(line);
    return 0;
}
