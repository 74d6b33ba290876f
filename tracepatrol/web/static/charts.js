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
  function draw() {
    var nodes = document.querySelectorAll(".chart[data-figure]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var source = document.getElementById(el.getAttribute("data-figure"));
      if (!source) { continue; }
      var fig = JSON.parse(source.textContent);
      // A responsive plot resizes to its box on every window resize: the box must hold the figure's
      // height, or a narrower window squeezes the plot and the page below it shifts under it.
      if (fig.layout && fig.layout.height) { el.style.height = fig.layout.height + "px"; }
      Plotly.newPlot(el, fig.data || [], fig.layout || {}, {displaylogo: false, responsive: true});
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
