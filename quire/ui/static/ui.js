// quire ui: the few live parts. Every screen works without this file; it adds keys, in-page
// confirmations and a forget that leaves no entry of the memory in the tab's history.
(function () {
  "use strict";
  var csrf = function () { return document.body.getAttribute("data-csrf") || ""; };

  // A page restored from the back/forward cache may show what was since forgotten: fetch it again.
  window.addEventListener("pageshow", function (e) { if (e.persisted) { location.reload(); } });

  // Destructive buttons ask first; the server asks too when this script does not run.
  function confirmAndSubmit(button) {
    var form = button.form;
    var question = button.getAttribute("data-confirm");
    if (question && !window.confirm(question)) { return; }
    if (question) {
      var yes = document.createElement("input");
      yes.type = "hidden"; yes.name = "confirm"; yes.value = "yes";
      form.appendChild(yes);
    }
    form.submit();
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest ? e.target.closest("button[data-confirm]") : null;
    if (!button || !button.form || button.form.hasAttribute("data-forget")) { return; }
    e.preventDefault();
    confirmAndSubmit(button);
  });

  // Forget: confirm, post, then *replace* this history entry, so Back never returns to the memory.
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute("data-forget")) { return; }
    e.preventDefault();
    if (!window.confirm(form.getAttribute("data-confirm"))) { return; }
    var body = new URLSearchParams(new FormData(form));
    body.set("confirm", "yes");
    // Only a forget that succeeded goes to "Forgotten"; a refusal (the store down, a stale sign-in)
    // is shown as the server wrote it, and the memory's screen stays in the history.
    fetch(form.action, { method: "POST", body: body, credentials: "same-origin", cache: "no-store" })
      .then(function (r) {
        if (r.ok) { location.replace(r.url); return; }
        return r.text().then(function (page) { document.open(); document.write(page); document.close(); });
      })
      .catch(function () {
        window.alert("quire did not answer, so whether the memory was forgotten is unknown: reload this page to see.");
      });
  });

  if (document.querySelector("[data-forgotten]")) { history.replaceState(null, "", "/forgotten"); }

  // Keys on the review screen: the letter shown on each button; s skips to the next item.
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    var t = e.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) { return; }
    if (e.key === "/") {
      var q = document.getElementById("q");
      if (q) { e.preventDefault(); q.focus(); q.select(); }
      return;
    }
    if (document.body.getAttribute("data-screen") !== "review") { return; }
    if (e.key === "s" || e.key === "j") {
      var next = document.getElementById("next");
      if (next) { e.preventDefault(); location.href = next.href; }
      return;
    }
    var button = document.querySelector('button[data-key="' + e.key + '"]');
    if (button) { e.preventDefault(); confirmAndSubmit(button); }
  });

  // htmx requests carry the session's CSRF token in a header (forms carry it as a field).
  document.addEventListener("htmx:configRequest", function (e) { e.detail.headers["X-CSRF-Token"] = csrf(); });
})();
