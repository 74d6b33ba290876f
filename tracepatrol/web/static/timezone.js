/* Times are written in UTC (<time datetime="…Z">); this button shows them in the browser's zone instead,
   remembered per browser. Date-time inputs (data-when) follow: the note beside them names the zone a
   typed time is in, and in the browser's zone a time typed without an offset gets the browser's. */
(function () {
  "use strict";
  var KEY = "tracepatrol.tz", mode = "utc";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function offset(d) {
    var off = -d.getTimezoneOffset(), sign = off >= 0 ? "+" : "-";
    off = Math.abs(off);
    return sign + pad(Math.floor(off / 60)) + ":" + pad(off % 60);
  }
  function local(d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " + pad(d.getHours()) + ":" +
      pad(d.getMinutes()) + ":" + pad(d.getSeconds()) + " UTC" + offset(d);
  }
  var NO_OFFSET = /^\s*\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?\s*$/;
  function zoned(input) {
    if (mode === "local" && NO_OFFSET.test(input.value)) {
      var typed = input.value.trim(), at = new Date(typed.replace(" ", "T"));
      if (!isNaN(at.getTime())) { input.value = typed + offset(at); }
    }
  }
  function apply() {
    var nodes = document.querySelectorAll("time[datetime]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      if (!el.hasAttribute("data-utc")) { el.setAttribute("data-utc", el.textContent); }
      el.textContent = mode === "local" ? local(new Date(el.getAttribute("datetime"))) : el.getAttribute("data-utc");
    }
    var notes = document.querySelectorAll("[data-tz-note]");
    for (var j = 0; j < notes.length; j++) {
      notes[j].textContent = mode === "local" ? "this browser's zone (UTC" + offset(new Date()) + ") unless an offset is given"
                                              : "UTC unless an offset is given";
    }
    var button = document.getElementById("tz-toggle");
    if (button) { button.textContent = mode === "local" ? "times: this browser" : "times: UTC"; }
  }
  function start() {
    mode = window.localStorage.getItem(KEY) || "utc";
    apply();
    var button = document.getElementById("tz-toggle");
    if (button) {
      button.addEventListener("click", function () {
        mode = mode === "local" ? "utc" : "local";
        window.localStorage.setItem(KEY, mode);
        apply();
      });
    }
    document.addEventListener("change", function (event) {
      if (event.target.matches && event.target.matches("input[data-when]")) { zoned(event.target); }
    }, true);  // first: the task form's preview then reads the zoned value
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
