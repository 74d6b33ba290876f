/* The task page follows its runs without a reload: while a run selects or evaluates it asks the
   server every 2 s (every 15 s otherwise, so a scheduled run shows up) for the page's run and runs
   sections as the server renders them and for its charts. The items table sorts by a column header
   (worst first by default) and filters by label; both survive the updates. */
(function () {
  "use strict";
  var FAST = 2000, SLOW = 15000;
  var root, timer, sortKey = null, ascending = true, label = "";

  function byKey(key) {
    return function (a, b) {
      var x, y;
      if (key === "score" || key === "duration") {
        x = a.dataset[key] === "" ? Infinity : +a.dataset[key];
        y = b.dataset[key] === "" ? Infinity : +b.dataset[key];
        return x - y;
      }
      x = (a.dataset[key] || "").toLowerCase();
      y = (b.dataset[key] || "").toLowerCase();
      return x < y ? -1 : x > y ? 1 : +a.dataset.rank - +b.dataset.rank;
    };
  }
  function arrange() {
    var table = document.getElementById("items");
    if (!table) { return; }
    var body = table.tBodies[0], rows = Array.prototype.slice.call(body.querySelectorAll("tr[data-trace]"));
    rows.sort(sortKey ? byKey(sortKey) : function (a, b) { return +a.dataset.rank - +b.dataset.rank; });
    if (sortKey && !ascending) { rows.reverse(); }
    var shown = 0;
    rows.forEach(function (row) {
      body.appendChild(row);
      row.hidden = !!label && (" " + row.dataset.labels + " ").indexOf(" " + label + " ") < 0;
      if (!row.hidden) { shown++; }
    });
    var buttons = table.querySelectorAll("button.sort");
    for (var i = 0; i < buttons.length; i++) {
      var key = buttons[i].getAttribute("data-key");
      buttons[i].setAttribute("aria-sort", key === sortKey ? (ascending ? "ascending" : "descending") : "none");
      buttons[i].classList.toggle("on", key === sortKey);
    }
    var note = document.getElementById("items-shown");
    if (note) {
      note.textContent = shown + " of " + rows.length + " items" + (label ? " with " + label : "") + ", " +
        (sortKey ? "sorted by " + sortKey + (ascending ? " (lowest first)" : " (highest first)") : "worst first") +
        "; a column header sorts by it.";
    }
    var select = document.getElementById("label-filter");
    if (select) {
      if (label && !select.querySelector("option[value='" + CSS.escape(label) + "']")) {
        var option = document.createElement("option");
        option.value = option.textContent = label;
        select.appendChild(option);
      }
      select.value = label;
    }
  }
  // A chart follows its new figure; an empty state ("no runs yet") becomes a chart once there is data.
  function draw(figs) {
    Object.keys(figs || {}).forEach(function (name) {
      var fig = figs[name], el = document.getElementById("fig-" + name.replace("_", "-") + "-chart");
      if (!el || !window.Plotly || !window.tracepatrolFit) { return; }
      if (fig.empty) {
        if (el.classList.contains("chart-empty")) { el.textContent = fig.empty; }
        return;
      }
      if (el.classList.contains("chart-empty")) {
        var box = document.createElement("div");
        box.className = "chart";
        box.id = el.id;
        el.parentNode.replaceChild(box, el);
        el = box;
      }
      var layout = window.tracepatrolFit(el, fig.layout || {});
      if (layout.height) { el.style.height = layout.height + "px"; }
      window.Plotly.react(el, fig.data || [], layout, {displaylogo: false, responsive: true});
    });
  }
  function apply(answer) {
    Object.keys(answer.html).forEach(function (part) {
      var box = root.querySelector("[data-part='" + part + "']");
      if (box) { box.innerHTML = answer.html[part]; }
    });
    root.setAttribute("data-live", answer.live ? "true" : "false");
    arrange();
    draw(answer.figs);
  }
  function poll() {
    fetch(root.getAttribute("data-src"), {credentials: "same-origin", headers: {"Accept": "application/json"}})
      .then(function (resp) {
        if (!resp.ok) { throw new Error("the server answered " + resp.status); }
        return resp.json();
      })
      .then(function (answer) { apply(answer); later(answer.live ? FAST : SLOW); })
      .catch(function () { later(SLOW); });  // a restart or a lost connection: try again later
  }
  function later(ms) { window.clearTimeout(timer); timer = window.setTimeout(poll, ms); }
  function start() {
    root = document.getElementById("task-live");
    if (!root) { return; }
    root.addEventListener("click", function (event) {
      var button = event.target.closest("button.sort");
      if (!button) { return; }
      var key = button.getAttribute("data-key");
      ascending = key === sortKey ? !ascending : true;  // lowest (or A) first, a second click turns it around
      sortKey = key;
      arrange();
    });
    root.addEventListener("change", function (event) {
      if (event.target.id === "label-filter") { label = event.target.value; arrange(); }
    });
    arrange();
    later(root.getAttribute("data-live") === "true" ? FAST : SLOW);
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
