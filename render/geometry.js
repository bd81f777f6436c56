// The one evaluate of the browser stage: walk the page as a person sees it (the composed tree:
// open shadow roots in place of their host's children, slots replaced by what is assigned to
// them, large same-origin frames inlined where they sit), give every element an id in that
// order, measure it, serialise the walked tree as HTML with the ids in `opts.attr`, and return
// everything as ONE JSON string of parallel arrays plus a string table (a list of objects is
// ~20x slower to bring back: DESIGN, "geometry"). The live DOM is not touched.
//
// Called as a function of `opts`: {attr, minSize, minFont, frameMinArea, frameMinWidth,
// frameMinHeight, frameMaxDepth, frameMaxCount, frameProseChars, wordGapEm, embedMark, copiedMark, chrome}.
// Coordinates are whole CSS pixels in page space, taken at scroll (0, 0) so that they match a full-page screenshot.
// Elements under a `display: none` or `opacity: 0` element cannot be seen and are neither walked nor measured:
// they are serialised as they are and join their nearest measured ancestor; except a panel that
// a control names (a collapsed accordion, an inactive tab) or that follows its button, which is
// walked with its parent's box.
(opts) => {
  const net = window.__pagesightNet;
  if (net) net.stop = true;  // a settle loop still running in the page stops scrolling now
  window.scrollTo({left: 0, top: 0, behavior: "instant"});
  const de = document.documentElement || document.appendChild(document.createElement("html"));
  const body = document.body;
  const pageW = Math.max(de.scrollWidth, body ? body.scrollWidth : 0, de.clientWidth);
  const pageH = Math.max(de.scrollHeight, body ? body.scrollHeight : 0, de.clientHeight);
  const vw = window.innerWidth, vh = window.innerHeight;
  const ATTR = opts.attr, MIN = opts.minSize, MINFONT = opts.minFont;
  const MAXEL = opts.maxElements || Infinity;
  let capped = false;
  const POS = {static: 0, relative: 1, absolute: 2, fixed: 3, sticky: 4};
  // How far up a transparent element's ancestors an intersection observer's target counts for it
  // (a watched section whose class fades in its paragraphs' wrapper).
  const REVEAL_LEVELS = 3;
  // A fading carousel holds a few slides; a box of more children made alike is a list, not slides stacked.
  const FADE_SLIDES_MAX = 24;
  // A hidden panel after a button is read as a disclosure's when no more than this share of its text is
  // links (a menu's is nearly all links): the link density past which CleanTree drops a node (ALGORITHMS 1,
  // DLmax).
  const TOGGLED_MAX_LINK_SHARE = 0.65;
  // A page's footnotes list as Markdown processors write it (Pandoc, kramdown, Goldmark: role="doc-endnotes" from
  // DPUB-ARIA; markdown-it and most themes: class "footnotes").
  const FOOTNOTES = '.footnotes, [role="doc-endnotes"]';
  const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
                        "track", "wbr", "param", "keygen"]);
  const RAW = new Set(["script", "style", "noscript", "xmp", "noembed", "noframes", "plaintext"]);
  // Raw text that is code, not markup: its "</" is escaped. (A noscript's text is markup the
  // HTML parser reads, as it would from outerHTML: escaping it would leave its tags open.)
  const SCRIPTLIKE = new Set(["script", "style"]);
  // A noscript's text is markup, and may be broken: a tag manager's snippet nests a <noscript> in a
  // <noscript>, and the browser's raw text ends at the inner one's end tag, leaving its start tag
  // open; parsed again, that swallowed the whole page. Read as a page without scripts reads it
  // (DOMParser runs none) and written back whole, noscripts inside it unwrapped.
  const balanced = (text) => {
    const body = new DOMParser().parseFromString("<body>" + text, "text/html").body;
    for (const n of body.querySelectorAll("noscript")) n.replaceWith(...n.childNodes);
    return body.innerHTML;
  };
  // a text of decorativeMaxChars characters at most (DECORATIVE_MAX_CHARS), or made of such pieces only (a map's
  // numbered markers, a rating's stars one a span: an 80th blind round's branch finder kept "1 2 3 4 5"), unless it
  // is a formula drawn beside its MathML (KaTeX's and MathJax's: the MathML twin is hidden from view, so the drawn
  // one, a span a symbol, is what is read)
  const decoration = (el) => {
    const t = el.textContent.trim();
    if (!t) return false;
    if (t.length <= opts.decorativeMaxChars) return true;
    const mathml = (c) => c !== el && (c.localName === "math" || c.firstElementChild?.localName === "math");
    if (el.parentElement && [...el.parentElement.children].some(mathml)) return false;
    const pieces = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = pieces.nextNode(); n; n = pieces.nextNode()) {
      if (n.data.trim().length > opts.decorativeMaxChars) return false;
    }
    return true;
  };
  const strings = [], stringIds = new Map();
  const str = (s) => {
    let k = stringIds.get(s);
    if (k === undefined) { k = strings.length; strings.push(s); stringIds.set(s, k); }
    return k;
  };
  const escText = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const escAttr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  const r1 = (v) => Math.round(v * 10) / 10;
  // A frame too short to pass for content by its size (a standfirst or a note in a srcdoc frame) is read
  // when it is of this origin and its text is prose: more than `frameProseChars` characters outside links,
  // at most TOGGLED_MAX_LINK_SHARE of it links. An ad's text (a headline and a line under it) is shorter,
  // and the frames of ad servers are of another origin.
  // An element's shadow root: the open one, or a closed one the init script saw being attached (quiet_page.js).
  const shadowOf = (el, win) => el.shadowRoot || (win.__pagesightShadow ? win.__pagesightShadow.get(el) : null)
    || null;
  // Shadow roots count with their hosts (innerText stops at a host: an 86th blind round's sample chapter was a
  // Lit element's shadow tree inside a frame of this origin).
  // A short frame's prose is sentences, too: a live widget's rows of times and places in a frame of the article's own
  // origin ("09:44 | AT 360 | Funchal | Landed": a 106th blind round's runway embed) end none; a large frame's list
  // need not (an 82nd's job board: titles, places and teams).
  const SENTENCE_END = /[.!?…。！？](\s|$)/;
  const prose = (b, sentences) => {
    let said = false;
    const read = (el) => {
      const t = (el.innerText || "").replace(/\s+/g, " ").trim();
      said = said || SENTENCE_END.test(t);
      return t;
    };
    let [text, links] = textAndLinks(b, read);
    const hosts = [...b.querySelectorAll("*")];
    for (let k = 0; k < hosts.length; k++) {
      const root = shadowOf(hosts[k], b.ownerDocument.defaultView);
      if (!root) continue;
      for (const child of root.children) {
        if (RAW.has(child.localName)) continue;  // a style sheet's innerText is its source
        const [t, l] = textAndLinks(child, read);
        text += t;
        links += l;
      }
      hosts.push(...root.querySelectorAll("*"));
    }
    return (said || !sentences) && text - links > opts.frameProseChars && links <= TOGGLED_MAX_LINK_SHARE * text;
  };
  // The length of an element's text and of its links' text, as `read` gives an element's text.
  const textAndLinks = (el, read) => {
    let links = 0;
    for (const a of el.querySelectorAll("a[href]")) links += read(a).length;
    return [read(el).length, links];
  };
  // Boxes laid out as one word is (their right edge, top and bottom), to see the gap before the next.
  const ATOMIC_INLINE = new Set(["inline-block", "inline-flex", "inline-grid", "inline-table"]);
  // Displays whose box starts a line of its own in the flow around it.
  const BLOCK_START = new Set(["block", "flex", "grid", "list-item", "table", "flow-root"]);
  // Whether an element or a text with words comes before ``el`` in its parent.
  const afterContent = (el) => {
    for (let n = el.previousSibling; n; n = n.previousSibling) {
      if (n.nodeType === 1 || n.nodeType === 3 && n.data.trim()) return true;
    }
    return false;
  };
  // Whether a word comes right after (``side`` "Right") or right before ("Left") ``el`` in its parent: an element, or
  // a text that does not start (end) with a space.
  const wordBeside = (el, side) => {
    const after = side === "Right", space = after ? /^\s/ : /\s$/;
    for (let n = after ? el.nextSibling : el.previousSibling; n; n = after ? n.nextSibling : n.previousSibling) {
      if (n.nodeType === 1) return true;
      if (n.nodeType === 3 && n.data.length) return !space.test(n.data);
    }
    return false;
  };
  // Whether an inline box is set apart on its ``side`` ("Left", "Right") by its own margin, padding and border of
  // wordGapEm or more, a word beside it there with no space between them in the DOM.
  const setApart = (el, cs, fs, side) => parseFloat(cs["margin" + side]) + parseFloat(cs["padding" + side])
    + parseFloat(cs[`border${side}Width`]) >= opts.wordGapEm * fs && wordBeside(el, side);
  // Whether an element's box reaches wordGapEm or more past the right edge of its text (``right``: the box's right
  // edge in its window's coordinates).
  const roomAfter = (el, right, fs) => {
    const range = el.ownerDocument.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return r.width > 0 && right - r.right >= opts.wordGapEm * fs;
  };
  const inlineBoxes = new WeakMap();
  const frameSrc = (el) => el.getAttribute(el.localName === "object" ? "data" : "src") || "";
  const X = [], Y = [], W = [], H = [], FLAGS = [], POSC = [], FS = [], FW = [], COL = [], BG = [], PARENT = [];
  // Per element, for its children: the clip rect of in-flow descendants and the clip rect of
  // absolutely positioned descendants (that of their containing block: the nearest positioned
  // or transformed ancestor). null = no clip. Clipping only decides what is *off the page*
  // for fixed/positioned content: text cut off by an ancestor's overflow is content (a
  // collapsed "Read more" box, an accordion), so it stays visible.
  const CLIP = [], CBCLIP = [];
  // Inside a scroll container (overflow auto/scroll, or a frame) content is reachable by
  // scrolling it: content beyond the page's far edges is not "off the page".
  const INSCROLL = [];
  // Per element, the nearest box on the page that clips its overflow (hidden or clip) around it, or -1: a
  // carousel's track. Its slides, laid out in flow beside the one shown (or moved there by a transform),
  // lie past the page's edge, yet they are clipped content like a collapsed "Read more" box, not text
  // put off the page (that is positioned: the screen-reader-only pattern is absolute at left -10000px).
  const TRACK = [];
  // Per element, whether it is such a slide (or in one) beside the slide shown: a caption positioned absolutely in
  // a slide moves with it (Splide's captions, a 30th blind round).
  const SLID = [];
  const out = [];
  const frames = [];
  let shadowRoots = 0, closedRead = 0;
  // A context is one document: its window, its offset in page space, its frame depth.
  // The panels a control names: in its aria-controls, or, as Bootstrap's collapse and tab toggles do without
  // it, in the target of its data-bs-toggle / data-toggle (data-bs-target, data-target or href: "#id").
  const TARGETS = "[data-bs-toggle][data-bs-target^='#'], [data-toggle][data-target^='#'], "
    + "[data-bs-toggle][href^='#'], [data-toggle][href^='#']";
  const withControls = (win) => {
    let ids = null;  // ids named by controls, collected on first use
    return () => {
      if (!ids) {
        ids = new Set();
        for (const c of win.document.querySelectorAll("[aria-controls]")) {
          for (const id of c.getAttribute("aria-controls").split(/\s+/)) if (id) ids.add(id);
        }
        for (const c of win.document.querySelectorAll(TARGETS)) {
          const target = c.getAttribute("data-bs-target") || c.getAttribute("data-target") || c.getAttribute("href");
          if (/^#[\w-]+$/.test(target)) ids.add(target.slice(1));
        }
      }
      return ids;
    };
  };
  // Transparent until it scrolls into view: an element (or one of its nearest ancestors) that an
  // intersection observer watches, or has watched, fades in when a reader gets to it, and may fade out again
  // when they leave (animate-on-scroll libraries), so the walk at the top of the page finds it at 0; one
  // that stopped watching once it came into view may have set off a script's animation still running
  // (anime.js staggering a paragraph's letters in, a twelfth blind round).
  const revealed = (el, ctx) => {
    const watched = ctx.win.__pagesightNet && ctx.win.__pagesightNet.watched;
    if (!watched) return false;
    for (let e = el, k = 0; e && k <= REVEAL_LEVELS; e = e.parentElement, k++) if (watched.has(e)) return true;
    return false;
  };
  // A slide of a fading carousel, faded out (opacity 0 or visibility hidden) and stacked on a shown slide made alike
  // (the same tag): Swiper's and Splide's fade effect, a Lit pull-quote gallery of a 114th blind
  // round, whose three other quotes were never read. It is read as a slide slid out beside the shown one is.
  const fadedSlide = (el) => {
    const parent = el.parentElement;
    if (!parent || parent.childElementCount < 2 || parent.childElementCount > FADE_SLIDES_MAX) return false;
    const r = el.getBoundingClientRect();
    if (r.width < MIN || r.height < MIN) return false;
    const mine = new Set(el.classList);
    // alike: a class in common, or no class beside the shown one's state ("on", "active")
    const alike = (sib) => sib.localName === el.localName && (!mine.size || !sib.classList.length
      || [...sib.classList].some((c) => mine.has(c)));
    for (const sib of parent.children) {
      if (sib === el || !alike(sib)) continue;
      const cs = getComputedStyle(sib);
      if (cs.opacity === "0" || cs.visibility !== "visible") continue;
      const q = sib.getBoundingClientRect();
      const over = Math.max(0, Math.min(r.right, q.right) - Math.max(r.left, q.left))
        * Math.max(0, Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top));
      if (over >= 0.5 * r.width * r.height) return true;
    }
    return false;
  };
  const disclosed = (el, ctx) => {
    if (el.id && ctx.controlled().has(el.id)) return true;
    const prev = el.previousElementSibling;
    return !!prev && (prev.hasAttribute("aria-expanded") || !!prev.querySelector("[aria-expanded]"));
  };
  // Transparent text laid over a canvas is the canvas's text layer (pdf.js draws a document's page on a canvas
  // and lays its text over it, transparent, for selection and search: a 31st blind round), read as the text
  // the reader sees drawn; transparent text elsewhere stays out. The canvases' boxes, once per document.
  const canvases = new Map();
  const overCanvas = (ctx, x, y, w, h) => {
    if (!canvases.has(ctx.win)) {
      const boxes = [...ctx.win.document.querySelectorAll("canvas")].map((c) => c.getBoundingClientRect())
        .filter((r) => r.width >= MIN && r.height >= MIN);
      canvases.set(ctx.win, boxes.map((r) => [r.left + ctx.dx, r.top + ctx.dy, r.right + ctx.dx, r.bottom + ctx.dy]));
    }
    const cx = x + w / 2, cy = y + h / 2;
    return canvases.get(ctx.win).some(([l, t, r, b]) => cx >= l && cx <= r && cy >= t && cy <= b);
  };
  // A panel hidden with display: none just after the button that shows it (WAI-ARIA disclosure pattern,
  // without the ARIA: Alpine's x-show, a hand-written FAQ): the button, or a heading holding it, comes
  // first; or an element with a click handler in its markup, or a heading showing the pointer a link shows,
  // that opens what follows it (a wiki's collapsed sections, `<h2 onclick>`: a 27th blind round; a bare heading
  // is no control: the rendering itself hides a virtualised list's holder after its heading). Not a menu (the
  // button has aria-haspopup, or the panel sits in the page's chrome: navigation, header, footer, aside, a
  // dialog; or is mostly links), which is a list of places to go, not content.
  const clickable = (b) => b.hasAttribute("onclick") || /^h[1-6]$/.test(b.localName)
    && b.ownerDocument.defaultView.getComputedStyle(b).cursor === "pointer";
  // A short label may stand between the button and its panel (a forum's spoiler: "[Show] Changelog", then the
  // hidden changelog: a 62nd blind round).
  const LABEL_MAX_CHARS = 40;
  const toggled = (el) => {
    let prev = el.previousElementSibling;
    if (!prev) return false;
    const isButton = (b) => b && (b.localName === "button" || b.getAttribute("role") === "button"
                                  || b.hasAttribute("aria-expanded") || clickable(b));
    if (!isButton(prev) && !prev.children.length && prev.textContent.trim().length <= LABEL_MAX_CHARS
        && isButton(prev.previousElementSibling)) prev = prev.previousElementSibling;
    const only = prev.children.length === 1 ? prev.firstElementChild : null;
    // (or the closed toggle that ends a header row before it: a job's title and facts, then "View role", the
    // description hidden after the row; an Alpine board open one role at a time, a 142nd blind round read 1 of 11)
    const last = prev.lastElementChild;
    const ends = last && last.getAttribute("aria-expanded") === "false" ? last : null;
    const button = [prev, only, ends].find(isButton);
    if (!button || !["false", null].includes(button.getAttribute("aria-haspopup"))) return false;
    return content(el);
  };
  // Out of the page's chrome and not mostly links: what a panel holds is content, not a menu.
  const content = (el) => {
    if (el.closest(opts.chrome)) return false;
    const [text, links] = textAndLinks(el, (e) => e.textContent.trim());
    return links <= TOGGLED_MAX_LINK_SHARE * text;
  };
  // Closed dialogs made alike, one per item of a list (an artist's bio behind each card of a line-up, a speaker's
  // behind each face: a 59th blind round), each holding prose and no field to fill: what a reader opens item by
  // item, read where it sits. At least DIALOG_GROUP_MIN of the same class; a lone closed dialog (a sign-up, a
  // share sheet, a video) stays out.
  const DIALOG_GROUP_MIN = 3, DIALOG_PROSE_CHARS = 100;
  const dialogGroups = new Map();
  const groupedDialog = (el) => {
    if (el.localName !== "dialog" || el.open || !el.className || !el.parentElement
        || el.parentElement.closest(opts.chrome)) return false;
    const doc = el.ownerDocument;
    if (!dialogGroups.has(doc)) {
      const count = new Map();
      for (const d of doc.querySelectorAll("dialog:not([open])")) count.set(d.className, (count.get(d.className) || 0) + 1);
      dialogGroups.set(doc, count);
    }
    if ((dialogGroups.get(doc).get(el.className) || 0) < DIALOG_GROUP_MIN) return false;
    if (el.querySelector("input:not([type=hidden]), select, textarea")) return false;
    const [text, links] = textAndLinks(el, (e) => e.textContent.replace(/\s+/g, " ").trim());
    return text - links >= DIALOG_PROSE_CHARS;
  };
  // An inactive tab's panel (WAI-ARIA tabs pattern: role tabpanel, hidden) whose tab names it by no
  // aria-controls (Docusaurus's: a thirteenth blind round) is a panel one click away all the same.
  const tabPanel = (el) => el.getAttribute("role") === "tabpanel" && content(el);
  // A page's footnotes list hidden from the screen, kept for print while the notes show in popovers (littlefoot,
  // bigfoot: a 97th blind round), is read as a panel one click away is: the notes are the page's.
  const footnotes = (el) => !!el.closest(FOOTNOTES) && !el.closest(opts.chrome);
  // Called for a frame of another origin (opts.sub: {dx, dy}), the walk starts at its body's
  // children, in the page coordinates of the frame's content box, and returns them alone.
  const sub = opts.sub || null;
  const top = {win: window, dx: sub ? sub.dx : 0, dy: sub ? sub.dy : 0, depth: sub ? 1 : 0,
               controlled: withControls(window)};
  const cross = [];  // large frames of another origin, in the order of their markers
  let crossAt = -1;
  // The walk: a stack of tasks (a node with its parent id and context, or a closing tag), so
  // that deep trees cannot overflow the call stack.
  const tasks = [];
  const pushChildren = (nodes, p, ctx) => {
    for (let k = nodes.length - 1; k >= 0; k--) tasks.push([nodes[k], p, ctx]);
  };
  if (sub) pushChildren(body ? body.childNodes : [], -1, top);
  else tasks.push([de, -1, top]);
  // Open roots, and closed ones the init script saw being attached (counted as read).
  const rootOf = (el, ctx) => {
    const r = shadowOf(el, ctx.win);
    if (r && r !== el.shadowRoot) closedRead++;
    return r;
  };
  while (tasks.length) {
    const t = tasks.pop();
    if (typeof t === "string") { out.push(t); continue; }
    const [node, p, ctx] = t;
    const type = node.nodeType;
    if (type === 3) { out.push(escText(node.data)); continue; }
    if (type !== 1) continue;
    const el = node;
    if (X.length >= MAXEL) {  // past the cap: serialised as it is, never measured
      capped = true;
      out.push(el.outerHTML);
      continue;
    }
    const tag = el.localName;
    if (tag === "slot") {  // a slot shows what is assigned to it, else its own (fallback) children
      const assigned = el.assignedNodes();
      pushChildren(assigned.length ? assigned : el.childNodes, p, ctx);
      continue;
    }
    if (tag === "template") { out.push("<template></template>"); continue; }  // inert content
    const i = X.length;
    const cs = ctx.win.getComputedStyle(el);
    const display = cs.display;
    let descend = display !== "none";
    let x = 0, y = 0, w = 0, h = 0, pos = 0, fs = 0, vis = false, clip = null, fw = 400, col = 0, bg = 0;
    let inScroll = false, frameDoc = null, unveil = null;
    // A panel hidden with display: none (the hidden attribute, a collapsed accordion or an inactive
    // tab) that a control on the page names (aria-controls, Bootstrap's targets) or that follows its
    // button is content one click away, as a clipped one is: it is walked, and it and what it holds take
    // the box of the panel's parent; so is a panel inside such a panel (an accordion in an inactive tab).
    let panelCtx = null;
    const opens = ctx.win.__pagesightOpens;  // what CSS-only tabs showed as settling checked their inputs
    if (!descend && p >= 0 && !el.hasAttribute(opts.copiedMark)
        && (el.id && ctx.controlled().has(el.id) || toggled(el) || opens && opens.has(el) || ctx.details || tabPanel(el)
            || groupedDialog(el) || display === "none" && footnotes(el))) {
      panelCtx = {...ctx, panel: [X[p], Y[p], W[p], H[p]]};
    }
    if (panelCtx) descend = true;
    if (descend) {  // the text's look, for a measured element and a panel's alike
      fs = parseFloat(cs.fontSize) || 0;
      fw = parseInt(cs.fontWeight, 10) || 400;
      col = str(cs.color);
      bg = str(cs.backgroundColor);
    }
    if (ctx.panel || panelCtx) {
      if (descend) {
        [x, y, w, h] = (panelCtx || ctx).panel;
        // the panel's own opacity 0 is its opening transition's start (Bootstrap's .fade), not spam's; what only screen
        // readers get stays out, as it does where laid out (a 158th blind round's table caption at left: -9999px in a
        // tab, kept from the tab one click away and left out of the tab shown), and so does decoration
        const seen = (!!panelCtx || cs.opacity !== "0") && !readerOnly(cs, ctx.win, MIN)
          && !(el.getAttribute("aria-hidden") === "true" && decoration(el));  // a "+" chevron (a 159th round's FAQ)
        vis = seen && cs.visibility === "visible";
        descend = seen;
      }
      CLIP.push(null);
      CBCLIP.push(null);
      INSCROLL.push(false);
      TRACK.push(-1);
      SLID.push(false);
    } else if (descend) {
      const r = el.getBoundingClientRect();
      x = r.left + ctx.dx; y = r.top + ctx.dy; w = r.width; h = r.height;
      pos = POS[cs.position] || 0;
      clip = p < 0 || pos === 3 && ctx.depth === 0 ? null : pos === 2 || pos === 3 ? CBCLIP[p] : CLIP[p];
      inScroll = p >= 0 ? !(pos === 3 && ctx.depth === 0) && INSCROLL[p] : !!sub;  // a frame scrolls
      // decoration hidden from assistive technology (an avatar's initials, an icon's glyph) shows no content
      const decorative = el.getAttribute("aria-hidden") === "true" && decoration(el);
      const faded = (cs.opacity === "0" || cs.visibility !== "visible") && !decorative && fadedSlide(el);
      const opaque = (cs.opacity !== "0" || revealed(el, ctx) || faded) && !decorative;
      vis = opaque && (cs.visibility === "visible" || !!ctx.unveiled || faded);
      if (faded) unveil = {...ctx, unveiled: true};  // what the slide holds inherits its visibility: shown with it
      descend = opaque;
      const ov = cs.overflow;
      const clipsSelf = ov !== "visible" && (ov.includes("hidden") || ov.includes("clip"));
      if (vis && w === 0 && h === 0 && !el.checkVisibility()) vis = false;  // no box (closed details ...)
      // A clipping box collapsed to nothing in either direction shows none of its content now
      // (height 0 spam, the 1 px screen-reader pattern), unless it is a disclosure panel that a
      // control on the page opens (WAI-ARIA Authoring Practices, disclosure and accordion: the
      // panel's id is in the control's aria-controls, or the control carrying aria-expanded
      // comes right before the panel).
      const collapsed = clipsSelf && (w < MIN || h < MIN);
      const opens = collapsed && (w >= MIN || h >= MIN) && disclosed(el, ctx);
      const hides = collapsed && !opens;
      // such a panel made invisible while collapsed (MUI's Collapse: visibility hidden at height 0) shows
      // what it holds once opened
      if (opens && cs.visibility !== "visible") {
        unveil = {...ctx, unveiled: true};
        vis = opaque;
      }
      if (vis && (w < MIN || h < MIN) && tag !== "br" && tag !== "wbr" && (hides || !el.firstChild)) {
        vis = false;
      }
      // in a carousel's track, beside the slide shown (positioned absolutely: in such a slide)
      const track = p >= 0 && (pos <= 1 || pos === 4 || pos === 2 && SLID[p]) ? TRACK[p] : -1;
      const slid = track >= 0 && (y < Y[track] + H[track] && y + h > Y[track] || x < X[track] + W[track] && x + w > X[track]);
      if (vis && (w > 0 || h > 0)) {
        if (!slid && (x + w <= 0 || y + h <= 0 || !inScroll && (x >= pageW || y >= pageH))) vis = false;  // off the page
        else if (clip && (x + w <= clip[0] || x >= clip[2] || y + h <= clip[1] || y >= clip[3])) vis = false;
      }
      if (vis && pos >= 2 && pos <= 3 && clipped(cs, MIN)) vis = false;  // the screen-reader-only patterns
      const color = cs.color;
      if (vis) {
        let ownText = false;
        for (let c = el.firstChild; c; c = c.nextSibling) {
          if (c.nodeType === 3 && /\S/.test(c.data)) { ownText = true; break; }
        }
        if (ownText && (fs < MINFONT || color === "rgba(0, 0, 0, 0)" && !overCanvas(ctx, x, y, w, h)
                        || !slid && x + w + (parseFloat(cs.textIndent) || 0) <= 0)) vis = false;  // unreadable text
      }
      let childClip = clip;
      // Scroll containers, and marquees (their content scrolls through by itself).
      const root = ctx.depth === 0 && (el === de || el === body);
      const scrolls = ov !== "visible" && (ov.includes("auto") || ov.includes("scroll")) || tag === "marquee";
      if (scrolls && !root) {
        childClip = null;
      } else if (hides) {  // only a collapsed box hides what is inside (see CLIP above)
        childClip = [x, y, x, y];
      }
      // An <object> showing a page of the same origin (type text/html) is a frame too; one of another
      // origin is left as it is (its fallback content), as are objects showing images or plug-ins.
      const object = tag === "object";
      let framed = false;  // a frame large enough to be read, or a short one of this origin holding prose
      if ((tag === "iframe" || tag === "frame" || object) && vis && ctx.depth < opts.frameMaxDepth
          && frames.length < opts.frameMaxCount && w >= opts.frameMinWidth * vw && h >= MIN) {
        const embed = el.hasAttribute(opts.embedMark);  // an embed waited for while blank (browser.py)
        const tall = h >= opts.frameMinHeight * vh;
        const large = w * h >= opts.frameMinArea * vw * vh && tall || embed;
        let doc = null;
        try { doc = el.contentDocument; } catch (e) { doc = null; }  // another origin: not readable here
        // A frame of this origin is read when it holds prose, however large: a large one holding a line or two is
        // a player's or a map's (an 81st blind round's video review inlined its "8:42 · 41K views · Subscribe").
        // The area share keeps ad units out, and ads come from the ad servers' origins: a frame of this origin
        // as tall and wide as content need not end a sentence (a table of rates or of scenes 760 x 332 px, a
        // 146th and a 155th blind round); a short one must (the runway widget above, 160 px).
        const readable = doc && doc.body && doc.defaultView && (!object || doc.documentElement.localName === "html");
        if (readable && (embed || prose(doc.body, !tall))) frameDoc = doc;
        framed = !!frameDoc || large && !object && !readable;
      }
      if (framed) {
        const fcs = ctx.win.getComputedStyle(el);
        const frame = {id: i, src: frameSrc(el), x: Math.round(x), y: Math.round(y),
                       w: Math.round(w), h: Math.round(h), inlined: !!frameDoc, depth: ctx.depth + 1,
                       cx: x + el.clientLeft + (parseFloat(fcs.paddingLeft) || 0),
                       cy: y + el.clientTop + (parseFloat(fcs.paddingTop) || 0)};
        if (!frameDoc && ctx.depth === 0) {  // another origin: read through the driver (browser.py)
          frame.other = cross.length;
          cross.push(el);
          crossAt = i;
        }
        frames.push(frame);
      }
      const parentCb = p < 0 ? null : CBCLIP[p];
      CLIP.push(childClip);
      INSCROLL.push(inScroll || scrolls && !root || !!frameDoc);
      const onPage = vis || x + w > 0 && y + h > 0 && x < pageW && y < pageH;
      TRACK.push(hides ? -1 : clipsSelf && !root && onPage && w >= MIN && h >= MIN ? i
                 : p >= 0 && pos !== 3 && !scrolls ? TRACK[p] : -1);
      SLID.push(slid);
      CBCLIP.push(pos !== 0 || (childClip !== parentCb && cs.transform !== "none") ? childClip : parentCb);
    } else {
      CLIP.push(null);
      CBCLIP.push(null);
      INSCROLL.push(false);
      TRACK.push(-1);
      SLID.push(false);
    }
    X.push(Math.round(x)); Y.push(Math.round(y)); W.push(Math.round(w)); H.push(Math.round(h));
    FLAGS.push(vis ? 1 : 0); POSC.push(pos); FS.push(r1(fs)); FW.push(fw);
    COL.push(col); BG.push(bg); PARENT.push(p);
    // Words set as inline blocks with nothing between them in the DOM, spaced by a margin (an animated
    // headline's or paragraph's words): where the reader sees a word's gap, or the next line, there is a space. So
    // for inline boxes given a margin, a padding or a border of their own: badges side by side ("V" "GF" after a
    // dish, each a span a framework's loop drew with nothing between them: a 74th blind round read "VGF").
    const boxed = display === "inline" && descend && (parseFloat(cs.marginLeft) > 0 || parseFloat(cs.paddingLeft) > 0
      || parseFloat(cs.borderLeftWidth) > 0);
    if ((ATOMIC_INLINE.has(display) || boxed) && !ctx.panel && !panelCtx) {
      const prev = inlineBoxes.get(el.previousSibling);
      if (prev && (y >= prev[2] - 1 || y < prev[2] && y + h > prev[1] && x - prev[0] >= opts.wordGapEm * fs)) {
        out.push(" ");
      }
      inlineBoxes.set(el, [x + w, y, y + h]);
    }
    // Serialise: an inlined frame becomes a div holding the frame's body, and a <frameset> a div
    // holding its frames (an HTML parser drops whatever a frameset holds; a frameset document's body
    // is the frameset itself).
    const outTag = frameDoc || crossAt === i || tag === "frameset" ? "div" : tag;
    let open = "<" + outTag;
    for (const a of el.attributes) {
      if (a.name !== ATTR && a.name !== opts.embedMark && a.name !== opts.copiedMark) open += " " + a.name + '="' + escAttr(a.value) + '"';
    }
    const other = crossAt === i;
    if (frameDoc || other) open += ' data-psframe="' + escAttr(frameSrc(el)) + '"';
    // A box that is not inline (see below) ends a run of words; a block after something in its parent also starts
    // one: a space before it ("Consultation document" and a size line a shadow root's style sheet sets as a block:
    // a 61st blind round). Not a table's row or cell, nor a block first in its parent: inside an inline table they
    // are parts of one word (KaTeX sets the subscript "s" of "Ks" so), and cells are kept apart by the space after.
    const blockish = descend && !display.startsWith("inline") && display !== "contents";
    const startsLine = blockish && BLOCK_START.has(display) && afterContent(el);
    // So does an inline box set apart from what comes before it by its own left margin, padding or border (a
    // release's "Latest" badge after its version: a 117th blind round read "2.4.0Latest").
    const gapBefore = descend && display.startsWith("inline") && setApart(el, cs, fs, "Left");
    out.push((startsLine || gapBefore ? " " : "") + open + " " + ATTR + '="' + i + '">');
    if (other) {  // the frame's own walk is spliced in here
      out.push("<!--psframe:" + (cross.length - 1) + "-->", "</div>");
      continue;
    }
    if (VOID.has(tag) && !frameDoc) continue;
    if (RAW.has(tag)) {  // raw text, as outerHTML gives it; a script's or style's "</" cannot end it early
      const text = el.textContent;
      out.push(SCRIPTLIKE.has(tag) ? text.replace(/<\//g, "<\\/") : tag === "noscript" ? balanced(text) : text,
               "</" + tag + ">");
      continue;
    }
    // A box that is not inline (a block, a grid or flex item: their display is blockified, a row's cells
    // written without a space between them) ends a run of words, as the reader sees it: a space after it. So does
    // an inline box set apart from what follows it by its own right margin, padding or border, with no space
    // between them in the DOM (a section's number badge before its heading, a promo's "Related" label before its
    // link: a 107th blind round read "1It starts with" and "RelatedNurses to vote").
    // So does an inline block wider than its text, a word right after it (a timeline's year in a box of fixed width
    // before its event: a 147th blind round read "1876The cattle market opens").
    const gapAfter = descend && display.startsWith("inline") && (setApart(el, cs, fs, "Right")
      || display === "inline-block" && wordBeside(el, "Right") && roomAfter(el, x + w - ctx.dx, fs));
    tasks.push("</" + outTag + (blockish || gapAfter ? "> " : ">"));
    if (!descend) {  // unseen: serialised as it is, never measured
      out.push(el.innerHTML);
      continue;
    }
    if (frameDoc) {
      const fw0 = frameDoc.defaultView;
      fw0.scrollTo(0, 0);
      const f = frames[frames.length - 1];
      const fctx = {win: fw0, dx: f.cx, dy: f.cy, depth: ctx.depth + 1, controlled: withControls(fw0)};
      pushChildren(frameDoc.body.childNodes, i, fctx);
      continue;
    }
    const shadow = rootOf(el, ctx);
    if (shadow) shadowRoots++;
    // What a closed <details> holds past its summary is a panel one click away, in the box of the details;
    // so is what the element of a disclosure widget inside it hides (Docusaurus's: display none, height 0).
    const closed = tag === "details" && !el.open && descend && !ctx.panel && content(el)
      ? {...ctx, details: true, panel: [x, y, w, h]} : null;
    pushChildren((shadow || el).childNodes, i, panelCtx || closed || unveil || ctx);
  }
  // An element is shown when it or anything under it is visible (children come after their
  // parent in id order, so one backward pass folds them up).
  for (let i = X.length - 1; i >= 0; i--) {
    if (FLAGS[i] & 1) FLAGS[i] |= 2;
    if (FLAGS[i] & 2 && PARENT[i] >= 0) FLAGS[PARENT[i]] |= 2;
  }
  Object.defineProperty(window, "__pagesightCross", {value: cross, configurable: true});
  return JSON.stringify({
    x: X, y: Y, w: W, h: H, flags: FLAGS, pos: POSC, fs: FS, fw: FW, color: COL, bg: BG, parent: PARENT,
    strings, pageW, pageH, vw, vh, dsf: window.devicePixelRatio,
    url: location.href, title: document.title, charset: document.characterSet,
    html: (sub ? "" : "<!DOCTYPE html>") + out.join(""), frames, shadowRoots, closedRead, capped,
  });
}
