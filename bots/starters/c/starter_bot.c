/* A starter bot in C (C99 + POSIX getline) for every game of the referee: Altay, Innovation and
   Mammothodus, with a small JSON reader and writer of its own (no libraries).

   It reads `hello` (the game, and its static information: Altay's board, Innovation's cards,
   Mammothodus's map) and every request into structs of its own (below), scores each legal
   action with one heuristic, `score` (a one-ply score: the observation and the action alone,
   never a look ahead; each game's part is its `score_GAME` function), and answers the index of
   the best (the first of equals). Replace a `score_GAME` with your own ideas; the rest is the
   protocol (protocol/PROTOCOL.md): one JSON object per line on stdin and stdout; answer `hello`
   with `ready`, each `request` with {"type":"action","id":ID,"index":K}, `ping` with `pong`;
   ignore `error` (a retry comes as a new request), `game_over` and any type you do not know;
   exit on `quit`. It says `many_games` at `ready`: after `game_over` the next game's `hello` may
   follow in the same process, and `hello` forgets the previous game first. FLUSH stdout after every line: on a pipe, C's stdout is block-buffered and an
   unflushed answer never reaches the referee. Debug output goes to stderr. */

#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================== a small JSON reader */
typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } jtype;

typedef struct jnode {
    jtype type;
    double num;          /* J_NUM, J_BOOL (0 or 1) */
    char *str;           /* J_STR: decoded UTF-8, NUL-terminated */
    char *key;           /* the key, for a member of an object */
    struct jnode *child; /* first element / member */
    struct jnode *next;  /* next sibling */
} jnode;

typedef struct { const char *p, *end; int depth; } jparser;

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

static int hex4(jparser *s, unsigned *out) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++, s->p++) {
        if (s->p >= s->end) return 0;
        char h = *s->p;
        int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
        if (d < 0) return 0;
        v = v * 16 + (unsigned)d;
    }
    *out = v;
    return 1;
}

static char *parse_string_raw(jparser *s) {
    /* at the opening quote; returns a malloc'd decoded string */
    if (s->p >= s->end || *s->p != '"') return NULL;
    s->p++;
    size_t cap = 32, len = 0;
    char *out = malloc(cap);
    if (!out) return NULL;
    while (s->p < s->end && *s->p != '"') {
        char buf[4];
        size_t n = 1;
        char c = *s->p++;
        buf[0] = c;
        if (c == '\\' && s->p < s->end) {
            char e = *s->p++;
            switch (e) {
                case 'n': buf[0] = '\n'; break;
                case 't': buf[0] = '\t'; break;
                case 'r': buf[0] = '\r'; break;
                case 'b': buf[0] = '\b'; break;
                case 'f': buf[0] = '\f'; break;
                case 'u': {
                    unsigned v, lo;
                    if (!hex4(s, &v)) { free(out); return NULL; }
                    if (v >= 0xD800 && v < 0xDC00 && s->end - s->p >= 6 && s->p[0] == '\\' && s->p[1] == 'u') {
                        s->p += 2;
                        if (!hex4(s, &lo)) { free(out); return NULL; }
                        v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00);
                    }
                    if (v < 0x80) { buf[0] = (char)v; n = 1; }
                    else if (v < 0x800) { buf[0] = (char)(0xC0 | (v >> 6)); buf[1] = (char)(0x80 | (v & 0x3F)); n = 2; }
                    else if (v < 0x10000) {
                        buf[0] = (char)(0xE0 | (v >> 12)); buf[1] = (char)(0x80 | ((v >> 6) & 0x3F));
                        buf[2] = (char)(0x80 | (v & 0x3F)); n = 3;
                    } else {
                        buf[0] = (char)(0xF0 | (v >> 18)); buf[1] = (char)(0x80 | ((v >> 12) & 0x3F));
                        buf[2] = (char)(0x80 | ((v >> 6) & 0x3F)); buf[3] = (char)(0x80 | (v & 0x3F)); n = 4;
                    }
                    break;
                }
                default: buf[0] = e; /* \" \\ \/ */
            }
        }
        if (len + n + 1 > cap) {
            cap *= 2;
            char *bigger = realloc(out, cap);
            if (!bigger) { free(out); return NULL; }
            out = bigger;
        }
        memcpy(out + len, buf, n);
        len += n;
    }
    if (s->p >= s->end) { free(out); return NULL; }
    s->p++; /* the closing quote */
    out[len] = '\0';
    return out;
}

static jnode *parse_value(jparser *s);

static jnode *new_node(jtype t) {
    jnode *n = calloc(1, sizeof *n);
    if (n) n->type = t;
    return n;
}

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
    if (s->p >= s->end || ++s->depth > 200) return NULL;
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

/* Lookups that never fail: a missing or mistyped field gives the fallback. */
static const jnode *get(const jnode *obj, const char *key) {
    if (!obj || obj->type != J_OBJ) return NULL;
    for (const jnode *m = obj->child; m; m = m->next)
        if (m->key && strcmp(m->key, key) == 0) return m;
    return NULL;
}

static const char *get_str(const jnode *obj, const char *key) { /* NULL when absent or null */
    const jnode *v = get(obj, key);
    return v && v->type == J_STR ? v->str : NULL;
}

static long get_int(const jnode *obj, const char *key, long fallback) {
    const jnode *v = get(obj, key);
    return v && v->type == J_NUM ? (long)v->num : fallback;
}

static const jnode *first(const jnode *arr) { /* the first element of an array, or NULL */
    return arr && (arr->type == J_ARR || arr->type == J_OBJ) ? arr->child : NULL;
}

static int count(const jnode *arr) {
    int n = 0;
    for (const jnode *e = first(arr); e; e = e->next) n++;
    return n;
}

static int eq(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

static char *dup(const char *s) {
    char *out = malloc(strlen(s ? s : "") + 1);
    if (out) strcpy(out, s ? s : "");
    return out;
}

/* ================================================================== records */
#define MAX_CARDS 8
typedef struct { /* one legal action: its type and the fields a starter uses (NULL / -1 absent) */
    const char *type;
    const char *card;       /* Altay play/buy, Innovation meld/dogma/card, Mammothodus card */
    int effect;             /* Altay play */
    int territory;          /* Altay start/settle, Mammothodus place */
    int source, to;         /* Altay attack `from` and `to`, Mammothodus step/direct `to` */
    const char *cards[MAX_CARDS]; /* Altay attack/fight cards, surrender discards */
    int ncards;
    const char *pay;        /* Altay buy */
    const char *on;         /* Altay place */
    const char *achievement;/* Altay develop */
    const char *faction;    /* Altay faction */
    int age;                /* Innovation achieve/blind */
    const char *color;      /* Innovation color, Mammothodus figurine/place/remove */
    const char *colors[2];  /* Mammothodus start */
    int player;             /* Innovation player */
    int value;              /* Innovation value */
    const char *action;     /* Mammothodus action (move, attack, ...) */
    const char *take;       /* Mammothodus shard (NULL: drop the carried one) */
    const char *target;     /* Mammothodus hit */
} Action;

static Action parse_action(const jnode *d) {
    Action a;
    memset(&a, 0, sizeof a);
    a.type = get_str(d, "type");
    if (!a.type) a.type = "";
    a.card = get_str(d, "card");
    a.effect = (int)get_int(d, "effect", 0);
    a.territory = (int)get_int(d, "territory", -1);
    a.source = (int)get_int(d, "from", -1);
    a.to = (int)get_int(d, "to", -1);
    const jnode *list = get(d, "cards");
    if (!list) list = get(d, "discard");
    for (const jnode *c = first(list); c && a.ncards < MAX_CARDS; c = c->next)
        if (c->type == J_STR) a.cards[a.ncards++] = c->str;
    a.pay = get_str(d, "pay");
    a.on = get_str(d, "on");
    a.achievement = get_str(d, "achievement");
    a.faction = get_str(d, "faction");
    a.age = (int)get_int(d, "age", 0);
    a.color = get_str(d, "color");
    int k = 0;
    for (const jnode *c = first(get(d, "colors")); c && k < 2; c = c->next)
        if (c->type == J_STR) a.colors[k++] = c->str;
    a.player = (int)get_int(d, "player", -1);
    a.value = (int)get_int(d, "value", 0);
    a.action = get_str(d, "action");
    a.take = get_str(d, "take");
    a.target = get_str(d, "target");
    return a;
}

/* ------------------------------------------------------------------ Altay */
#define MAX_TERRITORIES 64
#define MAX_SEATS 8
typedef struct {
    int id, owner, settlements, marker_value, vp; /* owner -1: nobody; marker_value 0: none */
    int adjacent;                                 /* how many neighbours (hello.static) */
} AltayTerritory;

typedef struct {
    int seat, nboard, nplayers;
    AltayTerritory board[MAX_TERRITORIES];
    int developing[MAX_SEATS], has_strategy[MAX_SEATS]; /* by seat */
    const char *secret_wonder;
    int combat_attack, combat_to; /* the attack waiting for us (phase defend) */
} AltayObservation;

static int altay_adjacent[MAX_TERRITORIES]; /* from hello.static.territories[].adjacent */

static void parse_altay(const jnode *o, AltayObservation *out) {
    memset(out, 0, sizeof *out);
    out->seat = (int)get_int(o, "seat", 0);
    for (const jnode *t = first(get(o, "board")); t && out->nboard < MAX_TERRITORIES; t = t->next) {
        AltayTerritory *x = &out->board[out->nboard++];
        x->id = (int)get_int(t, "id", 0);
        x->owner = (int)get_int(t, "owner", -1);
        x->settlements = (int)get_int(t, "settlements", 0);
        x->marker_value = (int)get_int(get(t, "marker"), "value", 0);
        x->vp = (int)get_int(t, "vp", 0);
        x->adjacent = x->id >= 0 && x->id < MAX_TERRITORIES ? altay_adjacent[x->id] : 0;
    }
    for (const jnode *p = first(get(o, "players")); p; p = p->next) {
        int seat = (int)get_int(p, "seat", -1);
        if (seat < 0 || seat >= MAX_SEATS) continue;
        const jnode *dev = get(p, "developing");
        out->developing[seat] = dev && dev->type == J_OBJ;
        for (const jnode *c = first(get(p, "completed")); c; c = c->next)
            if (c->type == J_STR && strcmp(c->str, "Strategy") == 0) out->has_strategy[seat] = 1;
        out->nplayers++;
    }
    out->secret_wonder = get_str(get(o, "you"), "secret_wonder");
    out->combat_attack = (int)get_int(get(o, "combat"), "attack", 0);
    out->combat_to = (int)get_int(get(o, "combat"), "to", -1);
}

/* ------------------------------------------------------------------ Innovation */
typedef struct {
    char *name, *color, *featured; /* featured: the icon its dogma compares */
    int age, effects, scoring, demands; /* non-demand effects, those that say "score", demands */
} InnovationCard;

#define MAX_DECK 256
static InnovationCard innovation_cards[MAX_DECK];
static int ninnovation_cards;

static const InnovationCard *find_card(const char *name) {
    for (int i = 0; name && i < ninnovation_cards; i++)
        if (strcmp(innovation_cards[i].name, name) == 0) return &innovation_cards[i];
    return NULL;
}

#define COLORS_ON_BOARD 5
#define MAX_ICONS 8
typedef struct {
    int seat, hand_size, score;
    struct { const char *color, *top; int cards; } board[COLORS_ON_BOARD]; /* top: NULL when empty */
    int nboard;
    struct { const char *name; int count; } icons[MAX_ICONS];
    int nicons;
} InnovationPlayer;

typedef struct {
    int seat, nplayers;
    InnovationPlayer players[MAX_SEATS];
    const char *purpose; /* the decision asked inside an effect, NULL at a turn's action */
} InnovationObservation;

static void parse_innovation(const jnode *o, InnovationObservation *out) {
    memset(out, 0, sizeof *out);
    out->seat = (int)get_int(o, "seat", 0);
    for (const jnode *p = first(get(o, "players")); p && out->nplayers < MAX_SEATS; p = p->next) {
        InnovationPlayer *x = &out->players[out->nplayers++];
        x->seat = (int)get_int(p, "seat", 0);
        x->hand_size = count(get(p, "hand"));
        x->score = (int)get_int(p, "score", 0);
        for (const jnode *b = first(get(p, "board")); b && x->nboard < COLORS_ON_BOARD; b = b->next) {
            const jnode *cards = get(b, "cards"), *top = NULL;
            for (const jnode *c = first(cards); c; c = c->next) top = c;
            x->board[x->nboard].color = get_str(b, "color");
            x->board[x->nboard].cards = count(cards);
            x->board[x->nboard].top = top && top->type == J_STR ? top->str : NULL;
            x->nboard++;
        }
        for (const jnode *i = first(get(p, "icons")); i && x->nicons < MAX_ICONS; i = i->next) {
            x->icons[x->nicons].name = i->key;
            x->icons[x->nicons].count = i->type == J_NUM ? (int)i->num : 0;
            x->nicons++;
        }
    }
    out->purpose = get_str(get(o, "decision"), "purpose");
}

static int icon_count(const InnovationPlayer *p, const char *icon) {
    for (int i = 0; i < p->nicons; i++)
        if (eq(p->icons[i].name, icon)) return p->icons[i].count;
    return 0;
}

/* ------------------------------------------------------------------ Mammothodus */
#define FIGURINES 4
static const char *FIGURINE_COLORS[FIGURINES] = {"red", "green", "yellow", "blue"};
#define MAX_SHARD_TYPES 16
#define MAX_ANCIENTS 16
#define MAX_LINES 8
#define MAX_CONDITIONS 8

static char shard_types[MAX_SHARD_TYPES][32]; /* shard type names, numbered as first seen */
static int nshard_types;

static int shard_index(const char *name) { /* -1 for NULL */
    if (!name) return -1;
    for (int i = 0; i < nshard_types; i++)
        if (strcmp(shard_types[i], name) == 0) return i;
    if (nshard_types == MAX_SHARD_TYPES || strlen(name) >= sizeof shard_types[0]) return -1;
    strcpy(shard_types[nshard_types], name);
    return nshard_types++;
}

typedef struct {
    int id, tribes, closed_shards;
    const char *region, *color;
    int open[MAX_SHARD_TYPES]; /* face-up shards by type (a carried one too) */
    struct { int clan, carries; } ancients[MAX_ANCIENTS]; /* carries: a shard type or -1 */
    int nancients;
} MammothodusTerritory;

typedef struct {
    int seat, population, degradation;
    int figurines[FIGURINES]; /* territory of each colour of FIGURINE_COLORS, -1 off the field */
} MammothodusClan;

typedef struct { /* what one portal line asks of the territory of its place of power */
    int shards[MAX_SHARD_TYPES];
    const char *regions[MAX_CONDITIONS], *colors[MAX_CONDITIONS];
    int nregions, ncolors, place; /* place: its territory once activated, else -1 */
} MammothodusLine;

typedef struct {
    int seat, nterritories, nclans, nlines;
    MammothodusTerritory territories[MAX_TERRITORIES]; /* by id */
    MammothodusClan clans[MAX_SEATS];
    MammothodusLine lines[MAX_LINES];
    const char *purpose;
} MammothodusObservation;

static struct {
    int centre, n;
    int neighbours[MAX_TERRITORIES][MAX_TERRITORIES], nneighbours[MAX_TERRITORIES];
    int dist[MAX_TERRITORIES][MAX_TERRITORIES]; /* shortest number of steps (99: unreachable) */
} mmap;

static void parse_mammothodus_static(const jnode *st) {
    const jnode *m = get(get(st, "data"), "map");
    mmap.centre = (int)get_int(m, "centre", 0);
    mmap.n = 0;
    for (const jnode *t = first(get(m, "territories")); t; t = t->next) {
        int id = (int)get_int(t, "id", -1);
        if (id >= 0 && id < MAX_TERRITORIES && id + 1 > mmap.n) mmap.n = id + 1;
    }
    for (const jnode *e = first(get(m, "adjacency")); e; e = e->next) {
        const jnode *a = first(e), *b = a ? a->next : NULL;
        if (!a || !b || a->type != J_NUM || b->type != J_NUM) continue;
        int x = (int)a->num, y = (int)b->num;
        if (x < 0 || y < 0 || x >= mmap.n || y >= mmap.n) continue;
        mmap.neighbours[x][mmap.nneighbours[x]++] = y;
        mmap.neighbours[y][mmap.nneighbours[y]++] = x;
    }
    for (int s = 0; s < mmap.n; s++) { /* breadth-first search from every territory */
        int queue[MAX_TERRITORIES], head = 0, tail = 0;
        for (int t = 0; t < mmap.n; t++) mmap.dist[s][t] = 99;
        mmap.dist[s][s] = 0;
        queue[tail++] = s;
        while (head < tail) {
            int t = queue[head++];
            for (int i = 0; i < mmap.nneighbours[t]; i++) {
                int n = mmap.neighbours[t][i];
                if (mmap.dist[s][n] == 99) { mmap.dist[s][n] = mmap.dist[s][t] + 1; queue[tail++] = n; }
            }
        }
    }
}

static int dist(int a, int b) {
    return a >= 0 && b >= 0 && a < mmap.n && b < mmap.n ? mmap.dist[a][b] : 99;
}

static int figurine_index(const char *color) {
    for (int k = 0; k < FIGURINES; k++)
        if (eq(color, FIGURINE_COLORS[k])) return k;
    return -1;
}

static void parse_mammothodus(const jnode *o, int seat, MammothodusObservation *out) {
    memset(out, 0, sizeof *out);
    out->seat = seat;
    for (const jnode *t = first(get(o, "territories")); t; t = t->next) {
        int id = (int)get_int(t, "id", -1);
        if (id < 0 || id >= MAX_TERRITORIES) continue;
        MammothodusTerritory *x = &out->territories[id];
        x->id = id;
        if (id + 1 > out->nterritories) out->nterritories = id + 1;
        x->region = get_str(t, "region");
        x->color = get_str(t, "color");
        x->tribes = (int)get_int(t, "tribes", 0);
        x->closed_shards = (int)get_int(t, "closed_shards", 0);
        for (const jnode *s = first(get(t, "open_shards")); s; s = s->next) {
            int k = s->type == J_STR ? shard_index(s->str) : -1;
            if (k >= 0) x->open[k]++;
        }
        for (const jnode *a = first(get(t, "ancients")); a && x->nancients < MAX_ANCIENTS; a = a->next) {
            x->ancients[x->nancients].clan = (int)get_int(a, "clan", -1);
            x->ancients[x->nancients].carries = shard_index(get_str(a, "carries"));
            x->nancients++;
        }
    }
    for (const jnode *c = first(get(o, "clans")); c && out->nclans < MAX_SEATS; c = c->next) {
        MammothodusClan *x = &out->clans[out->nclans++];
        x->seat = (int)get_int(c, "seat", 0);
        x->population = (int)get_int(c, "population", 0);
        x->degradation = (int)get_int(c, "degradation", 0);
        for (int k = 0; k < FIGURINES; k++) x->figurines[k] = (int)get_int(get(c, "figurines"), FIGURINE_COLORS[k], -1);
    }
    for (const jnode *p = first(get(o, "places")); p && out->nlines < MAX_LINES; p = p->next)
        out->lines[out->nlines++].place = p->type == J_NUM ? (int)p->num : -1;
    for (const jnode *f = first(get(o, "portal_open")); f; f = f->next) {
        int n = 0;
        for (const jnode *cell = first(get(f, "lines")); cell && n < out->nlines; cell = cell->next, n++) {
            MammothodusLine *line = &out->lines[n];
            int k = shard_index(get_str(cell, "shard"));
            if (k >= 0) line->shards[k]++;
            if (get_str(cell, "region") && line->nregions < MAX_CONDITIONS) line->regions[line->nregions++] = get_str(cell, "region");
            if (get_str(cell, "color") && line->ncolors < MAX_CONDITIONS) line->colors[line->ncolors++] = get_str(cell, "color");
        }
    }
    out->purpose = get_str(get(o, "decision"), "purpose");
}

static const MammothodusClan *clan_of(const MammothodusObservation *o, int seat) {
    for (int i = 0; i < o->nclans; i++)
        if (o->clans[i].seat == seat) return &o->clans[i];
    return &o->clans[0];
}

typedef struct { /* what a seat chose earlier in its turn, and the figurine in motion */
    char action[16]; /* the action of the turn */
    int cards;       /* cards played on the figurine acting */
    int at, carries; /* where the figurine in motion stands, the shard type it carries (-1) */
} Memory;

static Memory memory[MAX_SEATS];

/* ================================================================== the heuristics */
/* Altay: build settlements, play producers, buy by value, capture conquest markers, develop. */
static int value_of(const char *name, const char *const *names, const int *values, int n, int fallback) {
    for (int i = 0; i < n; i++)
        if (eq(name, names[i])) return values[i];
    return fallback;
}

static const char *BUY_NAMES[] = {"City", "Town", "Chariot", "Worker", "Cavalry", "Farmer", "Woodcutter", "Miner", "Stonecutter", "Scholar", "Merchant"};
static const int BUY_VALUES[] = {12, 10, 8, 8, 6, 5, 5, 5, 4, 4, 2};
static const char *STRENGTH_NAMES[] = {"Warrior", "Cavalry", "Chariot"};
static const int STRENGTH_VALUES[] = {1, 2, 3};
static const char *FACTION_NAMES[] = {"Earthfolk", "Firefolk", "Smallfolk", "Elvenfolk"};
static const int FACTION_VALUES[] = {4, 3, 2, 1};

static int is_building(const char *c) { return eq(c, "Village") || eq(c, "Town") || eq(c, "City"); }
static int is_producer(const char *c) {
    return eq(c, "Farmer") || eq(c, "Woodcutter") || eq(c, "Miner") || eq(c, "Stonecutter");
}

static int strength(const Action *a) {
    int s = 0;
    for (int i = 0; i < a->ncards; i++) s += value_of(a->cards[i], STRENGTH_NAMES, STRENGTH_VALUES, 3, 0);
    return s;
}

/* Settling and building first, then producing, capturing markers, developing and buying by the
   value of the card; defending only when it wins or ties. */
static double score_altay(const AltayObservation *o, const Action *a) {
    const char *t = a->type;
    int in_board = a->territory >= 0 && a->territory < o->nboard;
    if (eq(t, "settle") && in_board) {
        const AltayTerritory *x = &o->board[a->territory];
        return x->owner < 0 ? 1000 + 10 + 3 * x->vp : 1000 + 2 - x->settlements;
    }
    if (eq(t, "start")) return in_board ? 100 + o->board[a->territory].adjacent : 100;
    if (eq(t, "faction")) return value_of(a->faction, FACTION_NAMES, FACTION_VALUES, 4, 0);
    if (eq(t, "play")) {
        if (is_building(a->card)) return 900;
        if (eq(a->card, "Settler") && a->effect == 1) return 950;
        if (is_producer(a->card) && a->effect == 1) return 850;
        if (eq(a->card, "Scholar")) return a->effect == 1 ? 840 : 700;
        if (eq(a->card, "Merchant") || ((eq(a->card, "Lorekeeper") || eq(a->card, "Spellweaver")) && a->effect == 1)) return 5;
        if (eq(a->card, "Shaman") && a->effect == 1) return 600;
        return 800;
    }
    if (eq(t, "attack") && a->to >= 0 && a->to < o->nboard && a->source >= 0 && a->source < o->nboard) {
        int icons = strength(a);
        const AltayTerritory *target = &o->board[a->to];
        if (target->marker_value > 0) return 750 + 5 * target->marker_value - 10 * icons;
        int margin = o->board[a->source].settlements + icons - target->settlements - 2;
        return margin > 0 ? 300 + 10 * margin - 5 * icons : -50;
    }
    if (eq(t, "release")) return 780;
    if (eq(t, "place")) {
        if (eq(a->on, "achievement")) return 650;
        return is_building(a->on) ? 700 : 20;
    }
    if (eq(t, "develop")) {
        if (o->seat >= 0 && o->seat < MAX_SEATS && o->developing[o->seat]) return -100;
        return eq(a->achievement, o->secret_wonder) ? 640 : 605;
    }
    if (eq(t, "buy")) return 400 + 10 * value_of(a->card, BUY_NAMES, BUY_VALUES, 11, 1) - (double)strlen(a->pay ? a->pay : "");
    if (eq(t, "philosophy")) return 820;
    if (eq(t, "trade")) return 500;
    if (eq(t, "fight")) {
        int strategy = o->seat >= 0 && o->seat < MAX_SEATS ? o->has_strategy[o->seat] : 0;
        int held = o->combat_to >= 0 && o->combat_to < o->nboard ? o->board[o->combat_to].settlements : 0;
        int defence = held + strategy + strength(a);
        if (defence > o->combat_attack) return 100 - a->ncards;
        return defence == o->combat_attack ? 50 - a->ncards : 0;
    }
    if (eq(t, "surrender")) return 10 - a->ncards;
    if (eq(t, "end")) return 0;
    return -1; /* abandon, commerce, engineering, mathematics, religion: not used here */
}

/* Innovation: achieve; draw with few cards in hand; meld a card that raises our highest top card;
   dogmas where we lead in the featured icon; meld; dogmas others share.
   Achieve first. Draw when the hand is nearly empty (most effects need cards in hand). Meld a
   card above our highest top card (achievements need a top card of their age, and draws come
   from it). A dogma whose featured icon we have more of than every opponent (nobody shares it,
   every opponent suffers its demands), more so for cards whose effects score; then melding; a
   dogma others would share last. Inside an effect: take every optional step, give away, return
   and tuck low cards, keep (meld, score) high ones, splay the biggest pile. */
static int card_age(const char *title) {
    const InnovationCard *c = find_card(title);
    return c ? c->age : 0;
}

static int keep_low(const char *purpose) { /* give away low cards */
    static const char *names[] = {"return", "transfer", "tuck", "exchange", "reveal", "order"};
    for (int i = 0; i < 6; i++)
        if (eq(purpose, names[i])) return 1;
    return 0;
}

static double score_innovation(const InnovationObservation *o, const Action *a) {
    const InnovationPlayer *me = &o->players[0];
    for (int i = 0; i < o->nplayers; i++)
        if (o->players[i].seat == o->seat) me = &o->players[i];
    int top = 0;
    for (int i = 0; i < me->nboard; i++)
        if (me->board[i].cards > 0 && card_age(me->board[i].top) > top) top = card_age(me->board[i].top);
    const char *t = a->type;
    if (eq(t, "achieve")) return 1000 + a->age;
    if (eq(t, "draw")) return 700 - 150 * me->hand_size;
    if (eq(t, "meld") || eq(t, "first_meld")) {
        const InnovationCard *card = find_card(a->card);
        if (!card) return 300;
        if (card->age > top) return 600 + card->age;
        int new_color = 1;
        for (int i = 0; i < me->nboard; i++)
            if (eq(me->board[i].color, card->color) && me->board[i].cards > 0) new_color = 0;
        return 300 + 10 * card->age + (new_color ? 20 : 0);
    }
    if (eq(t, "dogma")) {
        const InnovationCard *card = find_card(a->card);
        if (!card) return 150;
        int mine = icon_count(me, card->featured), lead = 1;
        for (int i = 0; i < o->nplayers; i++)
            if (o->players[i].seat != o->seat && icon_count(&o->players[i], card->featured) >= mine) lead = 0;
        int value = card->age + 30 * card->scoring + 10 * card->effects + (lead ? 10 * card->demands : 0);
        return (lead ? 400 : 150) + value;
    }
    if (eq(t, "card")) return keep_low(o->purpose) ? 100 - card_age(a->card) : 100 + card_age(a->card);
    if (eq(t, "blind")) return 100 - a->age;
    if (eq(t, "yes")) return 1;
    if (eq(t, "color")) {
        for (int i = 0; i < me->nboard; i++)
            if (eq(me->board[i].color, a->color)) return me->board[i].cards;
        return 0;
    }
    if (eq(t, "value")) return a->value;
    if (eq(t, "player")) return a->player == o->seat ? -1 : 1;
    return 0; /* pass, colors, option: the first one listed */
}

/* Mammothodus: carry the shards each portal line asks for to a territory that meets it, then
   activate its place of power; attack tribes when they crowd the map; send humans to the
   centre. */
typedef struct {
    int is_goal[MAX_TERRITORIES];
    int missing[MAX_TERRITORIES][MAX_SHARD_TYPES]; /* shard types still missing at a goal */
    int needed[MAX_SHARD_TYPES];                   /* types some goal still misses */
} Goals;

/* Each territory where a line not yet active could have its place of power: the shard types
   still missing there (the fewest over the lines it meets). */
static void mammothodus_goals(const MammothodusObservation *o, Goals *g) {
    memset(g, 0, sizeof *g);
    int total[MAX_TERRITORIES];
    for (const MammothodusLine *line = o->lines; line < o->lines + o->nlines; line++) {
        if (line->place >= 0) continue;
        for (int id = 0; id < o->nterritories; id++) {
            const MammothodusTerritory *t = &o->territories[id];
            int ok = id != mmap.centre;
            for (int i = 0; i < o->nlines; i++)
                if (o->lines[i].place == id) ok = 0;
            for (int i = 0; i < line->nregions; i++)
                if (!eq(line->regions[i], t->region)) ok = 0;
            for (int i = 0; i < line->ncolors; i++)
                if (!eq(line->colors[i], t->color)) ok = 0;
            if (!ok) continue;
            int missing[MAX_SHARD_TYPES], sum = 0;
            for (int k = 0; k < MAX_SHARD_TYPES; k++) {
                missing[k] = line->shards[k] > t->open[k] ? line->shards[k] - t->open[k] : 0;
                sum += missing[k];
            }
            if (!g->is_goal[id] || sum < total[id]) {
                g->is_goal[id] = 1;
                total[id] = sum;
                memcpy(g->missing[id], missing, sizeof missing);
            }
        }
    }
    for (int id = 0; id < o->nterritories; id++)
        for (int k = 0; g->is_goal[id] && k < MAX_SHARD_TYPES; k++)
            if (g->missing[id][k] > g->needed[k]) g->needed[k] = g->missing[id][k];
}

static int misses(const Goals *g, int t, int shard) {
    return t >= 0 && t < MAX_TERRITORIES && shard >= 0 && g->is_goal[t] && g->missing[t][shard] > 0;
}

/* Where a figurine should go: with a shard, the nearest goal missing it; else the nearest open
   shard that a goal misses (not lying on such a goal already); else the nearest face-down shard,
   a goal's first. */
static int work_target(const MammothodusObservation *o, const Goals *g, int at, int carries) {
    for (int pass = 0; pass < 3; pass++) {
        int best = -1;
        for (int id = 0; id < o->nterritories; id++) {
            const MammothodusTerritory *t = &o->territories[id];
            int spot = 0;
            if (carries >= 0) spot = pass == 0 && misses(g, id, carries);
            else if (pass == 0) {
                for (int k = 0; k < MAX_SHARD_TYPES; k++)
                    if (t->open[k] > 0 && g->needed[k] > 0 && !misses(g, id, k)) spot = 1;
            } else spot = t->closed_shards > 0 && (pass == 2 || g->is_goal[id]);
            if (spot && (best < 0 || dist(at, id) < dist(at, best))) best = id;
        }
        if (best >= 0) return best;
        if (carries >= 0) break;
    }
    return at;
}

static int min_dist_to_goals(const Goals *g, int t, int fallback) {
    int best = -1;
    for (int id = 0; id < MAX_TERRITORIES; id++)
        if (g->is_goal[id] && (best < 0 || dist(t, id) < best)) best = dist(t, id);
    return best < 0 ? fallback : best;
}

static double score_mammothodus(const MammothodusObservation *o, const Action *a, const Memory *m) {
    const MammothodusClan *me = clan_of(o, o->seat);
    Goals g;
    mammothodus_goals(o, &g);
    int on_field = 0;
    for (int k = 0; k < FIGURINES; k++) on_field += me->figurines[k] >= 0;
    const char *t = a->type;
    if (eq(t, "action")) {
        if (eq(a->action, "activate")) return 1000;
        if (eq(a->action, "attack")) {
            int crowd = 0;
            for (int id = 0; id < o->nterritories; id++) crowd += o->territories[id].tribes;
            return crowd >= 7 ? 300 : 40;
        }
        if (eq(a->action, "population")) return me->population <= 4 ? 200 : 10;
        if (eq(a->action, "move")) return 100;
        if (eq(a->action, "degradation")) return 60;
        if (eq(a->action, "development")) return me->degradation < on_field ? 50 : 5;
        return 0;
    }
    if (eq(t, "figurine")) {
        int k = figurine_index(a->color), at = k >= 0 ? me->figurines[k] : -1;
        if (at < 0 || at >= MAX_TERRITORIES) return 0;
        if (strcmp(m->action, "attack") == 0) return 10 + o->territories[at].tribes;
        if (strcmp(m->action, "move") == 0)
            return 10 - dist(at, work_target(o, &g, at, -1)) / 10.0 + (eq(a->color, "green") ? 1 : 0);
        return 5;
    }
    if (eq(t, "card")) {
        if (eq(o->purpose, "card")) { /* on our own figurine */
            if (m->cards >= (strcmp(m->action, "move") == 0 ? 2 : 9)) return -1;
            if (eq(a->card, "blue") && strcmp(m->action, "activate") != 0 && strcmp(m->action, "development") != 0)
                return -1; /* keep blue cards to activate */
            return 5;
        }
        if (eq(o->purpose, "degradation")) return 5; /* clear degradation cards from the hand */
        if (eq(o->purpose, "assist")) return eq(a->card, "blue") || eq(a->card, "red") ? 5 : -1;
        if (eq(o->purpose, "extra")) return 5;
        if (eq(o->purpose, "discard")) return eq(a->card, "yellow") && me->population >= 7 ? 1 : -1;
        return -1; /* draw3: keep the hand */
    }
    if (eq(o->purpose, "step") && (eq(t, "step") || eq(t, "shard") || eq(t, "pass"))) {
        if (eq(t, "shard")) {
            if (!a->take) return misses(&g, m->at, m->carries) ? 5 : -5;
            int k = shard_index(a->take);
            return k >= 0 && g.needed[k] > 0 && !misses(&g, m->at, k) ? 5 : -5;
        }
        int target = work_target(o, &g, m->at, m->carries);
        return eq(t, "step") ? -dist(a->to, target) - 0.1 : -dist(m->at, target);
    }
    if (eq(t, "direct")) { /* humans in the centre never act again; else far from us */
        if (a->to == mmap.centre) return 100;
        int best = -1;
        for (int k = 0; k < FIGURINES; k++)
            if (me->figurines[k] >= 0 && (best < 0 || dist(a->to, me->figurines[k]) < best)) best = dist(a->to, me->figurines[k]);
        return best < 0 ? 0 : best;
    }
    if (eq(t, "place")) return a->territory == mmap.centre ? 10 : 5 - min_dist_to_goals(&g, a->territory, 5);
    if (eq(t, "remove")) {
        int k = figurine_index(a->color);
        return k >= 0 && me->figurines[k] >= 0 ? min_dist_to_goals(&g, me->figurines[k], 0) : 0;
    }
    if (eq(t, "start")) return (eq(a->colors[0], "green") || eq(a->colors[1], "green")) + (eq(a->colors[0], "blue") || eq(a->colors[1], "blue"));
    if (eq(t, "line")) return 1;
    if (eq(t, "hit")) return eq(a->target, "tribe") ? 1 : 0;
    if (eq(t, "adapt") || eq(t, "use")) return 2;
    if (eq(t, "swap") || eq(t, "token") || eq(t, "reroll") || eq(t, "roll")) return -1;
    return 0; /* pass, talent, put: the first one listed */
}

/* Our figurine in motion: the one whose neighbours are the steps offered (and, of several there,
   the one carrying a shard), with what it carries. */
static void find_mover(const MammothodusObservation *o, const Action *actions, int n, Memory *m) {
    const MammothodusClan *me = clan_of(o, o->seat);
    m->at = mmap.centre;
    m->carries = -1;
    for (int k = 0; k < FIGURINES; k++) {
        int t = me->figurines[k];
        if (t < 0 || t >= mmap.n) continue;
        int steps = 0, all_near = 1;
        for (int i = 0; i < n; i++) {
            if (!eq(actions[i].type, "step")) continue;
            steps++;
            int near = 0;
            for (int j = 0; j < mmap.nneighbours[t]; j++) near |= mmap.neighbours[t][j] == actions[i].to;
            all_near &= near;
        }
        if (!all_near || steps != mmap.nneighbours[t]) continue;
        m->at = t;
        for (int i = 0; i < o->territories[t].nancients; i++)
            if (o->territories[t].ancients[i].clan == o->seat && o->territories[t].ancients[i].carries >= 0)
                m->carries = o->territories[t].ancients[i].carries;
        return;
    }
}

/* ================================================================== the bot */
static char game[32] = "altay";

/* A new game: forget everything the previous one left (many_games: after game_over the next
   hello may come to this process; its game, seats, player count and board may all differ). */
static void forget_the_game(void) {
    memset(altay_adjacent, 0, sizeof altay_adjacent);
    for (int i = 0; i < ninnovation_cards; i++) {
        free(innovation_cards[i].name);
        free(innovation_cards[i].color);
        free(innovation_cards[i].featured);
    }
    memset(innovation_cards, 0, sizeof innovation_cards);
    ninnovation_cards = 0;
    nshard_types = 0;
    memset(&mmap, 0, sizeof mmap);
    memset(memory, 0, sizeof memory);
    for (int k = 0; k < MAX_SEATS; k++) memory[k].carries = -1;
}

static void hello(const jnode *msg) {
    forget_the_game();
    const char *name = get_str(get(msg, "kind"), "name");
    snprintf(game, sizeof game, "%s", name ? name : "altay");
    const jnode *st = get(msg, "static");
    if (strcmp(game, "altay") == 0) {
        for (const jnode *t = first(get(st, "territories")); t; t = t->next) {
            long id = get_int(t, "id", -1);
            if (id >= 0 && id < MAX_TERRITORIES) altay_adjacent[id] = count(get(t, "adjacent"));
        }
    } else if (strcmp(game, "innovation") == 0) {
        for (const jnode *c = first(get(st, "cards")); c && ninnovation_cards < MAX_DECK; c = c->next) {
            InnovationCard *x = &innovation_cards[ninnovation_cards++];
            x->name = dup(get_str(c, "name"));
            x->color = dup(get_str(c, "color"));
            x->featured = dup(get_str(c, "featured"));
            x->age = (int)get_int(c, "age", 0);
            for (const jnode *e = first(get(c, "effects")); e; e = e->next) {
                if (eq(get_str(e, "kind"), "demand")) { x->demands++; continue; }
                x->effects++;
                const char *text = get_str(e, "text");
                if (text && strstr(text, "score")) x->scoring++;
            }
        }
    } else if (strcmp(game, "mammothodus") == 0) {
        parse_mammothodus_static(st);
    }
}

/* The heuristic: how good action `a` looks in the observation (higher is better). Exactly one
   observation pointer is set: the game's. */
static double score(const AltayObservation *altay, const InnovationObservation *innovation,
                    const MammothodusObservation *mammothodus, const Action *a) {
    if (altay) return score_altay(altay, a);
    if (innovation) return score_innovation(innovation, a);
    if (mammothodus) return score_mammothodus(mammothodus, a, &memory[mammothodus->seat]);
    return 0;
}

/* Mammothodus: the action of the turn and the cards played on the figurine acting. */
static void remember(const MammothodusObservation *o, const Action *chosen) {
    Memory *m = &memory[o->seat];
    if (eq(chosen->type, "action")) {
        snprintf(m->action, sizeof m->action, "%s", chosen->action ? chosen->action : "");
        m->cards = 0;
    } else if (eq(chosen->type, "figurine")) {
        m->cards = 0;
    } else if (eq(chosen->type, "card") && eq(o->purpose, "card")) {
        m->cards++;
    }
}

/* The index of the best-scored legal action (the first of equals). */
static long choose(const jnode *request) {
    static AltayObservation altay;             /* static: large structs, off the stack */
    static InnovationObservation innovation;
    static MammothodusObservation mammothodus;
    const jnode *observation = get(request, "observation");
    int n = count(get(request, "actions"));
    if (n <= 0) return 0;
    Action *actions = calloc((size_t)n, sizeof *actions);
    if (!actions) return 0;
    int i = 0;
    for (const jnode *a = first(get(request, "actions")); a; a = a->next) actions[i++] = parse_action(a);
    AltayObservation *pa = NULL;
    InnovationObservation *pi = NULL;
    MammothodusObservation *pm = NULL;
    if (strcmp(game, "altay") == 0) {
        parse_altay(observation, &altay);
        pa = &altay;
    } else if (strcmp(game, "innovation") == 0) {
        parse_innovation(observation, &innovation);
        pi = &innovation;
    } else if (strcmp(game, "mammothodus") == 0) {
        int seat = (int)get_int(request, "seat", get_int(observation, "seat", 0));
        parse_mammothodus(observation, seat >= 0 && seat < MAX_SEATS ? seat : 0, &mammothodus);
        pm = &mammothodus;
        if (eq(pm->purpose, "step")) find_mover(pm, actions, n, &memory[pm->seat]);
    }
    long best = 0;
    double best_score = 0;
    for (i = 0; i < n; i++) {
        double s = score(pa, pi, pm, &actions[i]);
        if (i == 0 || s > best_score) { best = i; best_score = s; }
    }
    if (pm) remember(pm, &actions[best]);
    free(actions);
    return best;
}

int main(void) {
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) > 0) {
        jnode *msg = json_parse(line, (size_t)len);
        const char *type = get_str(msg, "type");
        if (!type) {
            fprintf(stderr, "starter: a line of %zd bytes that is not a JSON object with a type\n", len);
        } else if (strcmp(type, "hello") == 0) {
            hello(msg);
            printf("{\"type\":\"ready\",\"name\":\"c-starter\",\"version\":\"1.0\",\"protocol_version\":1,"
                   "\"many_games\":true}\n");
            fflush(stdout);
        } else if (strcmp(type, "request") == 0) {
            long index = choose(msg);
            printf("{\"type\":\"action\",\"id\":%ld,\"index\":%ld}\n", get_int(msg, "id", 0), index);
            fflush(stdout);
        } else if (strcmp(type, "ping") == 0) {
            printf("{\"type\":\"pong\",\"id\":%ld}\n", get_int(msg, "id", 0));
            fflush(stdout);
        } else if (strcmp(type, "error") == 0) {
            const char *why = get_str(msg, "message");
            fprintf(stderr, "starter: refused: %s\n", why ? why : "?"); /* a retry follows as a new request */
        } else if (strcmp(type, "quit") == 0) {
            jfree(msg);
            break;
        }
        /* "game_over" needs no answer; unknown types are ignored */
        jfree(msg);
    }
    free(line);
    return 0;
}
