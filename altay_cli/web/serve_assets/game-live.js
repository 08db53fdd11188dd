/* altay serve: a game in progress. The server pushes an event (EventSource) when the log grows;
   the frame then opens the viewer page of the game as far as it may be shown (a spectator's
   view, perhaps some decisions behind), at its last step, or at the step the person went back
   to (the newest step again once they go to the end). */
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("live-data").textContent);
  var frame = document.getElementById("game");
  var status = document.getElementById("status");
  var done = document.getElementById("done");
  var shown = -1;

  function link(href, text) {
    var a = document.createElement("a");
    a.href = href;
    a.textContent = text;
    return a;
  }

  // The newest step, unless the person went back in the game: then the step they are on.
  function stepToShow(newest) {
    var label = null;
    try {
      label = frame.contentDocument && frame.contentDocument.getElementById("step-label");
    } catch (e) {
      label = null;
    }
    if (!label || label.dataset.step === undefined || label.dataset.last === undefined) return newest;
    var at = +label.dataset.step, last = +label.dataset.last;
    return at < last ? at : newest;
  }

  var source = new EventSource("/live/events" + data.query);
  source.onmessage = function (event) {
    var msg = JSON.parse(event.data);
    if (msg.error) {
      status.textContent = msg.error;
      return;
    }
    var text = (msg.finished ? "finished: " : "live: ") + "step " + msg.steps + " shown";
    if (msg.behind > 0) text += ", " + msg.behind + " decisions behind the log (" + msg.decisions + " decisions)";
    status.textContent = text;
    document.body.setAttribute("data-shown", String(msg.shown));
    document.body.setAttribute("data-behind", String(msg.behind));
    document.body.setAttribute("data-finished", msg.finished ? "1" : "0");
    if (msg.version !== shown) {
      shown = msg.version;
      frame.src = "/live/view" + data.query + "&v=" + msg.version + "#step=" + stepToShow(msg.steps);
    }
    if (msg.finished) {
      done.replaceChildren(document.createTextNode("The game is over: "), link(msg.done_href, "open it in the viewer"));
      if (msg.full_href) done.append(" or ", link(msg.full_href, "with every seat's cards"));
      done.hidden = false;
      source.close();
    }
  };
})();
