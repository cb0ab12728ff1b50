/*
 * The template side of the frame protocol (widget/PROTOCOL.md, messages in
 * widget/src/protocol.json): every widget template inlines it at the end of its <body>.
 * It posts `height` on load, on resize and when the page says `opened`; `close`; `shared`
 * with the medium of the control. It reads what it needs from data- attributes, so no value
 * is ever put into script. Comments are dropped when it is inlined (templates.py); the
 * widget's tests run it against the protocol (widget/test/templateScript.test.ts) and
 * widget/tsconfig.json type-checks it.
 */
(function () {
  /** @param {{ type: string, squatch?: number, height?: number, shareMedium?: string }} message */
  function post(message) { message.squatch = 1; window.parent.postMessage(message, "*"); }
  function height() {
    post({ type: "height",
      height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  }
  /** @param {string} text */
  function say(text) { var s = document.getElementById("status"); if (s) s.textContent = text; }
  /** @param {Element} button */
  function copy(button) {
    var input = document.getElementById(button.getAttribute("data-squatch-copy") || "");
    if (!(input instanceof HTMLInputElement)) return;
    var fallback = "Press Ctrl+C (or Cmd+C) to copy.";
    input.focus();
    input.select();
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    if (done) { say("Copied to the clipboard."); return; }
    if (!navigator.clipboard) { say(fallback); return; }
    navigator.clipboard.writeText(input.value).then(
      function () { say("Copied to the clipboard."); }, function () { say(fallback); });
  }
  document.addEventListener("click", function (event) {
    var target = event.target instanceof Element ? event.target.closest(
      "[data-squatch-close],[data-squatch-copy],[data-squatch-share]") : null;
    if (!target) return;
    if (target.hasAttribute("data-squatch-close")) { post({ type: "close" }); return; }
    if (target.hasAttribute("data-squatch-copy")) copy(target);
    var medium = target.getAttribute("data-squatch-share");
    if (medium) post({ type: "shared", shareMedium: medium });
  });
  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.source === window.parent && data && data.squatch === 1 && data.type === "opened") {
      height();
    }
  });
  window.addEventListener("load", height);
  if (window.ResizeObserver) new ResizeObserver(height).observe(document.documentElement);
  height();
})();
