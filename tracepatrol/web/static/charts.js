/* Draws every chart of a page: each .chart[data-figure] names a JSON <script> holding a plotly figure.
   A figure's optional `links` (per trace, per point) make a click on a bar or point open that page. */
(function () {
  "use strict";
  function follow(el, links) {
    el.on("plotly_click", function (event) {
      var p = event.points && event.points[0];
      var href = p && links[p.curveNumber] && links[p.curveNumber][p.pointIndex];
      if (href) { window.location.href = href; }
    });
    el.classList.add("linked");
  }
  // On a phone a figure keeps its plot wide enough to read: smaller side margins, the legend under it.
  function narrow(el, layout) {
    if (el.clientWidth >= 640) { return layout; }
    var out = Object.assign({}, layout), margin = Object.assign({}, layout.margin || {});
    margin.l = Math.min(margin.l === undefined ? 80 : margin.l, 120);
    margin.r = Math.min(margin.r === undefined ? 80 : margin.r, 12);
    out.margin = margin;
    if (!layout.polar) {
      margin.b = Math.max(margin.b || 0, 90);
      if (layout.height) { out.height = layout.height + 60; }
      var plot = (out.height || 450) - (margin.t === undefined ? 80 : margin.t) - margin.b;  // the legend sits
      out.legend = Object.assign({}, layout.legend || {}, {orientation: "h", x: 0, xanchor: "left",  // 64 px under it
                                                           y: -64 / Math.max(plot, 100), yanchor: "top"});
      ["xaxis", "yaxis"].forEach(function (name) {  // smaller labels leave the plot its width
        if (!layout[name]) { return; }
        var axis = Object.assign({}, layout[name]);
        axis.tickfont = Object.assign({size: 10}, axis.tickfont || {});
        if (axis.title) { axis.title = Object.assign({}, axis.title, {font: {size: 11}}); }
        out[name] = axis;
      });
    } else {
      out.legend = Object.assign({}, layout.legend || {}, {orientation: "h", x: 0, y: -0.1, yanchor: "top"});
    }
    if (out.title && out.title.text) { out.title = Object.assign({}, out.title, {font: {size: 12}}); }
    return out;
  }
  window.tracepatrolFit = narrow;  // for pages that redraw a figure they fetched (task.js)
  function draw() {
    var nodes = document.querySelectorAll(".chart[data-figure]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var source = document.getElementById(el.getAttribute("data-figure"));
      if (!source) { continue; }
      var fig = JSON.parse(source.textContent);
      // A responsive plot resizes to its box on every window resize: the box must hold the figure's
      // height, or a narrower window squeezes the plot and the page below it shifts under it.
      var layout = narrow(el, fig.layout || {});
      if (layout.height) { el.style.height = layout.height + "px"; }
      Plotly.newPlot(el, fig.data || [], layout, {displaylogo: false, responsive: true});
      if (fig.links) { follow(el, fig.links); }
    }
  }
  function start() {
    if (window.Plotly) { draw(); } else { document.addEventListener("plotly-ready", draw); }  // a report unpacks it first
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
