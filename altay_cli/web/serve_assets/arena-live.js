/* altay serve: keeps an arena's report page up to date. The server pushes an event (EventSource)
   when the arena stores a game; the page then asks once for the new report and puts its header,
   sections and games in place of the old ones (report.js's altayReportInit builds its tables
   again), and lists the games in progress. Texts from bots are set as text, never as HTML. */
(function () {
  "use strict";
  var at = new URLSearchParams(window.location.search).get("at") || ".";
  var query = "?at=" + encodeURIComponent(at);
  var shown = 0;
  var wanted = 0;
  var busy = false;
  var last = null;

  function el(tag, text) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = String(text);
    return e;
  }

  function showLive(msg) {
    var main = document.querySelector("main");
    if (!main) return;
    var box = document.getElementById("live-games");
    if (!box) {
      box = el("section");
      box.id = "live-games";
      main.insertBefore(box, main.firstChild);
    }
    box.replaceChildren();
    if (msg.error) {
      box.appendChild(el("p", msg.error));
      return;
    }
    box.appendChild(el("h2", "Games in progress (" + msg.live.length + ")"));
    var intro = el("p", msg.note);
    intro.className = "intro";
    box.appendChild(intro);
    var list = el("ul");
    msg.live.forEach(function (g) {
      var item = el("li");
      item.setAttribute("data-live-game", g.id);
      var text = "game " + g.id + ": " + g.bots.join(" vs ");
      if (g.href) {
        var a = el("a", text);
        a.href = g.href;
        item.appendChild(a);
      } else {
        item.appendChild(el("span", text + " (not shown yet: its deal is being played)"));
      }
      list.appendChild(item);
    });
    box.appendChild(list);
  }

  function swap(text) {
    var doc = new DOMParser().parseFromString(text, "text/html");
    ["header", "main"].forEach(function (tag) {
      var fresh = doc.querySelector(tag);
      var old = document.querySelector(tag);
      if (fresh && old) old.replaceWith(document.importNode(fresh, true));
    });
    var data = doc.getElementById("games-data");
    var mine = document.getElementById("games-data");
    if (data && mine) mine.textContent = data.textContent;
    document.title = doc.title;
    window.altayReportInit();
  }

  function update() {
    if (busy || wanted === shown) return;
    busy = true;
    var version = wanted;
    fetch("/arena/page" + query + "&v=" + version, { credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (!r.ok) throw new Error("the server answered " + r.status);
        return r.text();
      })
      .then(function (text) {
        swap(text);
        shown = version;
        document.body.setAttribute("data-live-version", String(shown));
      })
      .catch(function (err) { console.warn("altay serve: " + err); })
      .then(function () {
        busy = false;
        if (last) showLive(last);
        update();
      });
  }

  var source = new EventSource("/arena/events" + query);
  source.onmessage = function (event) {
    var msg = JSON.parse(event.data);
    last = msg;
    showLive(msg);
    if (msg.error) return;
    wanted = msg.version;
    update();
  };
})();
