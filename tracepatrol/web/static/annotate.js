/* Annotating: on a queue's page a label's value is saved as it is given (a click, or its number
   key), signed by the server with this browser's reviewer name; ← / p and → / n walk the queue.
   On the annotate page a chosen CSV or JSON Lines file is sent for import. */
(function () {
  "use strict";
  function byId(id) { return document.getElementById(id); }
  function typing(el) { return el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT"); }

  function queuePage(root) {
    var state = byId("save-state"), saving = 0;
    var given = {};
    root.querySelectorAll(".give").forEach(function (box) {
      var on = box.querySelector(".choice.on"), field = box.querySelector("[name=value]");
      if (on || (field && field.value.trim())) { given[box.getAttribute("data-name")] = true; }
    });
    function allGiven() {
      var boxes = root.querySelectorAll(".give");
      for (var i = 0; i < boxes.length; i++) { if (!given[boxes[i].getAttribute("data-name")]) { return false; } }
      return boxes.length > 0;
    }
    function save(box, value, done) {
      var name = box.getAttribute("data-name"), mine = ++saving;
      var wasDone = allGiven();
      root.setAttribute("data-saving", "true");
      state.textContent = "saving " + name + "…";
      fetch(root.getAttribute("data-src"), {
        method: "POST", credentials: "same-origin",
        headers: {"Content-Type": "application/x-www-form-urlencoded", "X-CSRF-Token": root.getAttribute("data-csrf")},
        body: new URLSearchParams({trace_id: root.getAttribute("data-trace"), name: name, value: value}).toString()
      }).then(function (resp) {
        return resp.json().then(function (body) { return {ok: resp.ok, body: body}; });
      }).then(function (answer) {
        if (!answer.ok) { throw new Error(answer.body.detail || "not saved"); }
        given[name] = true;
        if (done) { done(answer.body.annotation.value); }
        state.textContent = "saved " + name + ": " + answer.body.annotation.value;
        if (allGiven()) {
          byId("item-done").hidden = false;
          byId("item-done").classList.add("ok");
          if (!wasDone) {
            var done = +byId("done-count").textContent + 1, bar = root.querySelector(".progress .done");
            byId("done-count").textContent = String(done);
            if (bar) { bar.style.width = (100 * done / +root.getAttribute("data-count")).toFixed(2) + "%"; }
          }
        }
      }).catch(function (e) {
        state.textContent = e.message;
        state.className = "small error";
      }).then(function () { if (mine === saving) { root.setAttribute("data-saving", "false"); } });
    }
    function choose(button) {
      var box = button.closest(".give");
      save(box, button.getAttribute("data-value"), function () {
        box.querySelectorAll(".choice").forEach(function (b) {
          b.classList.toggle("on", b === button);
          b.setAttribute("aria-pressed", b === button ? "true" : "false");
        });
      });
    }
    root.addEventListener("click", function (event) {
      var button = event.target.closest("button.choice");
      if (button) { choose(button); }
    });
    root.addEventListener("submit", function (event) {
      var form = event.target.closest("form.give-form");
      if (!form) { return; }
      event.preventDefault();
      save(form.closest(".give"), form.querySelector("[name=value]").value);
    });
    document.addEventListener("keydown", function (event) {
      if (event.ctrlKey || event.metaKey || event.altKey) { return; }
      if (typing(document.activeElement)) {
        if (event.key === "Escape") { document.activeElement.blur(); }
        return;
      }
      var go = null;
      if (event.key === "ArrowRight" || event.key === "n") { go = root.getAttribute("data-next"); }
      if (event.key === "ArrowLeft" || event.key === "p") { go = root.getAttribute("data-prev"); }
      if (go) { event.preventDefault(); window.location.href = go; return; }
      var button = root.querySelector("button.choice[data-key='" + event.key + "']");
      if (button) { event.preventDefault(); choose(button); }
    });
  }

  function importer(input) {
    var out = byId("import-result");
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) { return; }
      var format = /\.(jsonl|ndjson)$/i.test(file.name) ? "jsonl" : "csv";
      out.className = "";
      out.textContent = "importing " + file.name + "…";
      file.text().then(function (text) {
        return fetch(input.getAttribute("data-src") + "?" + new URLSearchParams({format: format, name: file.name}), {
          method: "POST", credentials: "same-origin", body: text,
          headers: {"Content-Type": format === "csv" ? "text/csv" : "application/x-ndjson", "X-CSRF-Token": input.getAttribute("data-csrf")}
        });
      }).then(function (resp) {
        return resp.json().then(function (body) { return {ok: resp.ok, status: resp.status, body: body}; });
      }).then(function (answer) {
        if (answer.ok) {
          out.textContent = "imported " + answer.body.imported + " annotation(s) from " + file.name;
        } else {
          out.className = "error";
          out.textContent = answer.body.detail || ("the server answered " + answer.status);
        }
      }).catch(function (e) { out.className = "error"; out.textContent = "not imported: " + e.message; });
    });
  }

  function start() {
    var queue = byId("queue");
    if (queue) { queuePage(queue); }
    var file = byId("import-file");
    if (file) { importer(file); }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
