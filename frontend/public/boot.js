// A server-rendered page is whole without JavaScript: its script (`data-entry`) and the route's chunks
// (`data-modules`) are asked for once the page has painted, so on a slow network they never compete with
// the HTML and the images the first paint needs (docs/web.md). A page in a background tab, which does not
// paint, asks for them at once.
(function () {
  var boot = document.currentScript;
  var entry = boot && boot.getAttribute('data-entry');
  if (!entry) return;
  var modules = (boot.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  // Each link the browser takes costs it most of a millisecond (a phone: several), and a locator page names
  // thirty-odd modules: a few per task, so none of them is a long one. The entry first: it is the largest.
  var PER_TASK = 4;
  function load() {
    var head = document.head;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    head.appendChild(script);
    var next = 0;
    (function preload() {
      modules.slice(next, next + PER_TASK).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        head.appendChild(link);
      });
      next += PER_TASK;
      if (next < modules.length) setTimeout(preload, 0);
    })();
  }
  // requestAnimationFrame runs just before a paint, the timeout just after it
  if (document.visibilityState === 'visible')
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  else setTimeout(load, 0);
})();
