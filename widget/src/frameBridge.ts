/**
 * Script text a widget template may inline (inside <script>) to speak widget/PROTOCOL.md.
 * It reports the content size (the inner container is looked up 5 times at 100 ms, then
 * the body is used) and turns clicks on [data-squatch-close], [data-squatch-open] and
 * [data-squatch-share=MEDIUM] elements into messages. Kept under 600 bytes.
 */
export const FRAME_BRIDGE =
  '(d=>{let n=0,P=(type,m)=>parent.postMessage({squatch:1,type,...m},"*"),f=c=>{c=d.querySelector("sqh-global-container,.squatch-container");' +
  'if(!c&&n++<5)return setTimeout(f,100);c=c||d.body;new ResizeObserver(r=>{r=c.getBoundingClientRect();' +
  'P("height",{height:r.bottom+scrollY,width:r.right})}).observe(c)};f();' +
  'd.addEventListener("click",e=>{let s=e.target.closest("[data-squatch-close],[data-squatch-open],[data-squatch-share]")?.dataset;' +
  's&&(s.squatchShare?P("shared",{shareMedium:s.squatchShare}):P("squatchOpen"in s?"open":"close"))})})(document)';
