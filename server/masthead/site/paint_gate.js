/* The page's only script before the first paint: it runs nothing of the islands. It waits
   for the first contentful paint (at once on a hidden page, which never paints; after 3 s in
   a browser that paints without saying so), then adds the modules data-src names, separated
   by spaces (the islands', the comment counts' on pages with count buttons, and the comment
   thread's on story pages), which the page has already fetched through modulepreload (all
   but the thread's, fetched only now). render.py inlines it, comments and line
   breaks removed. */
(function (gate) {
  var added = false;
  function add() {
    if (added) return;
    added = true;
    gate.getAttribute('data-src').split(' ').forEach(function (src) {
      var script = document.createElement('script');
      script.type = 'module';
      script.src = src;
      document.body.appendChild(script);
    });
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
