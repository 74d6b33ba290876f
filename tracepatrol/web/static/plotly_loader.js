/* A report carries plotly.min.js gzipped (base64 in a data block, a third of its size): unpack it,
   run it, and tell charts.js to draw. */
(function () {
  "use strict";
  var packed = document.getElementById("plotly-gz");
  if (!packed) { return; }
  var bytes = Uint8Array.from(atob(packed.textContent.trim()), function (c) { return c.charCodeAt(0); });
  new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text().then(function (code) {
    var script = document.createElement("script");
    script.textContent = code;
    document.head.appendChild(script);
    document.dispatchEvent(new Event("plotly-ready"));
  });
})();
