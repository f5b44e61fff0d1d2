// The creator's invite links (#invites) and the watch link (#watch-link): "copy" puts a link's
// whole address on the clipboard and
// "share" opens the phone's share sheet, where the browser has one. Without JavaScript the link
// itself is there to long-press or copy by hand.
(function () {
  "use strict";
  function showShare() {
    if (!navigator.share) return;
    document.querySelectorAll("[data-share-invite]").forEach(function (button) { button.hidden = false; });
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy-invite], [data-share-invite]");
    if (!button) return;
    // an invite's buttons name its seat; the watch link's name the link itself (data-link)
    var link = button.dataset.link
      ? document.getElementById(button.dataset.link)
      : document.querySelector('a[data-invite-seat="' + button.value + '"]');
    if (!link) return;
    if (button.hasAttribute("data-share-invite")) {
      navigator.share({ title: document.title, url: link.href }).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(link.href).then(function () {
        button.textContent = button.dataset.done;
      });
    }
  });
  document.addEventListener("DOMContentLoaded", showShare);
  document.addEventListener("htmx:afterSettle", showShare);
})();
