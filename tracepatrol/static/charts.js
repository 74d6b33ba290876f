/* Draws every chart of a page: each .chart[data-figure] names a JSON <script> holding a plotly figure. */
(function () {
  "use strict";
  function draw() {
    var nodes = document.querySelectorAll(".chart[data-figure]");
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var source = document.getElementById(el.getAttribute("data-figure"));
      if (!source) { continue; }
      var fig = JSON.parse(source.textContent);
      Plotly.newPlot(el, fig.data || [], fig.layout || {}, {displaylogo: false, responsive: true});
    }
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", draw);
  } else {
    draw();
  }
})();
