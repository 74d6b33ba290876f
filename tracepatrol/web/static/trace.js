/* The trace page: a span is selected by the address (#span-<id>): a click on a span-tree row, a
   timeline bar or a "what failed" link sets it, and the side panel shows that span whole (status,
   exceptions with their stack, attributes, events, resource), fetched as JSON and written as text.
   ▾ folds a span's children. */
(function () {
  "use strict";
  var panel, body, title, selected = null, asked = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) { e.className = cls; }
    if (text !== undefined && text !== null) { e.textContent = String(text); }
    return e;
  }
  // A value as a person reads it: text as it is, unless it holds JSON (then indented, like any object).
  function readable(v) {
    if (typeof v === "string") {
      var t = v.trim();
      if ((t[0] === "{" && t[t.length - 1] === "}") || (t[0] === "[" && t[t.length - 1] === "]")) {
        try { return JSON.stringify(JSON.parse(t), null, 2); } catch (e) { return v; }
      }
      return v;
    }
    return JSON.stringify(v, null, 2);
  }
  function pairs(obj, cls) {
    var keys = Object.keys(obj || {});
    if (!keys.length) { return el("p", "muted", "none"); }
    var table = el("table", "kv " + (cls || "")), tbody = el("tbody");
    keys.sort().forEach(function (k) {
      var tr = el("tr"), key = el("th", null, k), cell = el("td");
      cell.appendChild(el("pre", "json", readable(obj[k])));
      tr.appendChild(key);
      tr.appendChild(cell);
      tbody.appendChild(tr);
    });
    table.appendChild(tbody);
    return table;
  }
  function ms(v) { return Number(v).toLocaleString("en-US", {maximumFractionDigits: 1}) + " ms"; }

  function render(s) {
    body.textContent = "";
    title.textContent = s.name || "(no name)";
    var facts = el("p", "muted small");
    facts.appendChild(el("span", "badge " + (s.status === "error" ? "bad" : s.status === "ok" ? "ok" : ""), s.status));
    facts.appendChild(document.createTextNode(" " + s.kind + " · starts at " + ms(s.offset_ms) + " · lasts " +
      ms(s.duration_ms) + " · span " + s.span_id + (s.parent_span_id ? " · parent " + s.parent_span_id : " · root") +
      (s.scope ? " · scope " + s.scope : "")));
    body.appendChild(facts);
    if (s.status === "error" || s.status_message || (s.exceptions || []).length) {
      var why = el("section", "why-failed");
      why.appendChild(el("h3", null, "Why it failed"));
      if (s.status_message) {
        why.appendChild(el("div", "muted small", "status message"));
        why.appendChild(el("pre", "error-text", s.status_message));
      }
      (s.exceptions || []).forEach(function (e) {
        why.appendChild(el("div", "bad exception", (e.type || "exception") + (e.message ? ": " + e.message : "")));
        if (e.stacktrace) { why.appendChild(el("pre", "stack", e.stacktrace)); }
      });
      if (!s.status_message && !(s.exceptions || []).length) { why.appendChild(el("p", "muted", "No message or exception was recorded.")); }
      body.appendChild(why);
    }
    body.appendChild(el("h3", null, "Attributes"));
    body.appendChild(pairs(s.attributes, "attributes"));
    body.appendChild(el("h3", null, "Events (" + (s.events || []).length + ")"));
    var list = el("ol", "events");
    (s.events || []).forEach(function (e) {
      var li = el("li");
      li.appendChild(el("b", null, e.name || "(no name)"));
      li.appendChild(el("span", "muted", " at " + ms(e.offset_ms)));
      if (Object.keys(e.attributes || {}).length) { li.appendChild(pairs(e.attributes)); }
      list.appendChild(li);
    });
    if (!(s.events || []).length) { list.appendChild(el("li", "muted", "none")); }
    body.appendChild(list);
    var resource = el("details");
    resource.appendChild(el("summary", null, "Resource (" + Object.keys(s.resource || {}).length + " attributes)"));
    resource.appendChild(pairs(s.resource));
    body.appendChild(resource);
  }

  function select(id) {
    var rows = document.querySelectorAll("tr.span-row.selected");
    for (var i = 0; i < rows.length; i++) { rows[i].classList.remove("selected"); }
    var row = document.getElementById("row-" + id);
    if (row) { row.classList.add("selected"); }
    selected = id;
    panel.hidden = false;
    panel.setAttribute("data-span", id);
    panel.setAttribute("data-state", "loading");
    title.textContent = row ? row.querySelector(".span-name").textContent.replace(/^[▾▸·]\s*/, "").replace(/\s*step ↓$/, "") : "span";
    body.textContent = "Loading…";
    var mine = ++asked;
    fetch(panel.getAttribute("data-src") + encodeURIComponent(id), {credentials: "same-origin"})
      .then(function (resp) {
        if (!resp.ok) { throw new Error("the server answered " + resp.status); }
        return resp.json();
      })
      .then(function (span) { if (mine === asked) { render(span); panel.setAttribute("data-state", "ok"); } })
      .catch(function (e) {
        if (mine === asked) { body.textContent = "Could not read the span: " + e.message; panel.setAttribute("data-state", "error"); }
      });
  }
  function fromHash() {
    var m = /^#span-([0-9a-fA-F]+)$/.exec(window.location.hash);
    if (m) { select(m[1].toLowerCase()); }
  }
  function close() {
    panel.hidden = true;
    selected = null;
    var rows = document.querySelectorAll("tr.span-row.selected");
    for (var i = 0; i < rows.length; i++) { rows[i].classList.remove("selected"); }
    if (/^#span-/.test(window.location.hash)) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
    }
  }
  // Fold (or unfold) the rows under a span: every following row deeper than it, up to its next sibling.
  function fold(button) {
    var row = button.closest("tr"), depth = +row.getAttribute("data-depth");
    var open = button.getAttribute("aria-expanded") === "true";
    button.setAttribute("aria-expanded", open ? "false" : "true");
    button.textContent = open ? "▸" : "▾";
    for (var next = row.nextElementSibling; next && +next.getAttribute("data-depth") > depth; next = next.nextElementSibling) {
      if (open) {
        next.hidden = true;
      } else {
        next.hidden = false;  // a child folded on its own keeps its own children hidden
        var inner = next.querySelector("button.fold[aria-expanded=false]");
        if (inner) {
          var d = +next.getAttribute("data-depth");
          while (next.nextElementSibling && +next.nextElementSibling.getAttribute("data-depth") > d) { next = next.nextElementSibling; }
        }
      }
    }
  }
  function start() {
    panel = document.getElementById("span-panel");
    if (!panel) { return; }
    body = document.getElementById("panel-body");
    title = document.getElementById("panel-title");
    document.getElementById("panel-close").addEventListener("click", close);
    var tree = document.getElementById("span-tree");
    if (tree) {
      tree.addEventListener("click", function (event) {
        var button = event.target.closest("button.fold");
        if (button) { fold(button); return; }
        if (event.target.closest("a")) { return; }
        var row = event.target.closest("tr.span-row");
        if (row) { window.location.hash = "span-" + row.getAttribute("data-span"); }
      });
      tree.addEventListener("keydown", function (event) {
        var row = event.target.closest && event.target.closest("tr.span-row");
        if (row && (event.key === "Enter" || event.key === " ")) {
          event.preventDefault();
          window.location.hash = "span-" + row.getAttribute("data-span");
        }
      });
    }
    document.addEventListener("keydown", function (event) { if (event.key === "Escape" && !panel.hidden) { close(); } });
    window.addEventListener("hashchange", fromHash);
    fromHash();
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", start); } else { start(); }
})();
