/* The task form: more filter rows, the window fields of the chosen mode, and a live preview
   (the server answers with POST /api/tasks/preview's own numbers for the form's document). */
(function () {
  "use strict";
  var form, timer, sent = 0;

  function byId(id) { return document.getElementById(id); }
  function when(t) { return t ? String(t).replace("T", " ").slice(0, 19) : "the beginning"; }
  function fmt(n) { return n === null || n === undefined ? "—" : Number(n).toLocaleString("en-US"); }

  function showWhen() {
    var when = (form.querySelector("input[name=when]:checked") || {}).value || "now";
    form.querySelector(".when-now").hidden = when !== "now";
    form.querySelector(".when-schedule").hidden = when !== "schedule";
  }

  function addRow() {
    var rows = form.querySelectorAll("#filter-rows tr.filter-row");
    var copy = rows[rows.length - 1].cloneNode(true);
    copy.classList.remove("invalid");
    var inputs = copy.querySelectorAll("input");
    for (var i = 0; i < inputs.length; i++) { inputs[i].value = ""; }
    copy.querySelector("select").value = "eq";
    copy.lastElementChild.textContent = "";
    rows[rows.length - 1].parentNode.appendChild(copy);
  }

  function showErrors(errors) {
    var box = byId("pv-errors");
    box.textContent = "";
    Object.keys(errors || {}).forEach(function (key) {
      errors[key].forEach(function (message) {
        var p = document.createElement("p");
        p.className = "error";
        p.textContent = (key === "task" ? "" : key + ": ") + message;
        box.appendChild(p);
      });
    });
  }

  function show(answer) {
    var p = answer.preview;
    ["candidates", "sampled_out", "capped"].forEach(function (k) { byId("pv-" + k).textContent = p ? fmt(p[k]) : "—"; });
    byId("pv-selected").textContent = p ? fmt(p.selected.length) : "—";
    byId("pv-window").textContent = p ? "traces by " + (p.window.column === "start_time" ? "start" : "completion") +
      " time, " + when(p.window.start) + " → " + when(p.window.end) + " UTC" : "";
    var list = byId("pv-traces");
    list.textContent = "";
    (p ? p.selected.slice(0, 10) : []).forEach(function (t) {
      var li = document.createElement("li"), a = document.createElement("a");
      a.href = "/dashboard/traces/" + encodeURIComponent(t.trace_id);
      a.textContent = t.trace_id;
      a.title = t.trace_id;  // cut with an ellipsis on a narrow screen, whole on hover
      li.appendChild(a);
      list.appendChild(li);
    });
    showErrors(answer.errors);
    byId("preview-status").textContent = p ? "What a run would select now." : "Fix the form to see a preview.";
    byId("preview").setAttribute("data-state", p ? "ok" : "invalid");
  }

  function preview() {
    var mine = ++sent;
    byId("preview").setAttribute("data-state", "loading");
    fetch(form.getAttribute("data-preview"), {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": form.getAttribute("data-csrf")},
      body: new URLSearchParams(new FormData(form)).toString()
    }).then(function (resp) { return resp.json(); }).then(function (answer) {
      if (mine === sent) { show(answer); }
    }).catch(function (e) {
      if (mine === sent) { show({errors: {task: ["preview failed: " + e]}}); }
    });
  }

  function later() {
    byId("preview").setAttribute("data-state", "pending");
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 400);
  }

  function start() {
    form = byId("task-form");
    if (!form) { return; }
    showWhen();
    form.addEventListener("change", function () { showWhen(); later(); });
    form.addEventListener("input", later);
    byId("add-filter").addEventListener("click", function () { addRow(); });
    preview();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
