// A server-rendered page is whole without JavaScript: its script (`data-entry`) and the route's chunks
// (`data-modules`) are asked for once the page has painted, so on a slow network they never compete with
// the HTML and the images the first paint needs (docs/web.md). A page in a background tab, which does not
// paint, asks for them at once.
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var modules = (boot.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  function load() {
    var head = document.head;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    head.appendChild(script);
  }
  // requestAnimationFrame runs just before a paint, the timeout just after it
  if (document.visibilityState === 'visible') requestAnimationFrame(function () { setTimeout(load, 0); });
  else setTimeout(load, 0);
})();
