/* Times are written in UTC (<time datetime="…Z">); this button shows them in the browser's zone instead, remembered per browser. */
(function () {
  "use strict";
  var KEY = "tracepatrol.tz";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function local(d) {
    var off = -d.getTimezoneOffset(), sign = off >= 0 ? "+" : "-";
    off = Math.abs(off);
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " + pad(d.getHours()) + ":" +
      pad(d.getMinutes()) + ":" + pad(d.getSeconds()) + " UTC" + sign + pad(Math.floor(off / 60)) + ":" + pad(off % 60);
  }
  function apply(mode) {
    var nodes = document.querySelectorAll("time[datetime]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      if (!el.hasAttribute("data-utc")) { el.setAttribute("data-utc", el.textContent); }
      el.textContent = mode === "local" ? local(new Date(el.getAttribute("datetime"))) : el.getAttribute("data-utc");
    }
    var button = document.getElementById("tz-toggle");
    if (button) { button.textContent = mode === "local" ? "times: this browser" : "times: UTC"; }
  }
  function start() {
    var mode = window.localStorage.getItem(KEY) || "utc";
    apply(mode);
    var button = document.getElementById("tz-toggle");
    if (button) {
      button.addEventListener("click", function () {
        mode = mode === "local" ? "utc" : "local";
        window.localStorage.setItem(KEY, mode);
        apply(mode);
      });
    }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
