/* What every dashboard page shares: the folding menu on narrow windows and the copy buttons beside ids. */
(function () {
  "use strict";
  function copy(text, button) {
    function done() {
      button.classList.add("done");
      button.setAttribute("title", "copied");
      window.setTimeout(function () { button.classList.remove("done"); button.setAttribute("title", "copy " + text); }, 1200);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () {});
      return;
    }
    var area = document.createElement("textarea");  // plain http on another host: the old way
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); done(); } catch (e) { /* nothing to do: the id is on hover */ }
    document.body.removeChild(area);
  }
  // The menu's saved views, read when it opens (a page never waits on them).
  function views(menu) {
    var list = menu.querySelector("ul");
    fetch(menu.getAttribute("data-src"), {credentials: "same-origin"}).then(function (resp) {
      return resp.ok ? resp.json() : [];
    }).then(function (found) {
      var old = list.querySelectorAll("li.saved");
      for (var i = 0; i < old.length; i++) { list.removeChild(old[i]); }
      found.forEach(function (v) {
        var li = document.createElement("li"), a = document.createElement("a");
        li.className = "saved";
        a.href = v.href;
        a.textContent = a.title = v.name;
        li.appendChild(a);
        list.insertBefore(li, list.lastElementChild);
      });
    }).catch(function () {});
  }
  function start() {
    var menu = document.getElementById("nav-views");
    if (menu) {
      menu.addEventListener("toggle", function () { if (menu.open) { views(menu); } });
      document.addEventListener("click", function (event) { if (menu.open && !menu.contains(event.target)) { menu.open = false; } });
    }
    var nav = document.getElementById("nav"), toggle = document.getElementById("menu-toggle");
    if (nav && toggle) {
      toggle.addEventListener("click", function () {
        var open = nav.classList.toggle("open");
        toggle.setAttribute("aria-expanded", open ? "true" : "false");
      });
    }
    document.addEventListener("click", function (event) {
      var button = event.target.closest && event.target.closest("button.copy[data-copy]");
      if (button) { copy(button.getAttribute("data-copy"), button); }
    });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
