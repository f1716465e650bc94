// bluffbox live table: replace the table with each update the box sends (server-sent events).
(function () {
  "use strict";
  var live = document.getElementById("live");
  var status = document.getElementById("status");
  if (!live || !window.EventSource) { return; }
  var source = new EventSource("/events");
  source.addEventListener("table", function (msg) {
    var data = JSON.parse(msg.data);
    if (String(data.version) === live.dataset.version) { return; }
    live.innerHTML = data.html;  // rendered and escaped by the box
    live.dataset.version = String(data.version);
    status.textContent = "live · updated " + new Date().toLocaleTimeString();
  });
  source.onopen = function () { status.textContent = "live"; };
  source.onerror = function () { status.textContent = "reconnecting…"; };
}());
