// The one evaluate of the browser stage: stamp every element with its id (document order),
// measure it, and return everything as ONE JSON string of parallel arrays plus a string table
// (a list of objects is ~20x slower to bring back: DESIGN, "geometry").
//
// Called as a function of `opts`: {attr, minSize, minFont}. Coordinates are CSS pixels in page
// space, taken at scroll (0, 0) so that they match a full-page screenshot.
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
  // Per element, for its children: clip rect for in-flow children, clip rect for absolutely
  // positioned descendants (the clip of their containing block), inside-fixed flag.
  const NOCLIP = null;
  const stack = [[de, -1, NOCLIP, NOCLIP, false]];
  const hasCheck = typeof de.checkVisibility === "function";
  while (stack.length) {
    const [el, parent, pClip, pCbClip, pFixed] = stack.pop();
    const i = X.length;
    el.setAttribute(ATTR, String(i));
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    const x = r.left + sx, y = r.top + sy, w = r.width, h = r.height;
    const pos = POS[cs.position] || 0;
    const clip = pos === 3 ? NOCLIP : pos === 2 ? pCbClip : pClip;
    let ownText = false;
    for (let c = el.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3 && /\S/.test(c.data)) { ownText = true; break; }
    }
    const clipsSelf = /hidden|clip/.test(cs.overflowX + cs.overflowY) || /paint|strict|content/.test(cs.contain);
    let vis = hasCheck
      ? el.checkVisibility({opacityProperty: true, visibilityProperty: true})
      : cs.display !== "none" && cs.visibility === "visible" && parseFloat(cs.opacity) > 0;
    const tiny = w < MIN || h < MIN;
    if (vis && tiny && el.tagName !== "BR" && el.tagName !== "WBR" && (clipsSelf || !el.firstChild)) vis = false;
    if (vis && (w > 0 || h > 0)) {
      if (x + w <= 0 || y + h <= 0 || x >= pageW || y >= pageH) vis = false;  // off the page
      else if (clip && (x + w <= clip[0] || x >= clip[2] || y + h <= clip[1] || y >= clip[3])) vis = false;
    }
    if (vis && (pos === 2 || pos === 3) && cs.clip && cs.clip.startsWith("rect(")) {
      const n = cs.clip.match(/-?[\d.]+/g);  // rect(top right bottom left)
      if (n && n.length === 4 && (n[1] - n[3] < MIN || n[2] - n[0] < MIN)) vis = false;
    }
    if (vis && cs.clipPath && cs.clipPath.startsWith("inset(50%")) vis = false;
    const fs = parseFloat(cs.fontSize) || 0;
    if (vis && ownText) {
      if (fs < MINFONT || cs.color === "rgba(0, 0, 0, 0)" || x + w + (parseFloat(cs.textIndent) || 0) <= 0) vis = false;
    }
    const fixed = pFixed || pos === 3 || pos === 4;
    X.push(r1(x)); Y.push(r1(y)); W.push(r1(w)); H.push(r1(h));
    FLAGS.push(vis ? 1 : 0); POSC.push(pos); FS.push(r1(fs)); FW.push(parseInt(cs.fontWeight, 10) || 400);
    COL.push(str(cs.color)); BG.push(str(cs.backgroundColor)); PARENT.push(parent);
    // Clip for this element's children.
    let childClip = clip;
    if (clipsSelf) {
      childClip = clip ? [Math.max(clip[0], x), Math.max(clip[1], y), Math.min(clip[2], x + w), Math.min(clip[3], y + h)]
                       : [x, y, x + w, y + h];
    }
    // Absolutely positioned descendants are clipped like their containing block: the nearest
    // positioned (or transformed) ancestor.
    const childCbClip = pos !== 0 || cs.transform !== "none" ? childClip : pCbClip;
    const kids = el.children;
    for (let k = kids.length - 1; k >= 0; k--) stack.push([kids[k], i, childClip, childCbClip, fixed]);
  }
  // An element is shown when it or anything under it is visible (document order: children
  // come after their parent, so one backward pass folds them up).
  for (let i = X.length - 1; i > 0; i--) {
    if (FLAGS[i]) FLAGS[PARENT[i]] |= 2;
    if (FLAGS[i] & 1) FLAGS[i] |= 2;
  }
  if (FLAGS[0] & 1) FLAGS[0] |= 2;
  return JSON.stringify({
    x: X, y: Y, w: W, h: H, flags: FLAGS, pos: POSC, fs: FS, fw: FW, color: COL, bg: BG, parent: PARENT,
    strings, pageW, pageH, vw: window.innerWidth, vh: window.innerHeight, dsf: window.devicePixelRatio,
    url: location.href, title: document.title, charset: document.characterSet,
    html: de.outerHTML,
  });
}
