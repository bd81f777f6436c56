// What only screen readers get, read from an element's computed style ``cs`` alone (an element of a hidden panel has
// no box to measure). Shared by settle.js and geometry.js: render/scripts.py puts these in scope of each.
// A positioned element clipped to less than ``min`` pixels: clip: rect(0 0 0 0), clip-path: inset(50%).
const clipped = (cs, min) => {
  const c = cs.clip;
  if (c.startsWith("rect(")) {
    const n = c.match(/-?[\d.]+/g);  // rect(top right bottom left)
    if (n && n.length === 4 && (n[1] - n[3] < min || n[2] - n[0] < min)) return true;
  }
  return cs.clipPath.startsWith("inset(50%");
};
// ... or, read from its computed offsets where it is not laid out, put a screen's width off to the left or a screen's
// height above in window ``win`` (left: -9999px).
const readerOnly = (cs, win, min) => (cs.position === "absolute" || cs.position === "fixed")
  && (clipped(cs, min) || parseFloat(cs.left) <= -win.innerWidth || parseFloat(cs.top) <= -win.innerHeight);
