// Cards that move. The table's swaps ask htmx for a View Transition
// (`hx-swap="outerHTML transition:true"`); static/motion.css names every card, so the browser
// moves each one from where it was to where the server now shows it. What moved comes from the
// engine's events, rendered by the server as classes: nothing here knows a rule.
// Under prefers-reduced-motion the swap is made without a transition (instant), and the sur's
// burst is not shown; without JavaScript there is neither.
(function () {
  "use strict";
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  function still() {
    return !document.startViewTransition || (reduced && reduced.matches);
  }

  function mark() {
    document.documentElement.classList.toggle("motion", !still());
  }
  mark();
  if (reduced && reduced.addEventListener) reduced.addEventListener("change", mark);

  // The sur's burst celebrates a move that was just made: a swap that brought a new ply. A swap
  // that only changed the selection, or a page loaded anew, shows the same last move again.
  function dropBurst() {
    var burst = document.getElementById("sur-burst");
    if (burst) burst.remove();
  }
  dropBurst();
  var plyBefore = null;
  document.addEventListener("htmx:beforeSwap", function () {
    var last = document.getElementById("last-move");
    plyBefore = last ? last.dataset.ply : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var last = document.getElementById("last-move");
    if (!last || last.dataset.ply === plyBefore) dropBurst();
  });

  document.addEventListener("htmx:beforeTransition", function (event) {
    if (still()) event.preventDefault(); // htmx then swaps at once
  });
})();
