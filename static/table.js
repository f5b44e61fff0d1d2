// The table's focus after each swap (strict CSP: no inline script, no hx-on). When the player
// was acting on the table (focus inside #game), focus stays on the same control if it is still
// there and was not the move's own button; otherwise it goes to the hand: the selected card, else
// the first playable card, else the round's button. A timer's swap (the computer's move) with the
// focus elsewhere on the page leaves it alone. Without JavaScript nothing changes.
(function () {
  "use strict";
  var inGame = false;
  var lastId = null;
  var MOVES = { action: true, undo: true, "next-round": true, "computer-go": true };

  // Practice's "play now" asks for the computer's move at once; without JavaScript the
  // <noscript> button does that, so it stays hidden there.
  function showPlayNow() {
    var button = document.getElementById("play-now");
    if (button) button.hidden = false;
  }
  document.addEventListener("DOMContentLoaded", showPlayNow);
  document.addEventListener("htmx:afterSettle", showPlayNow);

  // A tap on a card while another seat is to play asks for the table as it is (the server
  // selects nothing then), and its swap would bring a new #computer-turn whose wait starts over:
  // such a request is not sent, so the computer's move comes when it was due.
  document.addEventListener("htmx:confirm", function (event) {
    var game = document.getElementById("game");
    if (!game || game.dataset.state !== "computer-turn" || event.detail.verb !== "get") return;
    if (event.detail.elt === game || game.contains(event.detail.elt)) event.preventDefault();
  });

  document.addEventListener("htmx:beforeSwap", function () {
    var active = document.activeElement;
    var game = document.getElementById("game");
    inGame = !!(game && active && game.contains(active));
    lastId = active && active.id ? active.id : null;
  });

  document.addEventListener("htmx:afterSettle", function () {
    var game = document.getElementById("game");
    if (!inGame || !game) return;
    var active = document.activeElement;
    var moved = lastId && MOVES[lastId];
    // htmx gives the focus back to an element with the same id; a player who has already moved
    // it elsewhere since keeps it there. After a move (its button), the hand takes it.
    if (!moved && active && active !== document.body && game.contains(active)) return;
    var same = lastId && !moved ? document.getElementById(lastId) : null;
    var target =
      (same && !same.disabled && game.contains(same) && same) ||
      game.querySelector('#hand .card[aria-pressed="true"]') ||
      game.querySelector('#hand .card:not([aria-disabled="true"])') ||
      game.querySelector("#hand .card") ||
      game.querySelector("#next-round, #rematch, #new-practice");
    if (target) target.focus();
  });
})();
