// The one evaluate of the browser stage: stamp every element with its id (document order),
// measure it, and return everything as ONE JSON string of parallel arrays plus a string table
// (a list of objects is ~20x slower to bring back: DESIGN, "geometry").
//
// Called as a function of `opts`: {attr, minSize, minFont}. Coordinates are whole CSS pixels in
// page space, taken at scroll (0, 0) so that they match a full-page screenshot. Elements under a
// `display: none` or `opacity: 0` element cannot be seen and are neither measured nor stamped:
// they join their nearest stamped ancestor.
(opts) => {
  window.scrollTo({left: 0, top: 0, behavior: "instant"});
  const de = document.documentElement;
  const body = document.body;
  const pageW = Math.max(de.scrollWidth, body ? body.scrollWidth : 0, de.clientWidth);
  const pageH = Math.max(de.scrollHeight, body ? body.scrollHeight : 0, de.clientHeight);
  const sx = window.scrollX, sy = window.scrollY;
  const ATTR = opts.attr, MIN = opts.minSize, MINFONT = opts.minFont;
  const POS = {static: 0, relative: 1, absolute: 2, fixed: 3, sticky: 4};
  const strings = [], stringIds = new Map();
  const str = (s) => {
    let k = stringIds.get(s);
    if (k === undefined) { k = strings.length; strings.push(s); stringIds.set(s, k); }
    return k;
  };
  const r1 = (v) => Math.round(v * 10) / 10;
  const X = [], Y = [], W = [], H = [], FLAGS = [], POSC = [], FS = [], FW = [], COL = [], BG = [], PARENT = [];
  // Per element, for its children: the clip rect of in-flow descendants and the clip rect of
  // absolutely positioned descendants (that of their containing block: the nearest positioned
  // or transformed ancestor). null = no clip.
  const CLIP = [], CBCLIP = [];
  // Inside a scroll container (overflow auto/scroll) content is reachable by scrolling it: its
  // clip is not applied and content beyond the page's far edges is not "off the page".
  const INSCROLL = [];
  const ancestors = [];
  let el = de;
  while (el) {
    const i = X.length;
    const p = ancestors.length ? ancestors[ancestors.length - 1] : -1;
    el.setAttribute(ATTR, String(i));
    const cs = getComputedStyle(el);
    const display = cs.display;
    let descend = display !== "none";
    let x = 0, y = 0, w = 0, h = 0, pos = 0, fs = 0, vis = false, clip = null, fw = 400, col = 0, bg = 0;
    let inScroll = false;
    if (descend) {
      const r = el.getBoundingClientRect();
      x = r.left + sx; y = r.top + sy; w = r.width; h = r.height;
      pos = POS[cs.position] || 0;
      clip = p < 0 || pos === 3 ? null : pos === 2 ? CBCLIP[p] : CLIP[p];
      inScroll = p >= 0 && pos !== 3 && INSCROLL[p];
      const opaque = cs.opacity !== "0";
      vis = opaque && cs.visibility === "visible";
      descend = opaque;
      const ov = cs.overflow;
      const clipsSelf = ov !== "visible" && (ov.includes("hidden") || ov.includes("clip"));
      if (vis && w === 0 && h === 0 && !el.checkVisibility()) vis = false;  // no box (closed details ...)
      if (vis && (w < MIN || h < MIN) && el.tagName !== "BR" && el.tagName !== "WBR" && (clipsSelf || !el.firstChild)) {
        vis = false;  // zero size, or a clipping box too small to show anything
      }
      if (vis && (w > 0 || h > 0)) {
        if (x + w <= 0 || y + h <= 0 || !inScroll && (x >= pageW || y >= pageH)) vis = false;  // off the page
        else if (clip && (x + w <= clip[0] || x >= clip[2] || y + h <= clip[1] || y >= clip[3])) vis = false;
      }
      if (vis && pos >= 2 && pos <= 3) {  // the screen-reader-only patterns
        const c = cs.clip;
        if (c.startsWith("rect(")) {
          const n = c.match(/-?[\d.]+/g);  // rect(top right bottom left)
          if (n && n.length === 4 && (n[1] - n[3] < MIN || n[2] - n[0] < MIN)) vis = false;
        }
        if (cs.clipPath.startsWith("inset(50%")) vis = false;
      }
      fs = parseFloat(cs.fontSize) || 0;
      const color = cs.color;
      if (vis) {
        let ownText = false;
        for (let c = el.firstChild; c; c = c.nextSibling) {
          if (c.nodeType === 3 && /\S/.test(c.data)) { ownText = true; break; }
        }
        if (ownText && (fs < MINFONT || color === "rgba(0, 0, 0, 0)"
                        || x + w + (parseFloat(cs.textIndent) || 0) <= 0)) vis = false;  // unreadable text
      }
      fw = parseInt(cs.fontWeight, 10) || 400;
      col = str(color);
      bg = str(cs.backgroundColor);
      let childClip = clip;
      // Scroll containers, and marquees (their content scrolls through by itself).
      const scrolls = ov !== "visible" && (ov.includes("auto") || ov.includes("scroll")) || el.tagName === "MARQUEE";
      if (scrolls && el !== de && el !== body) {
        childClip = null;
      } else if (clipsSelf) {
        childClip = clip ? [Math.max(clip[0], x), Math.max(clip[1], y), Math.min(clip[2], x + w), Math.min(clip[3], y + h)]
                         : [x, y, x + w, y + h];
      }
      const parentCb = p < 0 ? null : CBCLIP[p];
      CLIP.push(childClip);
      INSCROLL.push(inScroll || scrolls && el !== de && el !== body);
      CBCLIP.push(pos !== 0 || (childClip !== parentCb && cs.transform !== "none") ? childClip : parentCb);
    } else {
      CLIP.push(null);
      CBCLIP.push(null);
      INSCROLL.push(false);
    }
    X.push(Math.round(x)); Y.push(Math.round(y)); W.push(Math.round(w)); H.push(Math.round(h));
    FLAGS.push(vis ? 1 : 0); POSC.push(pos); FS.push(r1(fs)); FW.push(fw);
    COL.push(col); BG.push(bg); PARENT.push(p);
    // Next element in document order.
    if (descend && el.firstElementChild) {
      ancestors.push(i);
      el = el.firstElementChild;
      continue;
    }
    while (el && el !== de && !el.nextElementSibling) {
      el = el.parentElement;
      ancestors.pop();
    }
    el = el && el !== de ? el.nextElementSibling : null;
  }
  // An element is shown when it or anything under it is visible (document order: children
  // come after their parent, so one backward pass folds them up).
  for (let i = X.length - 1; i > 0; i--) {
    if (FLAGS[i] & 1) FLAGS[i] |= 2;
    if (FLAGS[i] & 2) FLAGS[PARENT[i]] |= 2;
  }
  if (FLAGS[0] & 1) FLAGS[0] |= 2;
  return JSON.stringify({
    x: X, y: Y, w: W, h: H, flags: FLAGS, pos: POSC, fs: FS, fw: FW, color: COL, bg: BG, parent: PARENT,
    strings, pageW, pageH, vw: window.innerWidth, vh: window.innerHeight, dsf: window.devicePixelRatio,
    url: location.href, title: document.title, charset: document.characterSet,
    html: de.outerHTML,
  });
}
