// A table in play and its event stream (app/routes/live.py), for every game: the computer's
// moves and the other people's come on the stream; this keeps the page right around it.
// Without JavaScript the table has its refresh link and its "computer's move" button.
(function () {
  "use strict";
  // The computer's move comes on the table's event stream: the server plays it after its pause
  // and sends the table. The page asks for it itself (#computer-turn's `computer-may-move`)
  // only when it did not come: after the pause when no stream is open (no EventSource, a lost
  // connection), and a while later when one is. The server plays a turn once either way.
  var GRACE_MS = 5000;
  // While the stream is open (or still connecting, from the page's start) the table needs no
  // "refresh" link (html.streaming hides it).
  var streamOpen = false;
  function streaming(open) {
    streamOpen = open;
    document.documentElement.classList.toggle("streaming", open);
  }
  document.addEventListener("htmx:sseOpen", function () { streaming(true); });
  document.addEventListener("htmx:sseError", function () { streaming(false); });
  document.addEventListener("htmx:sseClose", function () { streaming(false); });
  document.addEventListener("DOMContentLoaded", function () {
    streaming(!!document.getElementById("live") && !!window.EventSource);
  });
  function awaitComputer() {
    var turn = document.getElementById("computer-turn");
    if (!turn || !turn.dataset.afterMs || turn.dataset.awaited) return;
    turn.dataset.awaited = "true";
    function ask() { if (turn.isConnected) htmx.trigger(turn, "computer-may-move"); }
    setTimeout(function () {
      if (streamOpen) setTimeout(ask, GRACE_MS);
      else ask();
    }, Number(turn.dataset.afterMs));
  }
  // Without its stream a table waiting for another person asks for the table again every few
  // seconds (#others-wait's `table-may-refresh`), so their move still comes by itself.
  var REFRESH_MS = 3000;
  setInterval(function () {
    var wait = document.getElementById("others-wait");
    if (wait && !streamOpen && document.visibilityState === "visible") htmx.trigger(wait, "table-may-refresh");
  }, REFRESH_MS);
  document.addEventListener("DOMContentLoaded", awaitComputer);
  document.addEventListener("htmx:afterSettle", awaitComputer);

  // Tables can arrive out of order: one on the stream while a move's answer is being swapped in
  // (inside a View Transition) is put in place first and then covered by the older answer. The
  // page keeps the latest table it has received (#game's data-progress only grows) and puts it
  // back when a swap has left an older one showing; an answer older than it is not swapped in.
  var latest = null;
  function numbers(progress) { return progress ? progress.split(".").map(Number) : null; }
  function progressOf(html) {
    var found = /data-progress="([\d.]+)"/.exec(html || "");
    return numbers(found && found[1]);
  }
  function before(a, b) {
    for (var i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
    return false;
  }
  function received(html) {
    var progress = progressOf(html);
    if (!progress) return true;
    if (latest && before(progress, latest.progress)) return false;
    latest = { progress: progress, html: html };
    return true;
  }
  document.addEventListener("htmx:sseBeforeMessage", function (event) { received(event.detail.data); });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "game" && !received(event.detail.serverResponse)) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var game = document.getElementById("game");
    var shown = game && numbers(game.dataset.progress);
    if (latest && shown && before(shown, latest.progress)) htmx.swap(game, latest.html, { swapStyle: "outerHTML" });
  });
})();
