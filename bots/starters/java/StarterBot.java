// A starter bot in Java (17, no Maven, no libraries) for every game of the referee: Altay,
// Innovation and Mammothodus, with a small JSON reader and writer of its own.
//
//     javac -d /tmp/starter StarterBot.java && java -cp /tmp/starter StarterBot
//
// It reads `hello` (the game, and its static information: Altay's board, Innovation's cards,
// Mammothodus's map) and every request into records of its own (below), scores each legal
// action with one heuristic, `Bot.score` (a one-ply score: the observation and the action
// alone, never a look ahead; each game's part is its `scoreGAME` method), and answers the index
// of the best (the first of equals). Replace a `scoreGAME` with your own ideas; the rest is the
// protocol (protocol/PROTOCOL.md): one JSON object per line on stdin and stdout; answer `hello`
// with `ready`, each `request` with {"type":"action","id":ID,"index":K}, `ping` with `pong`;
// ignore `error` (a retry comes as a new request), `game_over` and any type you do not know;
// exit on `quit`. It says `many_games` at `ready`: after `game_over` the next game's `hello` may
// follow in the same process, and every `hello` starts a new Bot. Flush stdout after every line.
// Debug output goes to stderr.
//
// The JVM reserves memory by the machine's size; under the sandbox's memory limit (--bot-memory,
// 1024 MiB by default) start it small: see README.md beside this file for the flags.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

public final class StarterBot {

    // ======================================================================== a small JSON
    /** JSON as Java values: Map (objects, in order), List, String, Double, Boolean, null. */
    static final class Json {
        private final String s;
        private int i;
        private int depth;

        private Json(String s) { this.s = s; }

        static Object parse(String text) {
            Json p = new Json(text);
            Object v = p.value();
            p.ws();
            if (p.i != text.length()) throw new IllegalArgumentException("trailing characters at " + p.i);
            return v;
        }

        private void ws() {
            while (i < s.length() && " \t\n\r".indexOf(s.charAt(i)) >= 0) i++;
        }

        private Object value() {
            ws();
            if (i >= s.length()) throw new IllegalArgumentException("unexpected end");
            if (++depth > 200) throw new IllegalArgumentException("nested too deep");
            char c = s.charAt(i);
            Object v;
            if (c == '{') v = object();
            else if (c == '[') v = array();
            else if (c == '"') v = string();
            else if (s.startsWith("true", i)) { i += 4; v = Boolean.TRUE; }
            else if (s.startsWith("false", i)) { i += 5; v = Boolean.FALSE; }
            else if (s.startsWith("null", i)) { i += 4; v = null; }
            else v = number();
            depth--;
            return v;
        }

        private Double number() {
            int start = i;
            while (i < s.length() && "+-.eE0123456789".indexOf(s.charAt(i)) >= 0) i++;
            try {
                return Double.valueOf(s.substring(start, i));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad number at " + start);
            }
        }

        private String string() {
            StringBuilder out = new StringBuilder();
            i++; // the opening quote
            while (true) {
                if (i >= s.length()) throw new IllegalArgumentException("unterminated string");
                char c = s.charAt(i++);
                if (c == '"') return out.toString();
                if (c != '\\') { out.append(c); continue; }
                if (i >= s.length()) throw new IllegalArgumentException("unterminated escape");
                char e = s.charAt(i++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (i + 4 > s.length()) throw new IllegalArgumentException("short \\u escape");
                        out.append((char) Integer.parseInt(s.substring(i, i + 4), 16)); // UTF-16, as Java's strings
                        i += 4;
                    }
                    default -> out.append(e);
                }
            }
        }

        private List<Object> array() {
            List<Object> out = new ArrayList<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == ']') { i++; return out; }
            while (true) {
                out.add(value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                if (i < s.length() && s.charAt(i) == ']') { i++; return out; }
                throw new IllegalArgumentException("expected ',' or ']' at " + i);
            }
        }

        private Map<String, Object> object() {
            Map<String, Object> out = new LinkedHashMap<>();
            i++;
            ws();
            if (i < s.length() && s.charAt(i) == '}') { i++; return out; }
            while (true) {
                ws();
                if (i >= s.length() || s.charAt(i) != '"') throw new IllegalArgumentException("expected a key at " + i);
                String key = string();
                ws();
                if (i >= s.length() || s.charAt(i) != ':') throw new IllegalArgumentException("expected ':' at " + i);
                i++;
                out.put(key, value());
                ws();
                if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                if (i < s.length() && s.charAt(i) == '}') { i++; return out; }
                throw new IllegalArgumentException("expected ',' or '}' at " + i);
            }
        }

        static String write(Object v) {
            StringBuilder out = new StringBuilder();
            write(v, out);
            return out.toString();
        }

        private static void write(Object v, StringBuilder out) {
            if (v == null) out.append("null");
            else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) out.append(v);
            else if (v instanceof Double d) {
                if (d == Math.rint(d) && Math.abs(d) < 9e15) out.append(d.longValue()); else out.append(d);
            } else if (v instanceof String str) {
                out.append('"');
                for (char c : str.toCharArray()) {
                    switch (c) {
                        case '"' -> out.append("\\\"");
                        case '\\' -> out.append("\\\\");
                        case '\n' -> out.append("\\n");
                        case '\r' -> out.append("\\r");
                        case '\t' -> out.append("\\t");
                        default -> {
                            if (c < 0x20) out.append(String.format("\\u%04x", (int) c)); else out.append(c);
                        }
                    }
                }
                out.append('"');
            } else if (v instanceof Map<?, ?> m) {
                out.append('{');
                boolean firstMember = true;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    if (!firstMember) out.append(',');
                    firstMember = false;
                    write(String.valueOf(e.getKey()), out);
                    out.append(':');
                    write(e.getValue(), out);
                }
                out.append('}');
            } else if (v instanceof List<?> l) {
                out.append('[');
                for (int k = 0; k < l.size(); k++) {
                    if (k > 0) out.append(',');
                    write(l.get(k), out);
                }
                out.append(']');
            } else throw new IllegalArgumentException("not a JSON value: " + v);
        }
    }

    // Lookups that never fail: a missing or mistyped field gives the fallback.
    @SuppressWarnings("unchecked")
    static Map<String, Object> obj(Object v) { return v instanceof Map ? (Map<String, Object>) v : Map.of(); }

    @SuppressWarnings("unchecked")
    static List<Object> arr(Object v) { return v instanceof List ? (List<Object>) v : List.of(); }

    static String str(Object v) { return v instanceof String s ? s : null; }

    static String str(Object v, String fallback) { return v instanceof String s ? s : fallback; }

    static int num(Object v, int fallback) { return v instanceof Double d ? (int) Math.round(d) : fallback; }

    static Integer numOrNull(Object v) { return v instanceof Double d ? (int) Math.round(d) : null; }

    static List<String> strs(Object v) {
        List<String> out = new ArrayList<>();
        for (Object x : arr(v)) if (x instanceof String s) out.add(s);
        return out;
    }

    // ======================================================================== records
    /** One legal action: its type and the fields a starter uses (absent ones keep defaults). */
    record Action(
            String type,
            String card, // Altay play/buy, Innovation meld/dogma/card, Mammothodus card
            int effect, // Altay play
            int territory, // Altay start/settle, Mammothodus place
            int source, // Altay attack `from`
            int to, // Altay attack, Mammothodus step/direct
            List<String> cards, // Altay attack/fight cards, surrender discards
            String pay, // Altay buy
            String on, // Altay place
            String achievement, // Altay develop
            String faction, // Altay faction
            int age, // Innovation achieve/blind
            String color, // Innovation color, Mammothodus figurine/place/remove
            List<String> colors, // Mammothodus start
            int player, // Innovation player
            int value, // Innovation value
            String action, // Mammothodus action (move, attack, ...)
            String take, // Mammothodus shard (null: drop the carried one)
            String target) { // Mammothodus hit

        static Action parse(Object raw) {
            Map<String, Object> d = obj(raw);
            List<String> cards = strs(d.get("cards"));
            if (cards.isEmpty()) cards = strs(d.get("discard"));
            return new Action(str(d.get("type"), ""), str(d.get("card")), num(d.get("effect"), 0),
                    num(d.get("territory"), -1), num(d.get("from"), -1), num(d.get("to"), -1), cards,
                    str(d.get("pay"), ""), str(d.get("on")), str(d.get("achievement")), str(d.get("faction")),
                    num(d.get("age"), 0), str(d.get("color")), strs(d.get("colors")), num(d.get("player"), -1),
                    num(d.get("value"), 0), str(d.get("action")), str(d.get("take")), str(d.get("target")));
        }

        boolean is(String t) { return type.equals(t); }
    }

    // ------------------------------------------------------------------------ Altay
    /** markerValue: the conquest marker still there (0: none); adjacent: neighbours (hello.static). */
    record AltayTerritory(int id, Integer owner, int settlements, int markerValue, int vp, int adjacent) {}

    record AltayPlayer(int seat, List<String> completed, boolean developing) {}

    /** combatAttack, combatTo: the attack waiting for us (phase defend). */
    record AltayObservation(int seat, List<AltayTerritory> board, List<AltayPlayer> players, String secretWonder,
                            int combatAttack, int combatTo) {
        static AltayObservation parse(Map<String, Object> o, Map<Integer, Integer> adjacency) {
            List<AltayTerritory> board = new ArrayList<>();
            for (Object raw : arr(o.get("board"))) {
                Map<String, Object> t = obj(raw);
                int id = num(t.get("id"), -1);
                board.add(new AltayTerritory(id, numOrNull(t.get("owner")), num(t.get("settlements"), 0),
                        num(obj(t.get("marker")).get("value"), 0), num(t.get("vp"), 0), adjacency.getOrDefault(id, 0)));
            }
            List<AltayPlayer> players = new ArrayList<>();
            for (Object raw : arr(o.get("players"))) {
                Map<String, Object> p = obj(raw);
                players.add(new AltayPlayer(num(p.get("seat"), 0), strs(p.get("completed")), p.get("developing") instanceof Map));
            }
            Map<String, Object> combat = obj(o.get("combat"));
            return new AltayObservation(num(o.get("seat"), 0), board, players, str(obj(o.get("you")).get("secret_wonder")),
                    num(combat.get("attack"), 0), num(combat.get("to"), -1));
        }

        AltayTerritory territory(int id) { return id >= 0 && id < board.size() ? board.get(id) : null; }

        AltayPlayer me() {
            for (AltayPlayer p : players) if (p.seat() == seat) return p;
            return null;
        }
    }

    // ------------------------------------------------------------------------ Innovation
    /** featured: the icon its dogma compares; effects: non-demand effects; scoring: those that say "score". */
    record InnovationCard(String name, int age, String color, String featured, int effects, int scoring, int demands) {}

    record InnovationPile(String color, List<String> cards) {} // cards bottom to top

    record InnovationPlayer(int seat, int hand, List<InnovationPile> board, Map<String, Integer> icons) {}

    /** purpose: the decision asked inside an effect (null at a turn's action). */
    record InnovationObservation(int seat, List<InnovationPlayer> players, String purpose) {
        static InnovationObservation parse(Map<String, Object> o) {
            List<InnovationPlayer> players = new ArrayList<>();
            for (Object raw : arr(o.get("players"))) {
                Map<String, Object> p = obj(raw);
                List<InnovationPile> board = new ArrayList<>();
                for (Object b : arr(p.get("board"))) board.add(new InnovationPile(str(obj(b).get("color"), ""), strs(obj(b).get("cards"))));
                Map<String, Integer> icons = new HashMap<>();
                for (Map.Entry<String, Object> e : obj(p.get("icons")).entrySet()) icons.put(e.getKey(), num(e.getValue(), 0));
                players.add(new InnovationPlayer(num(p.get("seat"), 0), arr(p.get("hand")).size(), board, icons));
            }
            return new InnovationObservation(num(o.get("seat"), 0), players, str(obj(o.get("decision")).get("purpose")));
        }
    }

    // ------------------------------------------------------------------------ Mammothodus
    static final List<String> FIGURINE_COLORS = List.of("red", "green", "yellow", "blue");

    /** An Ancient figurine: its clan and the shard type it carries in a move (or null). */
    record Ancient(int clan, String carries) {}

    record MammothodusTerritory(int id, String region, String color, int tribes, List<Ancient> ancients,
                                List<String> openShards, int closedShards) {}

    /** figurines: colour -> territory (null: off the field). */
    record MammothodusClan(int seat, int population, int degradation, Map<String, Integer> figurines) {
        List<Integer> onField() {
            List<Integer> out = new ArrayList<>();
            for (String c : FIGURINE_COLORS) if (figurines.get(c) != null) out.add(figurines.get(c));
            return out;
        }
    }

    /** What one portal line asks of the territory of its place of power (the open fragments). */
    record MammothodusLine(Map<String, Integer> shards, List<String> regions, List<String> colors, Integer place) {}

    record MammothodusObservation(int seat, List<MammothodusTerritory> territories, List<MammothodusClan> clans,
                                  List<MammothodusLine> lines, String purpose) {
        static MammothodusObservation parse(Map<String, Object> o, int seat) {
            List<MammothodusTerritory> territories = new ArrayList<>();
            for (Object raw : arr(o.get("territories"))) {
                Map<String, Object> t = obj(raw);
                List<Ancient> ancients = new ArrayList<>();
                for (Object a : arr(t.get("ancients"))) ancients.add(new Ancient(num(obj(a).get("clan"), -1), str(obj(a).get("carries"))));
                territories.add(new MammothodusTerritory(num(t.get("id"), 0), str(t.get("region")), str(t.get("color")),
                        num(t.get("tribes"), 0), ancients, strs(t.get("open_shards")), num(t.get("closed_shards"), 0)));
            }
            List<MammothodusClan> clans = new ArrayList<>();
            for (Object raw : arr(o.get("clans"))) {
                Map<String, Object> c = obj(raw);
                Map<String, Integer> figurines = new HashMap<>();
                for (String k : FIGURINE_COLORS) figurines.put(k, numOrNull(obj(c.get("figurines")).get(k)));
                clans.add(new MammothodusClan(num(c.get("seat"), 0), num(c.get("population"), 0), num(c.get("degradation"), 0), figurines));
            }
            List<MammothodusLine> lines = new ArrayList<>();
            for (Object p : arr(o.get("places"))) lines.add(new MammothodusLine(new TreeMap<>(), new ArrayList<>(), new ArrayList<>(), numOrNull(p)));
            for (Object fragment : arr(o.get("portal_open"))) {
                List<Object> cells = arr(obj(fragment).get("lines"));
                for (int n = 0; n < cells.size() && n < lines.size(); n++) {
                    Map<String, Object> cell = obj(cells.get(n));
                    MammothodusLine line = lines.get(n);
                    if (str(cell.get("shard")) != null) line.shards().merge(str(cell.get("shard")), 1, Integer::sum);
                    if (str(cell.get("region")) != null) line.regions().add(str(cell.get("region")));
                    if (str(cell.get("color")) != null) line.colors().add(str(cell.get("color")));
                }
            }
            return new MammothodusObservation(seat, territories, clans, lines, str(obj(o.get("decision")).get("purpose"), ""));
        }

        MammothodusClan me() {
            for (MammothodusClan c : clans) if (c.seat() == seat) return c;
            return null;
        }

        MammothodusTerritory territory(int id) {
            for (MammothodusTerritory t : territories) if (t.id() == id) return t;
            return null;
        }
    }

    /** distance: the shortest number of steps between two territories (99: unreachable). */
    record MammothodusMap(int centre, Map<Integer, List<Integer>> neighbours, Map<Integer, Map<Integer, Integer>> distance) {
        static MammothodusMap parse(Map<String, Object> st) {
            Map<String, Object> m = obj(obj(st.get("data")).get("map"));
            Map<Integer, List<Integer>> neighbours = new TreeMap<>();
            for (Object t : arr(m.get("territories"))) neighbours.put(num(obj(t).get("id"), 0), new ArrayList<>());
            for (Object e : arr(m.get("adjacency"))) {
                List<Object> pair = arr(e);
                if (pair.size() != 2) continue;
                int a = num(pair.get(0), -1), b = num(pair.get(1), -1);
                neighbours.computeIfAbsent(a, k -> new ArrayList<>()).add(b);
                neighbours.computeIfAbsent(b, k -> new ArrayList<>()).add(a);
            }
            Map<Integer, Map<Integer, Integer>> distance = new HashMap<>();
            for (int start : neighbours.keySet()) { // breadth-first search from every territory
                Map<Integer, Integer> d = new HashMap<>();
                d.put(start, 0);
                ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(start));
                while (!queue.isEmpty()) {
                    int t = queue.poll();
                    for (int n : neighbours.getOrDefault(t, List.of())) {
                        if (!d.containsKey(n)) { d.put(n, d.get(t) + 1); queue.add(n); }
                    }
                }
                distance.put(start, d);
            }
            return new MammothodusMap(num(m.get("centre"), 0), neighbours, distance);
        }

        int dist(int a, int b) { return distance.getOrDefault(a, Map.of()).getOrDefault(b, 99); }
    }

    /** What a seat chose earlier in its turn (the action, cards played on the figurine acting),
     * and where the figurine in motion stands with the shard it carries. */
    static final class Memory {
        String action = "";
        int cards;
        Integer at;
        String carries;
    }

    // ======================================================================== the heuristics
    // Altay: build settlements, play producers, buy by value, capture conquest markers, develop.
    static final Map<String, Integer> BUY_VALUE = Map.ofEntries(Map.entry("City", 12), Map.entry("Town", 10),
            Map.entry("Chariot", 8), Map.entry("Worker", 8), Map.entry("Cavalry", 6), Map.entry("Farmer", 5),
            Map.entry("Woodcutter", 5), Map.entry("Miner", 5), Map.entry("Stonecutter", 4), Map.entry("Scholar", 4),
            Map.entry("Merchant", 2));
    static final Map<String, Integer> STRENGTH = Map.of("Warrior", 1, "Cavalry", 2, "Chariot", 3);
    static final Map<String, Integer> FACTION_VALUE = Map.of("Earthfolk", 4, "Firefolk", 3, "Smallfolk", 2, "Elvenfolk", 1);
    static final List<String> PRODUCERS = List.of("Farmer", "Woodcutter", "Miner", "Stonecutter");
    static final List<String> BUILDINGS = List.of("Village", "Town", "City");

    static int strength(List<String> cards) {
        int s = 0;
        for (String c : cards) s += STRENGTH.getOrDefault(c, 0);
        return s;
    }

    /** Settling and building first, then producing, capturing markers, developing and buying by
     * the value of the card; defending only when it wins or ties. */
    static double scoreAltay(AltayObservation o, Action a) {
        String card = a.card() == null ? "" : a.card();
        switch (a.type()) {
            case "settle": {
                AltayTerritory t = o.territory(a.territory());
                if (t == null) return -1;
                return t.owner() == null ? 1000 + 10 + 3 * t.vp() : 1000 + 2 - t.settlements();
            }
            case "start": {
                AltayTerritory t = o.territory(a.territory());
                return 100 + (t == null ? 0 : t.adjacent());
            }
            case "faction":
                return FACTION_VALUE.getOrDefault(a.faction() == null ? "" : a.faction(), 0);
            case "play":
                if (BUILDINGS.contains(card)) return 900;
                if (card.equals("Settler") && a.effect() == 1) return 950;
                if (PRODUCERS.contains(card) && a.effect() == 1) return 850;
                if (card.equals("Scholar")) return a.effect() == 1 ? 840 : 700;
                if (card.equals("Merchant") || ((card.equals("Lorekeeper") || card.equals("Spellweaver")) && a.effect() == 1)) return 5;
                if (card.equals("Shaman") && a.effect() == 1) return 600;
                return 800;
            case "attack": {
                AltayTerritory from = o.territory(a.source()), target = o.territory(a.to());
                if (from == null || target == null) return -1;
                int icons = strength(a.cards());
                if (target.markerValue() > 0) return 750 + 5 * target.markerValue() - 10 * icons;
                int margin = from.settlements() + icons - target.settlements() - 2;
                return margin > 0 ? 300 + 10 * margin - 5 * icons : -50;
            }
            case "release":
                return 780;
            case "place":
                if ("achievement".equals(a.on())) return 650;
                return BUILDINGS.contains(a.on() == null ? "" : a.on()) ? 700 : 20;
            case "develop": {
                AltayPlayer me = o.me();
                if (me != null && me.developing()) return -100;
                return a.achievement() != null && a.achievement().equals(o.secretWonder()) ? 640 : 605;
            }
            case "buy":
                return 400 + 10 * BUY_VALUE.getOrDefault(card, 1) - a.pay().length();
            case "philosophy":
                return 820;
            case "trade":
                return 500;
            case "fight": {
                AltayPlayer me = o.me();
                int strategy = me != null && me.completed().contains("Strategy") ? 1 : 0;
                AltayTerritory held = o.territory(o.combatTo());
                int defence = (held == null ? 0 : held.settlements()) + strategy + strength(a.cards());
                if (defence > o.combatAttack()) return 100 - a.cards().size();
                return defence == o.combatAttack() ? 50 - a.cards().size() : 0;
            }
            case "surrender":
                return 10 - a.cards().size();
            case "end":
                return 0;
            default:
                return -1; // abandon, commerce, engineering, mathematics, religion: not used here
        }
    }

    // Innovation: achieve; draw with few cards in hand; meld a card that raises our highest top
    // card; dogmas where we lead in the featured icon; meld; dogmas others share.
    static final List<String> KEEP_LOW = List.of("return", "transfer", "tuck", "exchange", "reveal", "order"); // give away low cards

    /** Achieve first. Draw when the hand is nearly empty (most effects need cards in hand). Meld
     * a card above our highest top card (achievements need a top card of their age, and draws
     * come from it). A dogma whose featured icon we have more of than every opponent (nobody
     * shares it, every opponent suffers its demands), more so for cards whose effects score;
     * then melding; a dogma others would share last. Inside an effect: take every optional step,
     * give away, return and tuck low cards, keep (meld, score) high ones, splay the biggest pile. */
    static double scoreInnovation(InnovationObservation o, Action a, Map<String, InnovationCard> cards) {
        InnovationPlayer me = null;
        for (InnovationPlayer p : o.players()) if (p.seat() == o.seat()) me = p;
        if (me == null) return 0;
        int top = 0;
        for (InnovationPile p : me.board()) if (!p.cards().isEmpty()) top = Math.max(top, age(cards, p.cards().get(p.cards().size() - 1)));
        InnovationCard card = a.card() == null ? null : cards.get(a.card());
        switch (a.type()) {
            case "achieve":
                return 1000 + a.age();
            case "draw":
                return 700 - 150 * me.hand();
            case "meld":
            case "first_meld": {
                if (card == null) return 300;
                if (card.age() > top) return 600 + card.age();
                boolean newColor = true;
                for (InnovationPile p : me.board()) if (p.color().equals(card.color()) && !p.cards().isEmpty()) newColor = false;
                return 300 + 10 * card.age() + (newColor ? 20 : 0);
            }
            case "dogma": {
                if (card == null) return 150;
                int mine = me.icons().getOrDefault(card.featured(), 0);
                boolean lead = true;
                for (InnovationPlayer p : o.players()) {
                    if (p.seat() != o.seat() && p.icons().getOrDefault(card.featured(), 0) >= mine) lead = false;
                }
                int value = card.age() + 30 * card.scoring() + 10 * card.effects() + (lead ? 10 * card.demands() : 0);
                return (lead ? 400 : 150) + value;
            }
            case "card":
                return KEEP_LOW.contains(o.purpose() == null ? "" : o.purpose()) ? 100 - age(cards, a.card()) : 100 + age(cards, a.card());
            case "blind":
                return 100 - a.age();
            case "yes":
                return 1;
            case "color":
                for (InnovationPile p : me.board()) if (p.color().equals(a.color())) return p.cards().size();
                return 0;
            case "value":
                return a.value();
            case "player":
                return a.player() == o.seat() ? -1 : 1;
            default:
                return 0; // pass, colors, option: the first one listed
        }
    }

    static int age(Map<String, InnovationCard> cards, String title) {
        InnovationCard c = title == null ? null : cards.get(title);
        return c == null ? 0 : c.age();
    }

    // Mammothodus: carry the shards each portal line asks for to a territory that meets it, then
    // activate its place of power; attack tribes when they crowd the map; send humans to the centre.

    /** Each territory where a line not yet active could have its place of power -> the shard
     * types still missing there (the fewest over the lines it meets). */
    static Map<Integer, Map<String, Integer>> mammothodusGoals(MammothodusObservation o, MammothodusMap board) {
        Map<Integer, Map<String, Integer>> goals = new TreeMap<>();
        List<Integer> taken = new ArrayList<>();
        for (MammothodusLine l : o.lines()) if (l.place() != null) taken.add(l.place());
        for (MammothodusLine line : o.lines()) {
            if (line.place() != null) continue;
            for (MammothodusTerritory t : o.territories()) {
                if (t.id() == board.centre() || taken.contains(t.id())) continue;
                boolean ok = true;
                for (String r : line.regions()) if (!r.equals(t.region())) ok = false;
                for (String c : line.colors()) if (!c.equals(t.color())) ok = false;
                if (!ok) continue;
                Map<String, Integer> missing = new TreeMap<>();
                for (Map.Entry<String, Integer> e : line.shards().entrySet()) {
                    int left = e.getValue() - Collections.frequency(t.openShards(), e.getKey());
                    if (left > 0) missing.put(e.getKey(), left);
                }
                Map<String, Integer> old = goals.get(t.id());
                if (old == null || total(missing) < total(old)) goals.put(t.id(), missing);
            }
        }
        return goals;
    }

    static int total(Map<String, Integer> m) {
        int s = 0;
        for (int n : m.values()) s += n;
        return s;
    }

    /** `memory` is what this seat chose earlier in its turn and where its figurine in motion stands. */
    static double scoreMammothodus(MammothodusObservation o, Action a, MammothodusMap board, Memory memory) {
        MammothodusClan me = o.me();
        if (me == null) return 0;
        Map<Integer, Map<String, Integer>> goals = mammothodusGoals(o, board);
        Map<String, Integer> needed = new HashMap<>(); // shard types some goal still misses
        for (Map<String, Integer> missing : goals.values()) for (Map.Entry<String, Integer> e : missing.entrySet()) needed.merge(e.getKey(), e.getValue(), Math::max);
        List<Integer> onField = me.onField();
        String card = a.card() == null ? "" : a.card();
        switch (a.type()) {
            case "action": {
                String action = a.action() == null ? "" : a.action();
                switch (action) {
                    case "activate": return 1000;
                    case "attack": {
                        int crowd = 0;
                        for (MammothodusTerritory t : o.territories()) crowd += t.tribes();
                        return crowd >= 7 ? 300 : 40;
                    }
                    case "population": return me.population() <= 4 ? 200 : 10;
                    case "move": return 100;
                    case "degradation": return 60;
                    case "development": return me.degradation() < onField.size() ? 50 : 5;
                    default: return 0;
                }
            }
            case "figurine": {
                Integer t = a.color() == null ? null : me.figurines().get(a.color());
                if (t == null) return 0;
                if (memory.action.equals("attack")) {
                    MammothodusTerritory x = o.territory(t);
                    return 10 + (x == null ? 0 : x.tribes());
                }
                if (memory.action.equals("move")) {
                    return 10 - board.dist(t, workTarget(o, goals, needed, board, t, null)) / 10.0 + ("green".equals(a.color()) ? 1 : 0);
                }
                return 5;
            }
            case "card":
                switch (o.purpose()) {
                    case "card": // on our own figurine
                        if (memory.cards >= (memory.action.equals("move") ? 2 : 9)) return -1;
                        if (card.equals("blue") && !memory.action.equals("activate") && !memory.action.equals("development")) return -1; // keep blue to activate
                        return 5;
                    case "degradation": return 5; // clear degradation cards from the hand
                    case "assist": return card.equals("blue") || card.equals("red") ? 5 : -1; // help to activate and to fight
                    case "extra": return 5;
                    case "discard": return card.equals("yellow") && me.population() >= 7 ? 1 : -1; // cycle population cards
                    default: return -1; // draw3: keep the hand
                }
            default:
                break;
        }
        if (o.purpose().equals("step") && (a.is("step") || a.is("shard") || a.is("pass"))) {
            int at = memory.at == null ? board.centre() : memory.at;
            if (a.is("shard")) {
                if (a.take() == null) return misses(goals, at, memory.carries) ? 5 : -5;
                return needed.getOrDefault(a.take(), 0) > 0 && !misses(goals, at, a.take()) ? 5 : -5;
            }
            int target = workTarget(o, goals, needed, board, at, memory.carries);
            return a.is("step") ? -board.dist(a.to(), target) - 0.1 : -board.dist(at, target);
        }
        switch (a.type()) {
            case "direct": { // humans in the centre never act again; else far from us
                if (a.to() == board.centre()) return 100;
                int best = -1;
                for (int t : onField) if (best < 0 || board.dist(a.to(), t) < best) best = board.dist(a.to(), t);
                return Math.max(best, 0);
            }
            case "place":
                return a.territory() == board.centre() ? 10 : 5 - minDistToGoals(goals, board, a.territory(), 5);
            case "remove": {
                Integer t = a.color() == null ? null : me.figurines().get(a.color());
                return t == null ? 0 : minDistToGoals(goals, board, t, 0);
            }
            case "start":
                return (a.colors().contains("green") ? 1 : 0) + (a.colors().contains("blue") ? 1 : 0);
            case "line":
                return 1;
            case "hit":
                return "tribe".equals(a.target()) ? 1 : 0;
            case "adapt":
            case "use":
                return 2;
            case "swap":
            case "token":
            case "reroll":
            case "roll":
                return -1;
            default:
                return 0; // pass, talent, put: the first one listed
        }
    }

    static boolean misses(Map<Integer, Map<String, Integer>> goals, int t, String shard) {
        return shard != null && goals.containsKey(t) && goals.get(t).getOrDefault(shard, 0) > 0;
    }

    static int minDistToGoals(Map<Integer, Map<String, Integer>> goals, MammothodusMap board, int t, int fallback) {
        int best = -1;
        for (int g : goals.keySet()) if (best < 0 || board.dist(t, g) < best) best = board.dist(t, g);
        return best < 0 ? fallback : best;
    }

    /** Where a figurine should go: with a shard, the nearest goal missing it; else the nearest
     * open shard that a goal misses (not lying on such a goal already); else the nearest
     * face-down shard, a goal's first. */
    static int workTarget(MammothodusObservation o, Map<Integer, Map<String, Integer>> goals, Map<String, Integer> needed,
                          MammothodusMap board, int at, String carries) {
        List<Integer> spots = new ArrayList<>();
        if (carries != null) {
            for (int g : goals.keySet()) if (misses(goals, g, carries)) spots.add(g);
        } else {
            for (MammothodusTerritory t : o.territories()) {
                for (String s : t.openShards()) {
                    if (needed.getOrDefault(s, 0) > 0 && !misses(goals, t.id(), s)) { spots.add(t.id()); break; }
                }
            }
            if (spots.isEmpty()) for (MammothodusTerritory t : o.territories()) if (t.closedShards() > 0 && goals.containsKey(t.id())) spots.add(t.id());
            if (spots.isEmpty()) for (MammothodusTerritory t : o.territories()) if (t.closedShards() > 0) spots.add(t.id());
        }
        Integer best = null;
        for (int s : spots) {
            if (best == null || board.dist(at, s) < board.dist(at, best) || (board.dist(at, s) == board.dist(at, best) && s < best)) best = s;
        }
        return best == null ? at : best;
    }

    // ======================================================================== the bot
    static final class Bot {
        String game = "altay";
        final Map<Integer, Integer> adjacency = new HashMap<>(); // Altay: territory -> neighbours
        final Map<String, InnovationCard> cards = new HashMap<>(); // Innovation: title -> card
        MammothodusMap board; // Mammothodus: the map
        final Map<Integer, Memory> memory = new HashMap<>(); // Mammothodus, per seat (one program may lead several clans)

        void hello(Map<String, Object> message) {
            game = str(obj(message.get("kind")).get("name"), "altay");
            Map<String, Object> st = obj(message.get("static"));
            switch (game) {
                case "altay" -> {
                    for (Object t : arr(st.get("territories"))) adjacency.put(num(obj(t).get("id"), -1), arr(obj(t).get("adjacent")).size());
                }
                case "innovation" -> {
                    for (Object raw : arr(st.get("cards"))) {
                        Map<String, Object> c = obj(raw);
                        int effects = 0, scoring = 0, demands = 0;
                        for (Object e : arr(c.get("effects"))) {
                            if ("demand".equals(obj(e).get("kind"))) { demands++; continue; }
                            effects++;
                            if (str(obj(e).get("text"), "").contains("score")) scoring++;
                        }
                        String name = str(c.get("name"), "");
                        cards.put(name, new InnovationCard(name, num(c.get("age"), 0), str(c.get("color"), ""),
                                str(c.get("featured"), ""), effects, scoring, demands));
                    }
                }
                case "mammothodus" -> board = MammothodusMap.parse(st);
                default -> { }
            }
        }

        /** The index of the best-scored legal action (the first of equals). */
        int choose(Map<String, Object> request) {
            List<Action> actions = new ArrayList<>();
            for (Object a : arr(request.get("actions"))) actions.add(Action.parse(a));
            Map<String, Object> observation = obj(request.get("observation"));
            Object o;
            switch (game) {
                case "altay" -> o = AltayObservation.parse(observation, adjacency);
                case "innovation" -> o = InnovationObservation.parse(observation);
                case "mammothodus" -> {
                    if (board == null) return 0;
                    int seat = num(request.get("seat"), num(observation.get("seat"), 0));
                    MammothodusObservation m = MammothodusObservation.parse(observation, seat);
                    if (m.purpose().equals("step")) findMover(m, actions, memoryOf(seat));
                    o = m;
                }
                default -> { return 0; }
            }
            int best = 0;
            double bestScore = Double.NEGATIVE_INFINITY;
            for (int i = 0; i < actions.size(); i++) {
                double s = score(o, actions.get(i));
                if (s > bestScore) { best = i; bestScore = s; }
            }
            if (o instanceof MammothodusObservation m && !actions.isEmpty()) remember(m, actions.get(best));
            return best;
        }

        /** The heuristic: how good action `a` looks in observation `o` (higher is better). */
        double score(Object o, Action a) {
            if (o instanceof AltayObservation x) return scoreAltay(x, a);
            if (o instanceof InnovationObservation x) return scoreInnovation(x, a, cards);
            if (o instanceof MammothodusObservation x) return scoreMammothodus(x, a, board, memoryOf(x.seat()));
            return 0;
        }

        Memory memoryOf(int seat) { return memory.computeIfAbsent(seat, k -> new Memory()); }

        /** Mammothodus: the action of the turn and the cards played on the figurine acting. */
        void remember(MammothodusObservation o, Action chosen) {
            Memory m = memoryOf(o.seat());
            if (chosen.is("action")) { m.action = chosen.action() == null ? "" : chosen.action(); m.cards = 0; }
            else if (chosen.is("figurine")) m.cards = 0;
            else if (chosen.is("card") && o.purpose().equals("card")) m.cards++;
        }

        /** Our figurine in motion: the one whose neighbours are the steps offered (and, of
         * several there, the one carrying a shard), with what it carries. */
        void findMover(MammothodusObservation o, List<Action> actions, Memory m) {
            List<Integer> steps = new ArrayList<>();
            for (Action a : actions) if (a.is("step")) steps.add(a.to());
            Collections.sort(steps);
            m.at = board.centre();
            m.carries = null;
            MammothodusClan me = o.me();
            if (me == null) return;
            for (int t : me.onField()) {
                List<Integer> around = new ArrayList<>(board.neighbours().getOrDefault(t, List.of()));
                Collections.sort(around);
                if (!around.equals(steps)) continue;
                m.at = t;
                MammothodusTerritory x = o.territory(t);
                if (x != null) for (Ancient f : x.ancients()) if (f.clan() == o.seat() && f.carries() != null) { m.carries = f.carries(); break; }
                return;
            }
        }
    }

    static void send(PrintStream out, Map<String, Object> message) {
        out.print(Json.write(message) + "\n");
        out.flush();
    }

    static Map<String, Object> message(Object... pairs) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int k = 0; k + 1 < pairs.length; k += 2) m.put((String) pairs[k], pairs[k + 1]);
        return m;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        Bot bot = new Bot();
        String line;
        while ((line = in.readLine()) != null) {
            Map<String, Object> msg;
            try {
                msg = obj(Json.parse(line));
            } catch (IllegalArgumentException e) {
                System.err.println("starter: a line that is not JSON: " + e.getMessage());
                continue;
            }
            switch (Objects.toString(msg.get("type"), "")) {
                case "hello" -> { // a new game (many_games: after game_over the next hello may come here)
                    bot = new Bot(); // forget everything of the previous game: its seats, cards, board, memory
                    bot.hello(msg);
                    send(out, message("type", "ready", "name", "java-starter", "version", "1.0", "protocol_version", 1,
                            "many_games", true));
                }
                case "request" -> send(out, message("type", "action", "id", msg.get("id"), "index", bot.choose(msg)));
                case "ping" -> send(out, message("type", "pong", "id", msg.get("id")));
                case "error" -> System.err.println("starter: refused: " + msg.get("message")); // a retry follows
                case "quit" -> { return; }
                default -> { } // "game_over" needs no answer; unknown types are ignored
            }
        }
    }
}
