/* The page's only script before the first paint: it runs nothing of the islands. It waits
   for the first contentful paint (at once on a hidden page, which never paints; after 3 s in
   a browser that paints without saying so), then adds the islands' module, which the page
   has already fetched through modulepreload. render.py inlines it, comments and line breaks
   removed, with the module's address in data-src. */
(function (gate) {
  var added = false;
  function add() {
    if (added) return;
    added = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.src = gate.getAttribute('data-src');
    document.body.appendChild(script);
  }
  if (document.visibilityState === 'hidden' || performance.getEntriesByName('first-contentful-paint').length) return add();
  try {
    new PerformanceObserver(function (list, observer) {
      observer.disconnect();
      add();
    }).observe({ type: 'paint', buffered: true });
  } catch (unsupported) {}
  setTimeout(add, 3000);
})(document.currentScript);
