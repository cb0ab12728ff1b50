/**
 * Script text a widget template may inline (inside <script>) to speak widget/PROTOCOL.md.
 * It reports the content size (the inner container is looked up 5 times at 100 ms, then
 * the body is used) and turns clicks on [data-squatch-close], [data-squatch-open] and
 * [data-squatch-share=MEDIUM] elements into messages. Kept under 600 bytes.
 */
export const FRAME_BRIDGE =
  '(function(d,n){function P(m){m.squatch=1;parent.postMessage(m,"*")}' +
  'function f(){var c=d.querySelector("sqh-global-container,.squatch-container");' +
  'if(!c&&n++<5)return setTimeout(f,100);c=c||d.body;new ResizeObserver(function(){' +
  'var r=c.getBoundingClientRect();P({type:"height",height:r.bottom+scrollY,width:r.right})}).observe(c)}f();' +
  'd.addEventListener("click",function(e){var t=e.target.closest("[data-squatch-close],[data-squatch-open],[data-squatch-share]"),' +
  's=t&&t.dataset;t&&P(s.squatchShare?{type:"shared",shareMedium:s.squatchShare}:{type:"squatchOpen"in s?"open":"close"})})' +
  '})(document,0)';
