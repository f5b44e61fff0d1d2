// A table in play and its event stream (app/routes/live.py), for every game: the computer's
// moves and the other people's come on the stream; this keeps the page right around it.
// Without JavaScript the table reloads while a move no person makes is due, and has its refresh
// link and its "computer's move" button.
(function () {
  "use strict";
  // The moves no person makes (the computer's, a move clock run out) are the server's round
  // owner's: they come on the table's event stream, and without it by the refresh below.

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
  // Without its stream a table waiting for another person or the computer asks for the table
  // again every few seconds (#others-wait's `table-may-refresh`), so their move still comes by itself.
  var REFRESH_MS = 3000;
  setInterval(function () {
    var wait = document.getElementById("others-wait");
    if (wait && !streamOpen && document.visibilityState === "visible") htmx.trigger(wait, "table-may-refresh");
  }, REFRESH_MS);

  // Tables can arrive out of order: one on the stream while a move's answer is being swapped in
  // (inside a View Transition) is put in place first and then covered by the older answer. Each
  // table names the match's event version it shows (the stream's event id, an answer's
  // X-Table-Version header, #game's data-version), which only grows: the page keeps the newest
  // table it has received and puts it back when a swap has left an older one showing; an
  // answer older than it is not swapped in.
  var latest = null;
  function received(version, html) {
    if (!(version >= 0)) return true;  // not a table (no version): nothing to keep
    if (latest && version < latest.version) return false;
    latest = { version: version, html: html };
    return true;
  }
  document.addEventListener("htmx:sseBeforeMessage", function (event) {
    received(parseInt(event.detail.lastEventId, 10), event.detail.data);
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "game") return;
    var version = parseInt(event.detail.xhr.getResponseHeader("X-Table-Version"), 10);
    if (!received(version, event.detail.serverResponse)) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSettle", function () {
    var game = document.getElementById("game");
    var shown = game ? parseInt(game.dataset.version, 10) : NaN;
    if (latest && shown < latest.version) htmx.swap(game, latest.html, { swapStyle: "outerHTML" });
  });
})();
