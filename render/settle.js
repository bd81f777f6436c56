async (o) => {
  const t0 = performance.now();
  // Time the caller needs to read what is rendered, per element, comes off the wait (READ_MS_PER_ELEMENT).
  const reading = Math.max(document.getElementsByTagName("*").length * o.readMsPerElement - o.readGraceMs, 0);
  const deadline = t0 + Math.max(o.budgetMs - reading, 0);
  const net = window.__pagesightNet || {inflight: 0, started: 0, last: 0, timers: new Map(), lastChange: 0};
  const frame = net.frame || (() => new Promise((ok) => requestAnimationFrame(() => ok())));
  const sleep = net.sleep || ((ms) => new Promise((ok) => setTimeout(ok, ms)));
  // the shadow roots the page attached (quiet_page.js records them) whose host is still on the page
  const liveRoots = () => (net.roots || []).filter((root) => root.host.isConnected);
  const views = () => {  // this window and its frames of this origin, those inside shadow roots too
    const all = [window];
    const add = (w) => {
      try { if (w && w.__pagesightNet && !all.includes(w)) all.push(w); } catch (e) { /* another origin */ }
    };
    for (let k = 0; k < window.frames.length; k++) add(window.frames[k]);
    for (const root of liveRoots()) for (const f of root.querySelectorAll("iframe")) add(f.contentWindow);
    return all;
  };
  const shows = (el) => {
    if (!el.checkVisibility({opacityProperty: true, visibilityProperty: true})) return false;
    const r = el.getBoundingClientRect();
    return r.width * r.height > 0;
  };
  const stale = new Set();  // placeholders given up on: not waited for again after a scroll step
  const emptyMain = () => {  // the main region when it is still (nearly) empty (an app's root), else null
    const main = document.querySelector(o.mainRegion);
    if (!main) return null;
    // its text, without what its scripts and styles hold (an app's data, inlined as JSON, is no content yet)
    let chars = main.textContent.trim().length;
    for (const s of main.querySelectorAll("script, style, template")) chars -= s.textContent.length;
    return chars < o.mainEmptyChars ? main : null;
  };
  const placeholders = (dynamic) => {  // the loading placeholders showing now
    const main = emptyMain(), bare = !!main;
    if (bare && /^\s*(loading|please wait)\b[\s.…]*$/i.test(main.textContent) && !stale.has(main)) return [main];
    const least = o.minArea * window.innerWidth * window.innerHeight;
    const found = [];
    for (const el of document.querySelectorAll(o.placeholders)) {
      if (stale.has(el) || !shows(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.width * r.height < least && !(bare && main.contains(el))) continue;
      // A spinner or loader that neither moves nor says it is loading is left over, not busy;
      // and on a page whose scripts have done nothing since it loaded, only an explicit
      // aria-busy is believed (a widget's "Loading ..." left by blocked scripts is not).
      if (el.getAttribute("aria-busy") === "true") { found.push(el); continue; }
      if (!dynamic) continue;
      const active = /skeleton|shimmer|placeholder/i.test(el.getAttribute("class") || "")
        || /loading|please wait/i.test(el.textContent) || el.getAnimations({subtree: true}).length > 0;
      if (active) found.push(el);
    }
    return found;
  };
  const empty = () => {  // nothing readable yet: an app whose first render may still be queued
    const b = document.body;
    return !b || b.textContent.length < o.emptyChars || b.innerText.trim().length < o.emptyChars;
  };
  const beyond = (timers, now, end) => {  // ``timers`` without those that cannot fire within the cap
    for (const [id, due] of timers) {
      if (due - now > end - performance.now()) timers.delete(id);
    }
    return timers;
  };
  // A meta refresh that sends the page on to another address: when it is due (the browser follows it, and
  // the page it leads to is read in its turn); Infinity for none, or for one that reloads the page itself.
  const refreshDue = () => {
    const meta = document.querySelector('meta[http-equiv="refresh" i]');
    const found = meta && /^\s*(\d+)[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?["']?\s*([^"'\s][^"']*?)["']?\s*$/i
      .exec(meta.content || "");
    if (!found) return Infinity;
    let target;
    try { target = new URL(found[2], location.href); } catch (e) { return Infinity; }
    if (target.href.split("#")[0] === location.href.split("#")[0]) return Infinity;
    const nav = performance.getEntriesByType("navigation")[0];  // the delay runs from the page's load
    return (nav && nav.loadEventEnd > 0 ? nav.loadEventEnd : performance.now()) + 1000 * Number(found[1]);
  };
  // A target the page has just begun to watch, not yet reported to its observer (IO_REPORT_MS); waited for
  // ioReportMs at most in a row, as a page making observers anew at every frame would always have one.
  let watchedFrom = null;
  const unreported = (n, now) => {
    for (const [t, at] of n.unreported || []) {
      if (!t.isConnected || now - at >= o.ioReportMs) continue;
      if (watchedFrom === null) watchedFrom = performance.now();
      return performance.now() - watchedFrom < o.ioReportMs;
    }
    watchedFrom = null;
    return false;
  };
  // A lazy frame of this origin near enough to the screen for the browser to load it (within
  // ``lazyFrameMargin`` px below it), still showing its first blank document: it loads once the page has,
  // and its story came after the page was read in one render of two (a sixth blind round). Not one that is not
  // rendered (in a closed accordion's panel: the browser does not load it, and a 109th blind round's map waited
  // out the settling's bound, a closed panel's box being at the top of the screen).
  const lazyFrame = () => {
    for (const f of document.querySelectorAll('iframe[loading="lazy"]')) {
      try {
        if (!/^https?:/.test(f.src) || !f.getClientRects().length
            || f.getBoundingClientRect().top > window.innerHeight + o.lazyFrameMargin) continue;
        const d = f.contentDocument;
        if (d && d.URL === "about:blank" && f.src !== "about:blank") return true;
      } catch (e) { /* another origin's: not ours to wait for here */ }
    }
    return false;
  };
  const modules = !!document.querySelector("script[type=module]");
  const busy = (end) => {  // what is still going on, or null
    if (refreshDue() <= end) return "navigation";
    if (performance.now() - t0 < o.domQuietMs && document.scripts.length && empty()) return "changes";
    // A module the page's modules asked for by import() is counted from the browser's events, which
    // reach the page a moment after the request began: a page of modules gives them that moment, from
    // the start and from each scroll step or press (an island hydrated once on screen); any page, from a
    // scroll step its observers reported (Qwik's loader, a classic script, imports an island's code then),
    // and from a press or a choice (a click handler a classic script delegates imports its code: a 24th round).
    const asked = modules ? Math.max(t0, net.rhythmFrom || -Infinity)
      : Math.max(net.reportedAt || -Infinity, net.pressedAt || -Infinity);
    if (performance.now() - asked < o.reportMs) return "requests";
    let dynamic = false;
    for (const w of views()) {
      const n = w.__pagesightNet, now = w.performance.now();
      if (n.inflight + (n.outside || 0) > 0 || n.started && now - n.last < o.quietMs) return "requests";
      if (now - (n.outsideAt || -Infinity) < o.quietMs) return "requests";  // a module just loaded runs now
      if (beyond(n.timers, now, end).size) return "timers";
      if (unreported(n, now)) return "observers";
      for (const due of n.channels ? n.channels.values() : []) if (due > now) return "requests";
      // Content coming in steps (a worker's messages, an animation loop, a stream): the next step is
      // waited for as long as the last gap between steps, and half as long again, when that gap is short.
      const gap = n.prevChange >= (n.rhythmFrom || -Infinity) ? n.lastChange - n.prevChange : Infinity;
      const quiet = gap <= o.rhythmMaxMs ? Math.max(o.domQuietMs, o.rhythmFactor * gap) : o.domQuietMs;
      if (now - n.lastChange < quiet) return "changes";
      // figures counting up in place (COUNT_GAP_MS, COUNT_MAX_MS): read at the end of the count
      if (now - n.figureAt < o.countGapMs && now - n.countFrom < o.countMaxMs) return "counting";
      dynamic = dynamic || n.dynamic;
    }
    const typedAt = performance.now();  // a typing, or a first letter whose next may come
    if (typedAt - (net.typing || -Infinity) < o.typingQuietMs) return "typing";
    if (typedAt - (net.grew || -Infinity) < o.letterQuietMs) return "typing";
    if (fading()) return "animations";
    if (document.scripts.length && placeholders(dynamic).length) return "placeholders";
    if (lazyFrame()) return "requests";
    return unshown(end);
  };
  // Text a script is still fading in (GSAP, anime.js: letters and words split by SplitType or Splitting.js, each
  // its inline opacity stepped every frame; a 33rd blind round read them at 0): elements with text under an
  // inline opacity below 1 whose opacities changed within fadeQuietMs. One that has stopped (waiting for a scroll)
  // is not waited for.
  let fadeKey = "", fadeAt = -Infinity;
  const fading = () => {
    let n = 0, sum = 0;
    for (const el of document.querySelectorAll('[style*="opacity"]')) {
      const v = parseFloat(el.style.opacity);
      if (v < 1 && el.firstChild && /\S/.test(el.textContent)) { n++; sum += v; }
    }
    const key = `${n}:${sum.toFixed(3)}`, now = performance.now();
    if (key !== fadeKey) { fadeKey = key; fadeAt = now; }
    return n > 0 && now - fadeAt < o.fadeQuietMs;
  };
  // A page that has not shown its content yet also waits for what a page with content is not waited
  // for: any timer that can fire within the cap, a repeating timer (a poller), a worker yet to answer;
  // and, after its scripts last did something (a timer ran, a request ended, a change), for graceMs,
  // as for a placeholder.
  const unshown = (end) => {
    const n = net, now = performance.now();
    if (!n.later || !document.scripts.length) return null;
    let what = beyond(n.later, now, end).size || n.intervals.size ? "timers" : n.workers > 0 ? "workers" : null;
    if (!what && now - Math.max(n.lastFire, n.started ? n.last : -Infinity, n.lastChange) < o.graceMs) what = "changes";
    return what && unfilled() ? what : null;
  };
  const hosts = (el) => {  // elements under el with a shadow root (their text is not in its textContent)
    const closed = window.__pagesightShadow;
    for (const e of el.getElementsByTagName("*")) if (e.shadowRoot || closed && closed.has(e)) return true;
    return false;
  };
  // a frame under el as large as a frame read as content (a job board's posting embedded from its own site)
  const framed = (el) => [...el.querySelectorAll("iframe, object, embed")].some((f) => {
    const r = f.getBoundingClientRect(), vw = window.innerWidth, vh = window.innerHeight;
    return r.width >= o.frameMinWidth * vw && r.height >= o.frameMinHeight * vh
      && r.width * r.height >= o.frameMinArea * vw * vh;
  });
  const unfilled = () => {  // nothing readable at all, or a main region (nearly) empty on a page of little text
    if (empty()) return !document.body || !framed(document.body);
    const main = emptyMain();
    return !!main && !hosts(main) && !framed(main) && document.body.innerText.length < o.shellChars;
  };
  let cap = 0;  // how long the last settling that ended with something pending could wait (ms)
  // ``longer``: a page that has not shown its content yet is waited for up to shellMaxMs, not maxMs (an API
  // slow to answer, or answering after retries); once it shows its content past maxMs, it is given graceMs
  // more to finish drawing it.
  const settle = async (longer = false) => {
    const start = performance.now();
    let shell = longer && o.shellMaxMs > o.maxMs && unfilled();
    let end = Math.min(start + (shell ? o.shellMaxMs : o.maxMs), deadline);
    let other = start;  // when something other than a placeholder was last pending
    for (;;) {
      const what = busy(end);
      if (!what) return null;
      const now = performance.now();
      cap = end - start;
      if (what !== "placeholders") other = now;
      else if (now - other >= o.graceMs) {
        for (const el of placeholders(true)) stale.add(el);
        return what;
      }
      // a page typing its intro out is waited for as a page showing nothing yet is (the article follows it); so is
      // one still reading a stream that delivered a chunk lately (NDJSON paragraphs 0.9 s apart: a 32nd blind round)
      const streaming = what === "requests" && now - (net.chunkAt || -Infinity) < o.streamGapMs;
      if (now >= end && (streaming || now - (net.typing || -Infinity) < o.typingQuietMs) && o.shellMaxMs > o.maxMs) {
        end = Math.max(end, Math.min(start + o.shellMaxMs, deadline));
      }
      if (now >= end || net.stop) return what;
      if (shell && now >= start + o.maxMs && !unfilled()) {
        shell = false;
        end = Math.min(now + o.graceMs, end);
      }
      await sleep(20);
    }
  };
  // The longer wait comes after a reader's first moves on a page waiting for them (it may be busy meanwhile).
  const waitsForReader = () => o.interact && net.interacts && !net.stop;
  let pending = await settle(!waitsForReader());
  // Only a page that has not shown its content: on wcxb_dev, a page already showing its article (0500)
  // had scripts, loaded by these moves, that sent it elsewhere.
  if (waitsForReader() && unfilled()) {  // waiting for a reader (INTERACTION_EVENTS)
    const at = document.body || document.documentElement, x = window.innerWidth / 2, y = window.innerHeight / 2;
    const moves = [new KeyboardEvent("keydown", {key: "Shift", code: "ShiftLeft", bubbles: true}),
                   new KeyboardEvent("keyup", {key: "Shift", code: "ShiftLeft", bubbles: true}),
                   new PointerEvent("pointermove", {clientX: x, clientY: y, bubbles: true}),
                   new MouseEvent("mousemove", {clientX: x, clientY: y, bubbles: true}),
                   new MouseEvent("mouseover", {clientX: x, clientY: y, bubbles: true}),
                   new WheelEvent("wheel", {deltaY: 0, clientX: x, clientY: y, bubbles: true})];
    for (const e of moves) at.dispatchEvent(e);
    await frame();
    pending = await settle(true);
  }
  const listens = () => net.scrolls || window.onscroll || document.onscroll
    || (document.body && document.body.onscroll);
  const height = () => Math.max(document.documentElement ? document.documentElement.scrollHeight : 0,
                                 document.body ? document.body.scrollHeight : 0);
  const below = () => {  // the nearest watched element below the viewport and its page y, or null
    let best = null, nearest = null;
    for (const t of net.observed || []) {
      if (!t.isConnected) continue;
      const top = t.getBoundingClientRect().top;
      if (top >= window.innerHeight && (best === null || top < best)) { best = top; nearest = t; }
    }
    return best === null ? null : [best + window.scrollY, nearest];
  };
  // What a scroll or a press sets off is new work: not a loop's next step, nor part of the rhythm of the
  // changes before it (a virtualised list redrawn at each step is not content coming in steps).
  const anew = () => {
    if (net.repeats) net.repeats.clear();
    if (net.rearm) net.rearm();
    net.rhythmFrom = performance.now();
  };
  const panes = new Map();  // scrolling boxes moved to bring an element into view -> their first scrollTop
  const step = async (top, watched, el) => {  // false when the page cannot scroll there
    const before = window.scrollY, calls = net.ioCalls || 0;
    anew();
    window.scrollTo({left: 0, top, behavior: "instant"});
    if (window.scrollY === before) {
      // The window does not scroll there: the element is in a scrolling pane (an application's layout,
      // the window itself fixed), which is scrolled instead.
      if (!el) return false;
      const at = el.getBoundingClientRect().top;
      for (let box = el.parentElement; box; box = box.parentElement) {
        if (box.scrollHeight > box.clientHeight + 1 && !panes.has(box)) panes.set(box, box.scrollTop);
      }
      el.scrollIntoView({block: "center", inline: "nearest", behavior: "instant"});
      if (el.getBoundingClientRect().top === at) return false;
    }
    await afterStep(calls, watched);
    return !movedOn();
  };
  const afterStep = async (calls, watched) => {  // after a scroll step (``calls``: the observers' reports before it)
    steps++;
    await frame();
    await frame();  // intersection observers report in a task after the first frame's update
    // A watched element came into view: its observer reports, if late (a loaded machine), soon.
    for (let k = 0; watched && (net.ioCalls || 0) === calls && k < o.ioFrames; k++) await frame();
    if ((net.ioCalls || 0) !== calls) net.reportedAt = performance.now();
    if (net.lift) net.lift();
    pending = await settle();
  };
  let steps = 0, bound = null, moved = false;
  let pressedAway = false;  // whether a press gave the page another address (tabs and pagers that push their state)
  // A page whose address moves on to another path as it is scrolled (a news site's continuous scroll
  // appending the next article, an infinite list paging its address) has gone on to other documents:
  // what was added from the first scroll step on is taken out again, and the address put back.
  let path0 = location.pathname;
  const href0 = location.href;
  if (net.flush) { net.flush(); net.adds = []; }
  // A page whose <title> names the <h1> it holds before any reader's step is that article's page; what a step adds
  // under an <h1> of its own, without that one, is another article (a blog post's page appending the older posts
  // in full as it is scrolled, its address unchanged: a 41st blind round), taken out at the end as when the
  // address moves on.
  const squeeze = (t) => (t || "").replace(/\s+/g, " ").trim().toLowerCase();
  const title0 = squeeze(document.title);
  const named = (h) => { const t = squeeze(h.textContent); return t.length >= o.headlineMinChars && title0.includes(t); };
  const titled = [...document.querySelectorAll("h1")].some(named);
  const otherArticle = (n) => n.nodeType === 1 && n.isConnected
    && (n.localName === "h1" ? !named(n) : !!n.querySelector("h1") && ![...n.querySelectorAll("h1")].some(named));
  let others = 0;
  const movedOn = () => (moved = moved || location.pathname !== path0);
  // Buttons a reader may press without leaving the page: not a link (one that goes nowhere, "#" or
  // "javascript:", is a button its script answers: "Continue reading"), not inside one, not disabled, not
  // one that submits a form.
  // A link that its page's framework declares it answers in place is such a button too: one in a Turbo frame
  // (not aimed at the whole page), or marked for Turbo, htmx, Rails UJS or Unpoly to fetch into the page.
  const IN_PLACE = 'turbo-frame a[href]:not([target]):not([data-turbo-frame="_top"]), a[data-turbo-frame]'
    + ':not([data-turbo-frame="_top"]), a[data-turbo-stream], a[hx-get], a[data-hx-get], a[data-remote="true"], '
    + 'a[up-target], a[data-pjax]';
  const BUTTONS = 'button, [role="button"], a[href="#"], a[href^="javascript:"], ' + IN_PLACE;
  const inPlace = (el) => el.tagName === "A" && !/^(#|javascript:)/i.test(el.getAttribute("href") || "");
  // A link aimed at another browsing context (a new tab, a named window, or from a frame the page around it:
  // "Read more on <partner>" with ``target="_top"`` in an embed, a 35th blind round) leaves this one, whatever
  // its address says.
  const elsewhere = (el) => {
    const aim = el.tagName === "A" ? (el.getAttribute("target") || "").trim().toLowerCase() : "";
    return !!aim && aim !== "_self" && (!["_top", "_parent"].includes(aim) || window !== window.top);
  };
  // A pager's links to this page's own address, with another query or none ("?page=2", and "1" at the thread's own
  // address), its app drawing each page in place (a router's link: the click answered, the address pushed): read like
  // buttons, pressed under press()'s guard, so a link no script answers leaves the page where it is and the reading
  // stops there (the 125th, 127th and 132nd blind rounds paged their reviews, search results and thread so). Another
  // path is another document (an app's "Part 2" of a series), not a page of this one.
  const queryLink = (el) => {
    if (el.localName !== "a" || !el.hasAttribute("href") || el.hasAttribute("download") || elsewhere(el)) return false;
    let to;
    try { to = new URL(el.href, location.href); } catch { return false; }  // an address no browser can go to
    return to.origin === location.origin && to.pathname === location.pathname && !to.hash
      && !(el.parentElement && el.parentElement.closest("a[href]"));
  };
  const pressable = (el) => !el.disabled && !(el.form && el.type !== "button")
    && !(inPlace(el) && !el.matches(IN_PLACE)) && !elsewhere(el)
    && !(el.parentElement && el.parentElement.closest("a[href]"));
  // A control's label: its text (an input button's value), else its aria-label.
  // A checkbox's: its labels' text (a CSS-only "Read the rest of the story" toggle: a 38th blind round).
  // A button in a shadow root showing what its host holds through a slot (Shoelace's <sl-button>: "Read Dawn's
  // story", a 63rd blind round) is labelled by what the slot shows.
  const slotted = (el) => [...el.querySelectorAll("slot")]
    .map((s) => s.assignedNodes({flatten: true}).map((n) => n.textContent).join("")).join(" ");
  const labelOf = (el) => (el.localName !== "input" ? el.textContent || ""
    : el.type === "checkbox" ? [...(el.labels || [])].map((l) => l.textContent).join(" ") : el.value).trim()
    || el.getAttribute("aria-label") || (el.getRootNode() instanceof ShadowRoot ? slotted(el).trim() : "");
  // A press as a reader makes it (for a tab, the pointer and mouse events before the click: Radix selects on
  // mousedown, and selecting twice is selecting once), then the page settled; true if it moved on elsewhere.
  // After a press or a choice: two frames for its handlers' first renders, then the page settled (``asked``
  // holds it for the report of an import the action set off).
  const settleAfterAction = async () => {
    net.pressedAt = performance.now();
    steps++;
    await frame();
    await frame();
    pending = await settle();
  };
  const press = async (el, whole = false) => {
    anew();
    for (const [Kind, type] of whole ? [[PointerEvent, "pointerdown"], [MouseEvent, "mousedown"],
                                        [PointerEvent, "pointerup"], [MouseEvent, "mouseup"]] : []) {
      el.dispatchEvent(new Kind(type, {bubbles: true, cancelable: true, composed: true, button: 0, view: window}));
    }
    // Such a link is followed only by its framework: were the click not answered, the page would not leave.
    // The guard is the window's last listener: set as the click passes the window on its way down, after
    // listeners the page sets there and then (Turbo's).
    const guard = (e) => { if (!e.defaultPrevented) e.preventDefault(); };
    const arm = () => addEventListener("click", guard);
    const guarded = inPlace(el);
    if (guarded) addEventListener("click", arm, true);
    const path = location.pathname, href = location.href;
    try {
      el.click();
    } finally {
      if (guarded) { removeEventListener("click", arm, true); removeEventListener("click", guard); }
    }
    await settleAfterAction();
    // A press the page answers in place by giving its address another path (a thread's pager, htmx's hx-push-url: a
    // 76th blind round's forum went to /page-2, and its posts were taken out as a continuous scroll's) is the page's
    // own router: the reading goes on there, and only a scroll that moves the address on is another document's.
    if (!moved && location.pathname !== path && document.body && document.body.isConnected) path0 = location.pathname;
    pressedAway = pressedAway || location.href !== href;
    return movedOn();
  };
  // A wall over the page (a consent or cookie screen: an element fixed over at least ``wallShare`` of the
  // viewport, on top of it) is accepted as a reader accepts it, once: its button labelled as consent
  // (``consentPattern``) is pressed and the page settled, since a page may only then fetch its article (a
  // ninth blind round). A bar along an edge of the screen is no wall, and is left as it is.
  const up = (el) => el.parentElement || (el.parentNode && el.parentNode.host) || null;  // out of a shadow root too
  // A backdrop drawn as an element's ::before or ::after, fixed over the screen (vanilla-cookieconsent's with
  // page interaction disabled: a 28th blind round): the point hits the element, whose own box may be empty.
  const backdrop = (el, w, h) => ["::before", "::after"].some((pseudo) => {
    const cs = getComputedStyle(el, pseudo);
    return cs.content !== "none" && cs.position === "fixed"
      && Math.min(parseFloat(cs.width) || 0, w) * Math.min(parseFloat(cs.height) || 0, h) >= o.wallShare * w * h;
  });
  const wallHosts = [];  // shadow roots met on the way to the wall (a consent tool's screen in one: Usercentrics)
  const wall = () => {
    const w = window.innerWidth, h = window.innerHeight;
    for (const [fx, fy] of [[0.5, 0.5], [0.3, 0.3], [0.7, 0.7]]) {
      let el = document.elementFromPoint(w * fx, h * fy);
      while (el && el.shadowRoot) {
        const inner = el.shadowRoot.elementFromPoint(w * fx, h * fy);
        if (!inner || inner === el) break;
        wallHosts.push(el);
        el = inner;
      }
      for (; el && el !== document.body && el !== document.documentElement; el = up(el)) {
        if (backdrop(el, w, h)) return el;
        if (getComputedStyle(el).position !== "fixed") continue;
        const r = el.getBoundingClientRect();
        const area = Math.max(Math.min(r.right, w) - Math.max(r.left, 0), 0)
          * Math.max(Math.min(r.bottom, h) - Math.max(r.top, 0), 0);
        if (area >= o.wallShare * w * h) return el;
      }
    }
    return null;
  };
  const consent = new RegExp(o.consentPattern, "i");
  const overlaid = (el) => {  // what holds el fixed on the screen, or the dialog it is in; or null
    for (let a = el; a && a !== document.body; a = up(a)) {
      if (a.localName === "dialog" || a.getAttribute("role") === "dialog" || a.getAttribute("aria-modal") === "true"
          || getComputedStyle(a).position === "fixed") return a;
    }
    return null;
  };
  // the wall's accept button: in the wall first (a cookie bar's "OK" may come before it in the page), then in
  // what else is fixed on the screen or a dialog (a consent box above a backdrop of its own); an age gate's "Yes"
  // where the wall asks for an age (``ageQuestionPattern``)
  const ageYes = new RegExp(o.ageYesPattern, "i"), ageQuestion = new RegExp(o.ageQuestionPattern, "i");
  // A page's content waiting for its cookie bar (``inFlow``) takes the bar's button where the bar sits in the page's
  // flow too (GOV.UK's banner above the header, "Accept additional cookies": a 169th blind round's transcript): a
  // box around the button, ``consentBarLevels`` up at most and of ``consentBarMaxChars`` at most, speaks of cookies.
  const cookieWord = /\bcookies?\b/i;
  const cookieBar = (el) => {
    let a = el;
    for (let k = 0; k < o.consentBarLevels && a && a !== document.body; k += 1, a = up(a)) {
      if (a.textContent.length > o.consentBarMaxChars) break;
      if (cookieWord.test(a.textContent)) return a;
    }
    return null;
  };
  const acceptButton = (walled, inFlow = false) => {
    const asks = (box) => !!box && ageQuestion.test(box.textContent.replace(/\s+/g, " "));
    for (const root of [walled, ...wallHosts.map((host) => host.shadowRoot), document]) {
      for (const el of root.querySelectorAll(`${BUTTONS}, input[type="button"]`)) {
        if (!pressable(el)) continue;
        const label = labelOf(el);
        const box = label.length <= o.consentMaxChars && shows(el) && (overlaid(el) || inFlow && cookieBar(el));
        if (box && (consent.test(label) || ageYes.test(label) && (asks(walled) || asks(box)))) return el;
      }
    }
    return null;
  };
  let walled = o.interact && o.pressConsent && !net.stop && performance.now() < deadline ? wall() : null;
  // A consent screen still to fade in (vanilla-cookieconsent shows its backdrop a moment after the page has
  // settled: a 28th blind round's wall was seen in 2 renders of 5): while a button labelled as consent is on the
  // page but not shown yet, the wall is looked for again at each frame, for wallShowMs at most.
  const consentToCome = () => [...document.querySelectorAll(BUTTONS)].some((el) => {
    const label = labelOf(el);
    return label.length <= o.consentMaxChars && consent.test(label) && !shows(el);
  });
  if (!walled && o.interact && o.pressConsent && !net.stop && consentToCome()) {
    for (const until = performance.now() + o.wallShowMs; !walled && performance.now() < until;) {
      await frame();
      walled = wall();
    }
  }
  // A bar, no wall, whose acceptance the page's own content waits for: a short box in the page, not overlaid, asking
  // for cookies to be accepted to see it ("Accept cookies to view and book events.": a 167th blind round's timetable,
  // provided by a third party, never loaded). Its button labelled as consent is pressed as a reader would, to see it.
  const gated = new RegExp(o.consentGatePattern, "i");
  const gatedByConsent = () => [...document.body.querySelectorAll("p, div, span, section")].some((el) =>
    el.childElementCount <= 3 && el.textContent.length <= o.consentGateMaxChars && gated.test(el.textContent)
    && shows(el) && !overlaid(el));
  const accept = walled ? acceptButton(walled)
    : o.interact && o.pressConsent && !net.stop && document.body && gatedByConsent() ? acceptButton(document.body, true)
      : null;
  if (accept) await press(accept);
  // A wall that is a frame (a consent tool's, of another origin: Sourcepoint's) holds its button out of this
  // page's reach: the frame is marked for the caller, who presses the button in it and settles the page again.
  const wallFrame = !walled || accept ? null
    : walled.localName === "iframe" ? walled : walled.querySelector("iframe");
  if (wallFrame) wallFrame.setAttribute(o.wallMark, "");
  // Elements watched for intersection (lazy sections, the sentinel of an infinite list) are
  // brought into view one after the other, settling after each: stretches nothing watches
  // are skipped, and the same page gives the same text run after run.
  const toWatched = async () => {
    while (!net.stop && !moved) {
      const next = below();
      if (next === null) break;
      const [y, el] = next;
      if (performance.now() >= deadline) { bound = "time"; break; }
      if (steps >= o.steps) { bound = "steps"; break; }
      if (y >= o.maxHeight) { bound = "height"; break; }
      if (!await step(Math.max(y - window.innerHeight / 2, 0), true, el)) break;
    }
  };
  await toWatched();
  // Watched elements shown only once a disclosure opened, never in view since (htmx's `intersect once` table in an
  // accordion's panel: a 113th blind round's refund times stayed "Loading…", the scrolling long done): each is
  // scrolled to, once, in ``scope`` (a panel open only until the next opens). Not one beside the screen (a
  // carousel's slide), which no vertical scroll brings into view.
  const reached = new Set();
  const reachWatched = async (scope = document) => {
    while (!bound && !net.stop && !moved && net.seenIn) {
      const el = [...net.observed].find((t) => {
        if (reached.has(t) || !t.isConnected || net.seenIn.has(t) || !shows(t)) return false;
        const r = t.getBoundingClientRect();
        return (scope === document || scope.contains(t)) && r.right > 0 && r.left < window.innerWidth;
      });
      if (!el) break;
      reached.add(el);
      if (performance.now() >= deadline) { bound = "time"; break; }
      if (steps >= o.steps) { bound = "steps"; break; }
      const y = el.getBoundingClientRect().top + window.scrollY;
      if (y >= o.maxHeight || !await step(Math.max(y - window.innerHeight / 2, 0), true, el)) break;
    }
  };
  // A closed panel on the page (read as it is, hidden) holding a watched element never in view (htmx's `intersect
  // once` table in a hidden accordion panel: a 113th blind round's refund times, read as "Loading…") is opened as a
  // reader opens it, by the collapsed button that names it outside the page's chrome, and the element brought into
  // view.
  const openForWatched = async () => {
    for (const t of [...(net.observed || [])]) {
      if (bound || net.stop || moved || performance.now() >= deadline || steps >= o.steps || !net.seenIn) break;
      if (!t.isConnected || net.seenIn.has(t) || reached.has(t) || shows(t)) continue;
      const root = t.getRootNode();
      for (let panel = t.parentElement; panel; panel = panel.parentElement) {
        const button = panel.id && root.querySelector(`[aria-controls~="${CSS.escape(panel.id)}"][aria-expanded="false"]`);
        if (!button) continue;
        if (pressable(button) && !button.closest(o.chrome) && !await press(button) && shows(t)) await reachWatched(panel);
        break;
      }
    }
  };
  // A watched box taller than the viewport, whose observer asks to see it whole, is scrolled to fill it.
  for (const el of net.tall ? net.tall() : []) {
    if (net.stop || moved || !el.isConnected) continue;
    if (performance.now() >= deadline) { bound = "time"; break; }
    if (steps >= o.steps) { bound = "steps"; break; }
    const y = el.getBoundingClientRect().top + window.scrollY;
    if (y >= o.maxHeight) { bound = "height"; break; }
    if (!await step(Math.max(y, 0), true, el)) break;
  }
  // A watched element the screen can show enough of for its observer's threshold, that it has not been
  // reported in view as far as that (half of a section taller than half the screen: centred, or with
  // its top half below the fold, it never is): scrolled to its top, once each (an eighth blind round).
  const tops = new Set();
  for (;;) {
    if (bound || net.stop || moved) break;
    const el = (net.short ? net.short() : []).find((t) => !tops.has(t) && t.getBoundingClientRect().height > 0);
    if (!el) break;
    tops.add(el);
    if (performance.now() >= deadline) { bound = "time"; break; }
    if (steps >= o.steps) { bound = "steps"; break; }
    const y = el.getBoundingClientRect().top + window.scrollY;
    if (y >= o.maxHeight) { bound = "height"; break; }
    if (!await step(Math.max(y, 0), true, el)) break;
  }
  // A watched element past the edge of a box a reader scrolls (overflow auto or scroll) that is itself in
  // view: a rail of cards whose sentinel, watched by an observer rooted in the rail, asks for the next
  // cards (a seventh blind round, 2026-11-29). The box is scrolled to it, settling after each step, while
  // the element moves on; each box is put back where it was at the end.
  const beyondBox = () => {  // [element, its box], or null
    for (const t of net.observed || []) {
      if (!t.isConnected) continue;
      const r = t.getBoundingClientRect();
      for (let box = t.parentElement; box && box !== document.body && box !== document.documentElement;
           box = box.parentElement) {
        const wide = box.scrollWidth > box.clientWidth + 1, tall = box.scrollHeight > box.clientHeight + 1;
        if (!wide && !tall) continue;
        const cs = getComputedStyle(box), b = box.getBoundingClientRect();
        const user = (v) => v === "auto" || v === "scroll";
        const shown = b.bottom > 0 && b.top < window.innerHeight && b.right > 0 && b.left < window.innerWidth;
        if (shown && (wide && user(cs.overflowX) && r.left >= b.left + box.clientWidth
                      || tall && user(cs.overflowY) && r.top >= b.top + box.clientHeight)) return [t, box];
        break;
      }
    }
    return null;
  };
  const boxes = new Map();  // boxes scrolled to a watched element -> [their first scrollLeft, scrollTop]
  for (let next = beyondBox(); next && !bound && !net.stop && !moved; next = beyondBox()) {
    const [el, box] = next;
    if (performance.now() >= deadline) { bound = "time"; break; }
    if (steps >= o.steps) { bound = "steps"; break; }
    if (!boxes.has(box)) boxes.set(box, [box.scrollLeft, box.scrollTop]);
    const at = el.getBoundingClientRect(), calls = net.ioCalls || 0;
    anew();
    el.scrollIntoView({block: "nearest", inline: "nearest", behavior: "instant"});
    const now = el.getBoundingClientRect();
    if (now.left === at.left && now.top === at.top) break;
    await afterStep(calls, true);
    if (movedOn()) break;
  }
  // A page that listens to scrolling is taken to the bottom until the bottom stays put. A loading placeholder
  // below the screen on the way is brought into view first, settling there: a section a scroll handler fills
  // when it is on screen (htmx 1.x's ``revealed`` checks the window's scroll position, not an observer: a
  // report's middle chapters, skipped by a jump to the bottom, stayed empty in a 67th blind round). One that
  // stays a placeholder once seen ends the visits (skeletons that never fill cost one settle, not one each).
  const visited = new Set();
  let visiting = true;
  // Busy: aria-busy, a skeleton's class, a "Loading…" line, or a placeholder holding no text (htmx 2's ``revealed``
  // section holding an empty "loading-block": a 77th blind round); or an htmx ``revealed`` section still (nearly) empty.
  const REVEALED = '[hx-trigger*="revealed"], [data-hx-trigger*="revealed"]';
  const busyBox = (el) => el.matches(REVEALED) ? el.textContent.trim().length < o.mainEmptyChars
    : el.getAttribute("aria-busy") === "true" || /skeleton|shimmer|placeholder/i.test(el.getAttribute("class") || "")
      || /^\s*(loading|please wait)\b/i.test(el.textContent) || !el.textContent.trim();
  const placeholderBelow = (limit) => {  // the nearest busy placeholder below the screen and its page y, or null
    let best = null, nearest = null;
    const least = o.minArea * window.innerWidth * window.innerHeight;
    for (const el of document.querySelectorAll(`${o.placeholders}, ${REVEALED}`)) {
      if (visited.has(el) || !shows(el) || !busyBox(el)) continue;
      const r = el.getBoundingClientRect();
      // (an element that asks to be loaded once seen, htmx's "revealed", counts however small: a one-line "Loading
      // artist information…" below the fold was scrolled past, never seen, in a 103rd blind round)
      if (r.width * r.height < least && !el.matches(REVEALED) || r.top < window.innerHeight) continue;
      if (r.top + window.scrollY >= limit) continue;
      if (best === null || r.top < best) { best = r.top; nearest = el; }
    }
    return best === null ? null : [best + window.scrollY, nearest];
  };
  const toBottom = async () => {
    let bottomSeen = -1;
    visiting = true;
    while (!bound && !net.stop && !moved && listens()) {
      if (performance.now() >= deadline) { bound = "time"; break; }
      const h = height();
      if (window.scrollY + window.innerHeight >= h - 1) {
        if (h === bottomSeen) break;
        bottomSeen = h;
        await frame();
        await frame();
        pending = await settle();
        if (movedOn()) break;
      } else if (steps >= o.steps) {
        bound = "steps"; break;
      } else if (window.scrollY + window.innerHeight >= o.maxHeight) {
        bound = "height"; break;
      } else {
        const next = visiting ? placeholderBelow(Math.min(h, o.maxHeight)) : null;
        if (next) {
          const [y, el] = next;
          visited.add(el);
          if (!await step(Math.max(y - window.innerHeight / 2, 0), false, el)) break;
          // a poller's tick may come between the scroll and its event, and find nothing scrolled: one pixel more, once
          if (el.isConnected && busyBox(el) && !net.stop && !await step(window.scrollY + 1, false, el)) break;
          visiting = !(el.isConnected && shows(el) && busyBox(el));
        } else if (!await step(Math.min(h, o.maxHeight) - window.innerHeight, false)) {
          break;
        }
      }
    }
  };
  await toBottom();
  // Every finite CSS animation and transition finished (endless ones, spinners, left running), and what their
  // ends set off settled, its own animations finished in turn, for FINISH_ROUNDS at most.
  const finishAnimations = async () => {
    for (let round = 0; round < o.finishRounds && !net.stop; round++) {
      let finished = 0;
      for (const a of document.getAnimations ? document.getAnimations() : []) {
        try {
          // an animation run by scrolling (``animation-timeline: view()``: text faded in as it comes into view,
          // a 38th blind round) has no end in time: it is cancelled, and the text shows as its rule leaves it
          if (a.timeline && window.DocumentTimeline && !(a.timeline instanceof DocumentTimeline)) {
            a.cancel();
            finished++;
            continue;
          }
          const end = a.effect && a.effect.getComputedTiming().endTime;
          if (Number.isFinite(end) && a.playState !== "finished") { a.finish(); finished++; }
        } catch (e) { /* a cancelled animation */ }
      }
      if (!finished || performance.now() >= deadline) break;
      await frame();  // the animations' ends are promises: what they set off starts now
      pending = await settle();
    }
  };
  // A "Load more" (or "Read more") button is pressed as a reader presses it, settling after each press,
  // while the page grows, within the same bounds; one that only showed text already there, or brought
  // nothing, is not pressed again. A button not pressed yet goes first (the "Show more" a first press brought,
  // before that press's own button again). A press that took text away (the button was a toggle, now shut) is
  // undone by a second press. Only a button that cannot leave the page: not a link, not one that submits a
  // form. ``scope``: where to look for buttons (a tab's panel), the whole page by default.
  const more = new RegExp(o.morePattern, "i");
  const shown = new Set(), pressedOnce = new Set();
  // what matches in the page and in its shadow roots (a Lit element's accordion: a 26th blind round)
  const everywhere = (selector) => {
    const found = [...document.querySelectorAll(selector)];
    for (const root of liveRoots()) found.push(...root.querySelectorAll(selector));
    return found;
  };
  // a button that opens a dialog to show something of the page's (DIALOG_OPENER_PATTERN), outside its chrome
  const dialogOpener = new RegExp(o.dialogOpenerPattern, "i");
  const tool = new RegExp(o.toolPattern, "i");  // a label naming one of the site's tools (SITE_TOOL_PATTERN)
  const opener = (el, label) => el.getAttribute("aria-haspopup") === "dialog" && dialogOpener.test(label)
    && !el.closest(o.chrome);
  // a bare "More" that ends a text cut short (MORE_INLINE_PATTERN), not a menu's
  const moreInline = new RegExp(o.moreInlinePattern, "i");
  const endsText = (el, label) => moreInline.test(label) && !el.closest(o.chrome) && !!el.parentElement
    && el.parentElement.textContent.trim().length - label.length >= o.moreInlineMinChars;
  // A button that fetches with htmx into an empty place (``hx-get`` aimed at an element holding no text yet, or at
  // itself) on a click: a GET that only adds, a table of fees behind "Show out-of-hours fees" (a 130th blind round).
  // One aimed at a place with text (a filter redrawing its list) is not pressed: its choice would be the reader's.
  // (a tab is not one: the tabs' reader presses it; and the target may be inherited, as htmx inherits it: a 146th
  // blind round's programme tabs, aimed by their list at the programme they redrew with themselves in it, were
  // pressed as new "more" buttons for the whole budget)
  const htmxFetch = (el) => {
    const attr = (name, at = el) => (at.getAttribute(name) ?? at.getAttribute(`data-${name}`) ?? "").trim();
    const trigger = attr("hx-trigger");
    if (!attr("hx-get") || trigger && !/(^|[\s,])click\b/.test(trigger) || el.getAttribute("role") === "tab") {
      return false;
    }
    const aimer = el.closest("[hx-target], [data-hx-target]");
    const aim = aimer ? attr("hx-target", aimer) : "";
    if (!aim || aim === "this") return true;
    let target = null;
    try { target = el.getRootNode().querySelector(aim); } catch { return false; }
    return !!target && !target.textContent.trim();
  };
  const moreButton = (scope, pagers = true) => {
    let again = null;
    // on the whole page, in its shadow roots too (a Lit thread's "Show more replies": a 36th blind round)
    // and a checkbox not ticked yet that says so, which a style rule answers (``:has(:checked)``)
    const selector = `${BUTTONS}, input[type="checkbox"]:not(:checked)`;
    for (const el of scope === document ? everywhere(selector) : scope.querySelectorAll(selector)) {
      if (shown.has(el) || !pressable(el) || !pagers && saysNext(el)) continue;
      const label = labelOf(el);
      const box = el.type === "checkbox" && el.labels && el.labels[0];  // a styled toggle hides its input
      const showsMore = more.test(label) || opener(el, label) || endsText(el, label) || htmxFetch(el);
      if (label.length > o.moreMaxChars || !showsMore || !(shows(el) || box && shows(box))) continue;
      if (!pressedOnce.has(el)) return el;
      again = again || el;
    }
    return again;
  };
  // a dialog, or a popover opened by its button (the rest of a story: a 38th blind round), over the page; a dialog
  // may be a box of no size around what it shows, fixed over the page (USWDS's modal wrapper: a 43rd blind round); a
  // web component's dialog opened (Shoelace's <sl-dialog open>, its text slotted in: a 63rd blind round)
  // A side panel slid off the screen (translated by its width, aria-hidden) while shut is no open dialog: a 116th
  // blind round's Lit drawer of a pharmacy's services, in a shadow root, was on the page shut and open alike.
  const DIALOG_ELEMENT = /-(dialog|modal|drawer)$/;
  const DIALOGS = 'dialog[open], [role="dialog"], [aria-modal="true"], [popover], [open]';
  const onScreen = (el) => {
    if (!shows(el)) return false;
    const r = el.getBoundingClientRect();
    return r.right > 0 && r.left < window.innerWidth && r.bottom > 0 && r.top < window.innerHeight;
  };
  const openDialogs = () => everywhere(DIALOGS).filter((d) => (!d.matches("[popover]") || d.matches(":popover-open"))
      && (!d.matches("[open]") || d.localName === "dialog" || DIALOG_ELEMENT.test(d.localName))
      && d.getAttribute("aria-hidden") !== "true" && (onScreen(d) || [...d.children].some(onScreen)));
  // A copy whose same-origin frames are copied as what they show: a frame's copy would load its document anew once
  // put on the page, after the page was read or before (a 129th blind round's licence terms, in a frame in a tab
  // panel drawn only while its tab was chosen, were read in about half the renderings). ``pairs``: each frame of the
  // original and its copy, taken as the copy was made (the copy may be pruned since).
  const framePairs = (original, copy) => {
    const frames = [...original.querySelectorAll("iframe")], copied = [...copy.querySelectorAll("iframe")];
    return frames.length === copied.length ? frames.map((frame, k) => [frame, copied[k]]) : [];
  };
  const inlineFrames = (pairs, copy) => {
    for (const [frame, stand] of pairs) {
      let body = null;
      try { body = frame.contentDocument && frame.contentDocument.body; } catch { body = null; }
      if (!body || !body.textContent.trim() || !copy.contains(stand)) continue;
      const box = document.createElement("div");
      box.append(...[...body.childNodes].map((n) => document.importNode(n, true)));
      for (const el of box.querySelectorAll("script, style, link")) el.remove();
      stand.replaceWith(box);
    }
    return copy;
  };
  // A copy of what holds shadow roots is drawn from what a reader sees: each host's shadow tree in place of its
  // children, its slots filled with what they show, and a custom element as a plain box (its clone would draw itself
  // anew, empty: the properties it was drawn from are not copied). A docs page's code tabs, each sample a Lit element
  // in a tab panel inside another's shadow root, came out empty but for the first (a 160th blind round).
  const RAW_TAGS = new Set(["script", "style", "template", "noscript", "link"]);
  const shadowRootOf = (el) => el.shadowRoot || (window.__pagesightShadow ? window.__pagesightShadow.get(el) : null);
  const flatCopy = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE || RAW_TAGS.has(node.localName)) return null;
    const out = node.localName === "slot" ? document.createDocumentFragment()
      : node.localName.includes("-") || shadowRootOf(node) ? document.createElement("div") : node.cloneNode(false);
    const root = shadowRootOf(node), assigned = node.localName === "slot" ? node.assignedNodes({flatten: true}) : [];
    for (const child of root ? root.childNodes : assigned.length ? assigned : node.childNodes) {
      const copy = flatCopy(child);
      if (copy) out.append(copy);
    }
    return out;
  };
  // an element's text with its shadow roots' (a tab's panel whose sample is drawn in a component's shadow root)
  const deepText = (el) => {
    let text = el.textContent;
    const read = (node) => {
      for (const e of [node, ...node.querySelectorAll("*")]) {
        const root = e.nodeType === Node.ELEMENT_NODE && shadowRootOf(e);
        if (root) {
          text += root.textContent;
          read(root);
        }
      }
    };
    read(el);
    return text;
  };
  const copyOf = (el) => {
    if (hosts(el) && !el.querySelector("iframe")) return flatCopy(el);
    const copy = el.cloneNode(true);
    return inlineFrames(framePairs(el, copy), copy);
  };
  // A copy of a panel to stand in for it once it has gone: static, without its id, shown, and inert.
  const standIn = (copy) => {
    copy.removeAttribute("id");
    copy.removeAttribute("hidden");
    return inert(copy);
  };
  // Inert: without the attributes a framework acts on when nodes carrying them come onto the page (Alpine's
  // x-for drew its items again inside the copy of a dialog: a 25th blind round; htmx, Unpoly, Livewire and
  // Stimulus start on such nodes too).
  const HOOKS = /^(x-|v-|hx-|data-hx-|up-|wire:|[@:]|data-controller$|data-action$)/i;
  const inert = (node) => {
    for (const el of [node, ...node.querySelectorAll("*")]) {
      for (const a of [...el.attributes]) if (HOOKS.test(a.name)) el.removeAttribute(a.name);
    }
    return node;
  };
  // A copy of what a dialog showed, put in the page's flow: what was placed over the page in it (a modal's overlay
  // fixed over the screen around its box: USWDS's, a 43rd blind round) sits in the flow, and what its styles showed
  // only inside the open dialog (a rule on the wrapper's "is-visible") shows.
  const inFlow = (copy) => {
    for (const el of copy.querySelectorAll("*")) {
      const cs = getComputedStyle(el);
      if (["fixed", "absolute", "sticky"].includes(cs.position)) el.style.setProperty("position", "static", "important");
      if (cs.visibility === "hidden") el.style.setProperty("visibility", "visible", "important");
      if (cs.opacity === "0") el.style.setProperty("opacity", "1", "important");
    }
  };
  // An overlay closed as a reader closes it before pressing anything else: a modal <dialog> by close(), which its
  // page hears (a 125th blind round's guest bios, each in a modal dialog: the next "Read bio" pressed behind the
  // open one, the page's handler closing the old dialog closed the new one too, and every other bio was lost).
  const closeOverlay = (overlay) => {
    if (overlay.localName === "dialog" && overlay.open) overlay.close();
    if (overlay.matches(":popover-open")) overlay.hidePopover();
    overlay.style.display = "none";
  };
  // What an overlay (a dialog, a side panel fixed over the page) shows, copied after the button that opened it, in
  // the page's flow without its controls, and the overlay closed.
  const intoFlow = (button, overlay) => {
    const copy = document.createElement("div");
    copy.append(...copyOf(overlay).childNodes);
    for (const control of copy.querySelectorAll(BUTTONS)) control.remove();
    button.after(inert(copy));
    inFlow(copy);
    closeOverlay(overlay);
    overlay.setAttribute(o.copiedMark, "");  // not read again as a panel its button names (a 42nd blind round)
  };
  // the page's text length, its shadow roots' included (a press may add posts inside one)
  const textLength = () => liveRoots().reduce((n, root) => n + root.textContent.length, document.body.textContent.length);
  // What a press added to the page: the elements and text put in by it (each taken once, outermost), watched on the
  // page and in its shadow roots while ``action`` runs. Returns ``[result, added]``.
  const watchAdded = async (action) => {
    const added = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) added.push(...r.addedNodes);
    });
    for (const root of [document.body, ...liveRoots()]) observer.observe(root, {childList: true, subtree: true});
    let result;
    try { result = await action(); } finally {
      for (const r of observer.takeRecords()) added.push(...r.addedNodes);
      observer.disconnect();
    }
    const kept = new Set(added.filter((n) => n.isConnected));
    const outermost = (n) => {  // (a walk up from each: a press may add thousands of rows)
      for (let up = n.parentNode; up; up = up.parentNode) if (kept.has(up)) return false;
      return true;
    };
    return [result, [...kept].filter(outermost)];
  };
  const textOf = (nodes) => squeeze(nodes.map((n) => n.textContent).join(""));
  const lastAdded = new Map();  // a "more" button -> the text its last press added, and the nodes
  // (``enough``: a text length to stop at, once the page is back to what it showed)
  // (``pagers`` false: not a "Next" or "Older posts", which a pager's reader presses)
  const pressMore = async (scope = document, enough = Infinity, pagers = true) => {
    for (let button = moreButton(scope, pagers); button && !bound && !net.stop && !moved;
      button = moreButton(scope, pagers)) {
      if (performance.now() >= deadline) { bound = "time"; break; }
      if (textLength() >= enough) break;
      if (steps >= o.steps) { bound = "steps"; break; }
      if (height() >= o.maxHeight) { bound = "height"; break; }
      const before = textLength(), seen = document.body.innerText.length;
      const dialogs = new Set(openDialogs());
      pressedOnce.add(button);
      const [left, added] = await watchAdded(() => press(button));
      if (left) break;
      // A press that added again just what the one before it added, beside it (a "Continue reading" whose handler
      // appends the rest of the text at every press) is no pager: what it added again is taken back and it is not
      // pressed again. (One that drew the same text in place of the last, a fetch redrawn, is left as it is.)
      const addedText = textOf(added), last = lastAdded.get(button);
      if (addedText.length >= o.repeatMinChars && last && last[0] === addedText && last[1].some((n) => n.isConnected)) {
        for (const node of added) node.remove();
        shown.add(button);
        continue;
      }
      lastAdded.set(button, [addedText, added]);
      if (everywhere(DIALOGS).length) await finishAnimations();  // a side panel sliding in is on the screen at its end
      // The rest shown in a dialog over the page ("View full job description"): what the dialog shows is
      // copied after the button, in the page's flow (a dialog is the page's chrome, an overlay), and the
      // dialog closed.
      const opened = openDialogs().filter((d) => !dialogs.has(d) && d.innerText.trim().length >= o.pageMinChars);
      for (const dialog of opened) intoFlow(button, dialog);
      if (opened.length) {  // the page hears its dialog close (an event, then a redraw) before the next press
        shown.add(button);
        await frame();
        await frame();
        continue;
      }
      if (opener(button, labelOf(button))) {  // a dialog with little to read: closed, and the button not pressed again
        for (const dialog of openDialogs().filter((d) => !dialogs.has(d))) closeOverlay(dialog);
        shown.add(button);
        continue;
      }
      const after = textLength();
      if (after > before) {  // more came: marked as what a reader asked for (read by the extractor)
        for (const node of added) if (node.nodeType === Node.ELEMENT_NODE) node.setAttribute(o.moreMark, "");
        continue;
      }
      shown.add(button);  // it brought nothing, or showed what was there: pressed again, it would hide it
      if (after < before && document.body.innerText.length < seen && button.isConnected && shows(button)
          && await press(button)) break;
    }
  };
  // What the presses brought may end in what a scroll fills (a thread's "Load more replies" brought ten posts and
  // an htmx ``revealed`` block for the last five: a 145th blind round read eleven posts of sixteen): taken to the
  // bottom again.
  // So may an infinite list's sentinel, watched by an observer, that the presses pushed below the screen (a class
  // search's "Load more" brought six classes and its sentinel the last four once scrolled to: a 165th blind round).
  const grown = textLength();
  await pressMore();
  if (textLength() > grown) {
    await toWatched();
    await toBottom();
  }
  // A collapsed disclosure whose panel is not on the page until it opens (Headless UI's, Radix's: an FAQ
  // built with React) is opened as a reader opens it: its button, labelled as a title (an FAQ's question,
  // not "Menu"), outside the page's chrome, not a menu's, not a link nor one that submits a form. All are
  // pressed in one go, then the page is settled once. A panel already there, hidden or not, is read as it is.
  const headingOf = (button) => (button.parentElement && /^h[1-6]$/.test(button.parentElement.localName)
    ? button.parentElement : null);
  // the first element a control names in its aria-controls that is on the page, or undefined
  const namedBy = (control) => (control.getAttribute("aria-controls") || "").split(/\s+/).filter(Boolean)
    .map((id) => (control.getRootNode().getElementById ? control.getRootNode() : document).getElementById(id))
    .find(Boolean);
  // ``closest`` across shadow roots: the element or an ancestor, or a host's, matches
  const inside = (el, selector) => {
    for (let n = el; n; n = up(n)) {
      if (n.matches(selector)) return true;
    }
    return false;
  };
  const filled = (el) => !!el && el.isConnected && !!(el.textContent.trim() || hosts(el) && deepText(el).trim());
  // the panel a disclosure's button opens: the one its aria-controls names, else what follows it (or its
  // heading: Radix's <h3><button>)
  // (a link or a control beside it is no panel: a talk's "Show abstract" followed by its "Add to calendar" link, the
  // abstract drawn after their line when opened, Vue's v-if: a 129th blind round read none of eleven)
  const CONTROL = 'a, button, input, select, textarea, label, [role="button"], [role="link"]';
  const panelOf = (button) => {
    const heading = headingOf(button), next = button.nextElementSibling;
    return namedBy(button) || (next && !next.matches(CONTROL) ? next : null) || (heading && heading.nextElementSibling);
  };
  // Buttons of one accordion are made alike: the same tag and class, in ancestors of the same tags and classes.
  const shape = (el) => [el, el.parentElement, el.parentElement && el.parentElement.parentElement]
    .map((a) => a ? `${a.localName}.${a.getAttribute("class") || ""}` : "").join("<");
  // A footnote's mark made a button that shows the note in a popover (littlefoot, bigfoot: a 97th blind round's blog
  // lost one note and read another twice, one popover open at a time): not pressed; the notes are read where the page
  // keeps them, in its footnotes list, hidden or not (see the geometry walk).
  const footnoteMark = (el) => /\bfootnote/i.test(`${el.getAttribute("class") || ""} ${el.getAttribute("title") || ""} `
    + `${el.textContent}`);
  const closedDisclosures = () => {
    const found = [], beside = new Set();
    for (const el of everywhere('button[aria-expanded="false"], [role="button"][aria-expanded="false"]')) {
      if (el.disabled || el.form && el.type !== "button" || el.closest("a[href]") || inside(el, o.chrome)
          || !["false", null].includes(el.getAttribute("aria-haspopup")) || footnoteMark(el)) continue;
      const label = (el.textContent || "").trim();
      if (label.length > o.titleMaxChars || !/\w/.test(label)) continue;
      // (a panel it names that is not on the page is not there: what follows it is something else, an 88th blind
      // round's "Show summary" beside the citation of its toolbar)
      const absent = el.getAttribute("aria-controls") && !namedBy(el);
      // (what shows right after a shut button is not its panel, which is drawn when it opens: Vue's v-if under each
      // of a list's cards, "Opening times ▾" before the card's notes, a 162nd blind round; taken in an accordion of
      // such buttons only)
      const next = panelOf(el), after = !absent && filled(next) && shows(next);
      if ((absent || !filled(next) || after) && shows(el)) found.push(el);
      if (after) beside.add(el);
    }
    // a label of titleMinWords words titles what its button opens (an FAQ's question, where a control's own
    // name is shorter: "Menu", "Filters"); in an accordion (accordionMinItems alike) any label does
    // ("Care", "National province": a fourteenth blind round); so does a button that is all its box holds, in
    // an article or the main region ("Poet's note +" heading a poem's note: an 86th blind round's Svelte `if`),
    // and one that asks to show a part of the page as a dialog's opener does ("Show summary": an 88th blind
    // round's judgment, a Lit panel), unless they name a tool
    const shapes = found.map(shape), alike = new Map();
    for (const key of shapes) alike.set(key, (alike.get(key) || 0) + 1);
    const words = (el) => (el.textContent.match(/[\p{L}\p{N}]+/gu) || []).length;
    const sectionHead = (el) => !!el.parentElement && el.parentElement.textContent.trim() === el.textContent.trim()
      && inside(el.parentElement, `article, ${o.mainRegion}`);
    const opensPart = (el) => !tool.test(labelOf(el)) && (sectionHead(el) || dialogOpener.test(labelOf(el).trim()));
    return found.filter((el, k) => alike.get(shapes[k]) >= o.accordionMinItems
      || !beside.has(el) && (words(el) >= o.titleMinWords || opensPart(el)));
  };
  // The words of an element's class and id; whether it is marked as the one chosen (a tab, a step), on itself or on
  // its list item.
  const words = (el) => `${el.getAttribute("class") || ""} ${el.id}`.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/)
    .map((w) => w.toLowerCase());
  const MARKS = new Set(["active", "on", "selected", "current", "open"]);
  const marked = (el) => ["aria-selected", "aria-pressed"].some((a) => el.getAttribute(a) === "true")
    || words(el).some((w) => MARKS.has(w));
  // (its list item: the one around it, or around the label box holding it, Fandom's tabber: li > div > a)
  const itemOf = (t) => [t.parentElement, t.parentElement && t.parentElement.parentElement]
    .find((a) => a && a.localName === "li") || null;
  const picked = (t) => marked(t) || (!!itemOf(t) && marked(itemOf(t)));
  // A row of choices with one marked as made, an item holding only its button (a guide's list of steps, tabs made
  // by hand): a press selects, it opens nothing, and pressing again does not undo it (a 66th blind round's guide
  // lost its first step to the probe below).
  const choiceMade = (parent) => [...parent.children].some((item) => {
    const button = item.querySelector("button");
    return !!button && item.textContent.trim() === button.textContent.trim() && (picked(button) || marked(item));
  });
  // An accordion built without ARIA whose panels are on the page only while open (a framework's `if`): buttons
  // made alike, each the only thing in its item so far, or in a heading that is (a question's <h3><button>: a
  // 57th blind round's FAQ), at least accordionMinItems of them under one parent,
  // every label its own (a card's "Add to cart", "Share" or "Like" repeats: not a heading). A press shows
  // its panel after it (or after its heading), in its item. Returns the groups, each a list of buttons.
  const bareAccordions = () => {
    const items = new Map();  // the items' parent -> the buttons, by shape
    for (const el of document.querySelectorAll("button:not([aria-expanded]):not([aria-haspopup])")) {
      const heading = headingOf(el);
      const item = (heading || el).parentElement;
      // a table's header buttons sort it, and a sort is not undone by pressing again (a 72nd blind round's sold
      // prices, re-sorted by property type and its header drawn anew, were read in that order)
      if (!item || item.children.length !== 1 || !item.parentElement || heading && heading.children.length !== 1
          || !pressable(el) || el.closest('th, thead, [role="columnheader"]')
          || el.closest(o.chrome) || item.textContent.trim() !== el.textContent.trim() || !shows(el)) continue;
      const label = labelOf(el);
      if (label.length > o.titleMaxChars || !/[\p{L}\p{N}]/u.test(label)) continue;
      const key = shape(el);
      const group = items.get(item.parentElement) || new Map();
      items.set(item.parentElement, group.set(key, [...(group.get(key) || []), el]));
    }
    const out = [];
    for (const [parent, group] of items) {
      if (choiceMade(parent)) continue;
      for (const buttons of group.values()) {
        if (buttons.length >= o.accordionMinItems && new Set(buttons.map(labelOf)).size === buttons.length) {
          out.push(buttons);
        }
      }
    }
    return out;
  };
  // Whether a disclosure is closed: as its aria-expanded says, else (a bare accordion's) its panel is not there.
  const shut = (button) => button.hasAttribute("aria-expanded") ? button.getAttribute("aria-expanded") === "false"
    : !filled(panelOf(button));
  // A closed <details> holding little past its summary ("Loading transcript…") may fill itself when opened (a
  // transcript fetched on its "toggle" event: a 44th blind round): opened as a reader opens it, and left open if
  // that brought text; else closed again (what a closed one holds is read as a panel: the geometry walk).
  const past = (d) => [...d.childNodes].reduce((n, c) => n + (c.nodeName === "SUMMARY" ? 0
    : (c.textContent || "").trim().length), 0);
  const unfilledDetails = bound || net.stop || moved || steps >= o.steps ? []
    : [...document.querySelectorAll("details:not([open])")]
      .filter((d) => !d.closest(o.chrome) && shows(d) && past(d) < o.pageMinChars);
  if (unfilledDetails.length && performance.now() < deadline) {
    anew();
    const before = unfilledDetails.map(past);
    for (const details of unfilledDetails) details.open = true;
    await settleAfterAction();
    movedOn();
    unfilledDetails.forEach((details, k) => { if (past(details) <= before[k]) details.open = false; });
  }
  // The closed items of an ARIA tree, outside the chrome, whose children (their group) are not on the page yet: a
  // finding aid that fetches a series' files when it is opened (an 83rd blind round). Each is opened once, one
  // level, by its own toggle: a button of the item that carries aria-expanded or says it
  // expands ("Expand …", a "▸"), else the item itself; at most treeItemsMax of them (see TREE_ITEMS_MAX).
  const TREE_TOGGLE = /^(expand|open|show)\b|^[▸▶►▹+]$/i;
  const treeToggle = (item) => [...item.querySelectorAll(BUTTONS)].find((b) => pressable(b)
    && (b.hasAttribute("aria-expanded") || TREE_TOGGLE.test((b.getAttribute("aria-label") || labelOf(b)).trim())));
  const closedItems = bound || net.stop || moved || steps >= o.steps ? []
    : everywhere('[role="treeitem"][aria-expanded="false"]')
      .filter((item) => !inside(item, o.chrome) && shows(item) && !item.querySelector('[role="group"]'));
  if (closedItems.length && closedItems.length <= o.treeItemsMax && performance.now() < deadline) {
    anew();
    for (const item of closedItems) (treeToggle(item) || item).click();
    steps++;
    await frame();
    pending = await settle();
    movedOn();
  }
  // An accordion that keeps one panel open at a time (Radix's "single") has closed the others as each
  // opened: those are opened in turn, settling after each, and what each panel showed is kept as a copy
  // beside it once closed again (static: the framework's own nodes stay as it made them).
  const closed = bound || net.stop || moved || steps >= o.steps ? [] : closedDisclosures();
  // A bare accordion is tried on its first button: a press that shows no panel in its item (a row of filter
  // chips, made alike too) is undone by a second press, and the group left alone. One that does is closed
  // again, and the group opened with the others.
  for (const group of bound || net.stop || moved || steps >= o.steps ? [] : bareAccordions()) {
    if (performance.now() >= deadline || steps >= o.steps || moved || net.stop) break;
    const first = group[0];
    if (await press(first)) break;
    const opens = filled(panelOf(first));
    if (first.isConnected && await press(first)) break;
    if (opens) closed.push(...group);
  }
  // Opens the closed disclosures given (see above), keeping what each showed; called again for those a tab's panel
  // holds once the tab is selected (an FAQ's topics in tabs, each an accordion whose answers React draws only when
  // opened: a 111th blind round read the first topic's answers alone).
  const openDisclosures = async (closed) => {
    if (!closed.length || performance.now() >= deadline) return;
    anew();
    // The panels open before, in an accordion of the closed ones (the same shape), which a press may close and
    // take off the page (Vue's v-if: the newest release's notes, open at first, were lost in a 57th blind round).
    const shapes = new Set(closed.map(shape)), copies = new Map();
    for (const button of everywhere('button[aria-expanded="true"], [role="button"][aria-expanded="true"]')) {
      const panel = panelOf(button);
      if (!closed.includes(button) && shapes.has(shape(button)) && filled(panel)) {
        copies.set(button, [panel, copyOf(panel), true]);
      }
    }
    for (const button of closed) button.click();
    steps++;
    await frame();
    await frame();
    pending = await settle();
    movedOn();
    const keep = (button) => {
      const panel = panelOf(button);
      if (filled(panel)) copies.set(button, [panel, copyOf(panel)]);
    };
    const still = closed.filter((b) => b.isConnected && shut(b));
    if (still.length) closed.filter((b) => b.isConnected && !shut(b)).forEach(keep);
    for (const button of still) {
      if (performance.now() >= deadline || steps >= o.steps || moved || net.stop || await press(button)) break;
      if (filled(panelOf(button))) await reachWatched(panelOf(button));
      keep(button);
    }
    if (copies.size) await finishAnimations();  // a panel closing (Radix animates it) is gone only at its end
    // a panel opened over the page (a side panel fixed at the window's edge: an 88th blind round's press summary) is
    // an overlay, as a dialog is: what it shows is put in the flow after its button
    for (const button of closed) {
      const panel = button.isConnected && !shut(button) && panelOf(button);
      if (filled(panel) && shows(panel) && getComputedStyle(panel).position === "fixed") {
        intoFlow(button, panel);
        copies.delete(button);
      }
    }
    for (const [button, [panel, copy, before]] of copies) {
      const now = panelOf(button);
      if (filled(now) && shows(now)) continue;  // open still
      if (before && panel.isConnected && filled(panel)) continue;  // open at first, only hidden since: read there
      (panel.isConnected ? panel : headingOf(button) || button).after(standIn(copy));
    }
  };
  await openDisclosures(closed);
  await reachWatched();
  await openForWatched();
  // Tabs whose panels are on the page only while selected (Radix, Ant Design unmount the others): each tab
  // of such a list is selected in turn, settling after each, and what its panel showed is kept in a static
  // copy before the panel shown at the end, in the tabs' order; the panels of the other tabs are read as
  // they are when they are on the page, hidden (see the geometry walk), so a list whose panels are all
  // there is left alone. Only tabs that are buttons (not links to elsewhere), outside the page's chrome.
  // A tab names its panel (aria-controls, or the panel's aria-labelledby); failing that, the selected tab's
  // panel is the one panel beside its list (Inferno's, Preact's hand-made tabs: one panel, redrawn).
  const tabPanel = (tab) => namedBy(tab)
    || (tab.id && tab.getRootNode().querySelector(`[role="tabpanel"][aria-labelledby~="${CSS.escape(tab.id)}"]`))
    || onlyPanel(tab) || inOrder(tab);
  // ... or, as many panels beside the list as it has tabs, the one in the tab's place (a 24th blind round)
  const inOrder = (tab) => {
    const list = tab.closest('[role="tablist"]'), box = list && list.parentElement;
    if (!box) return null;
    const tabs = [...list.querySelectorAll('[role="tab"]')];
    const panels = [...box.children].filter((c) => c.matches('[role="tabpanel"]'));
    return tabs.length === panels.length ? panels[tabs.indexOf(tab)] : null;
  };
  // The one panel beside the selected tab's list, or beside what holds the list when nothing beside it is a panel
  // (tabs in a row of controls with a unit switch, the panel after the row: a 67th blind round's size guide), up to
  // tabPanelLevels levels, where the list is the only one.
  // What may hold a tab list's panel: the list's parent (the shadow root a web component drew it in at its top),
  // then what holds that, tabPanelLevels in all, up to one that holds another tab list.
  const panelBoxes = (list) => {
    const boxes = [];
    for (let box = list.parentElement || list.parentNode; box && boxes.length < o.tabPanelLevels;
      box = box.parentElement) {
      if (boxes.length && box.querySelectorAll('[role="tablist"]').length > 1) break;
      boxes.push(box);
    }
    return boxes;
  };
  // ... or the one of them shown, the others hidden (panels kept hidden beside one drawn only while its tab is
  // chosen, Vue's v-show beside v-if: a 173rd blind round's show page, four tabs and three panels but while
  // "Performances" was chosen)
  const onlyPanel = (tab) => {
    const list = tab.getAttribute("aria-selected") === "true" && tab.closest('[role="tablist"]');
    for (const box of list ? panelBoxes(list) : []) {
      const panels = [...box.querySelectorAll('[role="tabpanel"]')];
      if (panels.length === 1) return panels[0];
      const shown = panels.filter((p) => p.checkVisibility());
      if (panels.length) return shown.length === 1 ? shown[0] : null;
    }
    return null;
  };
  // A tab that is a list item around its link (jQuery UI's) is pressed on the link, where its widget listens.
  const control = (tab) => tab.matches(BUTTONS) ? tab : tab.querySelector("a[href], button") || tab;
  // Each tab selected in turn (``selected``: whether a tab is; ``panelOf``: its panel while on the page), what a
  // panel showed kept in a copy before the live one; a panel whose text a tab did not change was all there.
  // A selected tab labelled "All" ("All", "All days", "All (24)") shows what the other tabs filter: its list is read
  // alone, no tab pressed (a 59th blind round's line-up: All, Friday, Saturday, Sunday read four times over).
  const ALL_TAB = /^all\b(\s+\S+)?(\s*\(\d+\))?$/i;
  const filterTab = (tab) => !!tab && ALL_TAB.test(labelOf(tab).trim().replace(/\s+/g, " "));
  const readTabs = async (tabs, selected, panelOf) => {
    const shown = tabs.find(selected);
    // (every tab naming one panel, redrawn for the selected tab: an 80th blind round's aria-controls="panel" on each;
    // a panel saying only that it is loading waits for its tab: a census record's household, fetched on the tab's
    // first press, a 112th blind round)
    const own = (t) => panelOf(t) !== panelOf(shown) && filled(panelOf(t))
      && !/^\s*(loading|please wait)\b[^\n]{0,60}$/i.test(panelOf(t).textContent.trim());
    if (!shown || !filled(panelOf(shown))) return;
    if (tabs.every((t) => t === shown || own(t))) {
      // every panel on the page, the others hidden, read as they are: each under its tab's label, as a copy is (a
      // 152nd blind round's Alpine tabs, `x-show` panels: four read, "Dogs", "Cats and kittens" nowhere)
      const panels = tabs.map(panelOf);
      if (new Set(panels).size === tabs.length && panels.some((p) => !p.checkVisibility())) {
        tabs.forEach((t, k) => panels[k].before(...tabHeading(t, panels[k], panels[k])));
      }
      return;
    }
    const copied = (panel) => { const copy = copyOf(panel); openings.set(copy, opening(panel)); return copy; };
    const copies = [[shown, copied(panelOf(shown))]];
    const told = new Set([deepText(panelOf(shown))]);
    const pressedPanel = new Map([[shown, panelOf(shown)]]);  // each tab's panel as it was when the tab was chosen
    // a tab, or the one that took its place with its label (tabs redrawn with their panel at each press: htmx's tabs
    // as its documentation builds them, a 146th blind round's programme lost its first day)
    const now = (t) => t.isConnected ? t
      : everywhere('[role="tab"]').find((n) => labelOf(n) === labelOf(t)) || t;
    for (const tab of tabs) {
      if (tab === shown || performance.now() >= deadline || steps >= o.steps || moved || net.stop) continue;
      if (await press(control(now(tab)), true)) break;
      const panel = panelOf(now(tab));
      if (!selected(now(tab)) || !filled(panel)) continue;
      pressedPanel.set(tab, panel);
      await pressMore(panel);  // its "Load more" (a tab, then the rest of its text: a 22nd blind round)
      if (!bound && !net.stop && !moved && steps < o.steps) {
        await openDisclosures(closedDisclosures().filter((b) => panel.contains(b)));
      }
      const said = deepText(panel);
      if (filled(panel) && !told.has(said)) copies.push([tab, copied(panel)]);
      told.add(said);
    }
    const live = tabs.find((t) => selected(now(t)));
    const anchor = live && panelOf(now(live));
    if (!filled(anchor) || copies.length < 2) return;
    // in the tabs' order around the live panel: the tab selected at first may come after the last one pressed (a
    // wine club's tiers, "Classic" selected between "Discovery" and "Fine": a 114th blind round read it first)
    let after = anchor;
    copies.sort(([a], [b]) => tabs.indexOf(a) - tabs.indexOf(b));
    for (const [tab, copy] of copies) {
      // still on the page (hidden), a panel of its own: read as it is
      if (tab === live || [panelOf(now(tab)), pressedPanel.get(tab)].some((p) => p && p !== anchor && filled(p))) {
        continue;
      }
      const nodes = [...tabHeading(tab, copy, anchor), standIn(copy)];
      if (tabs.indexOf(tab) < tabs.indexOf(live)) {
        anchor.before(...nodes);
      } else {
        after.after(...nodes);
        after = copy;
      }
    }
    anchor.before(...tabHeading(live, anchor, anchor));
  };
  // A box clipped to a pixel or less: the screen-reader-only pattern (reveal.js's live status repeats the slide shown,
  // all of a slide's text at each of its steps), no part of what a reader sees.
  const forScreenReaders = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width > 1 && r.height > 1) return false;
    const cs = getComputedStyle(el);
    return cs.overflow !== "visible" || cs.clip.startsWith("rect(") || cs.clipPath !== "none";
  };
  // A box put off the screen to its left or above the page (``left: -9999px``: the other screen-reader-only pattern).
  const offScreen = (el) => {
    const r = el.getBoundingClientRect();
    return r.right <= 0 || r.bottom + window.scrollY <= 0;
  };
  // How a panel opens as a reader sees it: its first words (``text``, squeezed) and whether a heading of its own holds
  // them (``headed``: "Kestrel Aster EV Core" under the tab "Core", a 66th blind round's trims, whose gold keeps the
  // panel's heading and not the tab's). A heading only screen readers get (clipped to a pixel, or put off the screen
  // to its left or above it) is passed over (a 154th blind round's Vue tabs named each panel with a heading at
  // left: -9999px, and the tabs' labels came out nowhere). Read on a live panel; a copy has
  // what its panel had when copied (``openings``).
  const openings = new WeakMap();
  const opening = (panel) => {
    if (openings.has(panel)) return openings.get(panel);
    const heard = (n) => {
      for (let e = n; e && e !== panel; e = e.parentElement) if (forScreenReaders(e) || offScreen(e)) return true;
      return false;
    };
    // (a hidden panel's boxes say nothing: its elements' computed offsets and clips do, as the geometry reads them)
    const heardHidden = (n) => {
      for (let e = n; e && e !== panel; e = e.parentElement) {
        if (readerOnly(getComputedStyle(e), window, o.minVisiblePx)) return true;
      }
      return false;
    };
    const shown = panel.isConnected && panel.checkVisibility();
    const walker = document.createTreeWalker(panel, NodeFilter.SHOW_TEXT);
    let text = "", headed = null;
    for (let t = walker.nextNode(); t && text.length < o.tabLabelMaxChars * 2; t = walker.nextNode()) {
      if (!t.data.trim() || (shown ? heard(t.parentElement) : heardHidden(t.parentElement))) continue;
      if (headed === null) headed = !!t.parentElement?.closest('h1, h2, h3, h4, h5, h6, [role="heading"]');
      text += ` ${t.data}`;
    }
    return {text: squeeze(text), headed: !!headed};
  };
  // A tab's label as a heading to put before what its panel showed (``panel``, a copy or the live one, placed beside
  // ``anchor``), as a list of nodes: none where the panel opens with the label or a heading of its own, or where
  // ``anchor`` stands in a list or a table, which a heading cannot. A reader saw the label above the panel, and the
  // tab itself is a control, not read (a 110th blind round's tractor: "Engine and transmission", "Hydraulics and PTO"
  // named four spec lists drawn one at a time into one panel, and came out nowhere).
  // A tab drawn without words (a carousel's dots named "Photo 1" for screen readers: a 159th blind round) showed
  // the reader no label.
  const tabHeading = (tab, panel, anchor) => {
    const label = tab.textContent.trim() ? labelOf(tab).replace(/\s+/g, " ").trim() : "";
    const opens = opening(panel);
    if (!label || label.length > o.tabLabelMaxChars || opens.text.startsWith(label.toLowerCase()) || opens.headed
        || !anchor.parentNode || anchor.parentElement?.matches("ul, ol, dl, table, thead, tbody, tr, select")) {
      return [];
    }
    const heading = document.createElement("h3");
    heading.textContent = label;
    return [heading];
  };
  // (a tab that is a link to this page's own address with another query is the page's router's, pressed under
  // press()'s guard: a 143rd blind round's delivery checker, `<a role="tab" href="?postcode=…&tab=collection">`
  // answered by pushState, never showed its collection points)
  const away = (t) => {
    const link = t.closest("a[href]");
    return !!link && !/^#/.test(link.getAttribute("href")) && !queryLink(link);
  };
  // Tabs that name no panel, with none beside them: the panel is the element after the list that selecting another
  // tab changes (a map between the tabs and the text: a 49th blind round), found by selecting the second tab and
  // the first again. Returns a function giving a tab's panel while it is selected, or null.
  // The element is looked for in the panelBoxes.
  const changedPanel = async (list, tabs, selected) => {
    const shown = tabs.find(selected), other = tabs.find((t) => t !== shown);
    const boxes = panelBoxes(list);
    if (!boxes.length || !shown || !other) return null;
    const texts = (box) => [...box.children].map((c) => (c === list || c.contains(list) ? null : deepText(c)));
    const before = boxes.map(texts);
    if (await press(control(other), true) || !selected(other)) return null;
    // the longest of the elements that changed: a count in a heading changes with the list it counts (a 77th blind
    // round's "9 deals on 24-month contracts" above the deals, whose heading alone was kept for each tab)
    const changed = boxes.map((box, k) => {
      const now = texts(box);
      return now.reduce((best, text, i) => (text !== null && i < before[k].length && text !== before[k][i]
        && (best < 0 || text.length > now[best].length) ? i : best), -1);
    });
    const level = changed.findIndex((at) => at >= 0);
    if (await press(control(shown), true) || !selected(shown) || level < 0) return null;
    const box = boxes[level], at = changed[level];
    return (t) => (selected(t) ? box.children[at] : null);
  };
  // Tabs whose panels are all on the page, named by nothing, each hidden until its tab is selected (Alpine's x-show,
  // Vue's v-show: no text changes, only what shows; a 77th blind round's returns and refunds tabs were never read):
  // each tab is selected in turn, what came into view beside the list (or beside what holds it, tabPanelLevels) is
  // marked as content one click away (``__pagesightOpens``, read by the geometry walk), and the first tab is
  // selected again.
  const markShownPanels = async (list, tabs, selected) => {
    const shown = tabs.find(selected);
    const boxes = panelBoxes(list);
    const showing = (box) => [...box.children].map((c) => c !== list && !c.contains(list) && c.checkVisibility()
      && !!c.textContent.trim());
    const before = boxes.map(showing);
    const found = new Set();
    for (const tab of tabs) {
      if (tab === shown || performance.now() >= deadline || steps >= o.steps || moved || net.stop) continue;
      if (await press(control(tab), true)) return;
      if (!selected(tab)) continue;
      boxes.forEach((box, k) => showing(box).forEach((now, i) => {
        if (now && !before[k][i]) found.add(box.children[i]);
      }));
    }
    if (!found.size || !shown.isConnected || await press(control(shown), true)) return;
    const opens = window.__pagesightOpens || (window.__pagesightOpens = new WeakSet());
    for (const el of found) if (!el.checkVisibility()) opens.add(el);
  };
  // Tab lists in shadow roots too (an 80th blind round's fund factsheet: Lit tabs three components down, drawing
  // the selected period's table only).
  for (const list of bound || net.stop || moved ? [] : everywhere('[role="tablist"]')) {
    // A tab list's own role overrides its tag's: a ``<nav role="tablist">`` is no navigation (a 59th blind round's
    // Vue tabs), so only what holds it can make it chrome.
    if (performance.now() >= deadline || steps >= o.steps || moved || !up(list) || inside(up(list), o.chrome)) continue;
    const tabs = [...list.querySelectorAll('[role="tab"]')]
      .filter((t) => !t.disabled && t.getAttribute("aria-disabled") !== "true" && !away(t));
    // the selected tab as ARIA marks it, or, where no tab carries aria-selected, as a class word does ("on",
    // "active": an 81st blind round's Solid tabs, role="tab" buttons and one panel drawn for the selected tab)
    const selected = tabs.some((t) => t.hasAttribute("aria-selected"))
      ? (t) => t.getAttribute("aria-selected") === "true" : picked;
    const shown = tabs.find(selected);
    // filter tabs led by "All" are left before any is pressed: a press may undo a "Show more" (a 70th blind round's
    // roadworks list went back to its first eight items)
    if (filterTab(shown)) continue;
    const panelOf = shown && !tabPanel(shown) ? await changedPanel(list, tabs, selected) : tabPanel;
    if (panelOf) await readTabs(tabs, selected, panelOf);
    else if (shown) await markShownPanels(list, tabs, selected);
  }
  // Tabs made by hand, with no roles: a strip named "tabs" by its class or id holding only a few short buttons,
  // one of them marked as the selected one (aria-selected or aria-pressed, or a class word such as "active" or
  // "on", on it or on its list item), and one panel after the strip, redrawn for each tab (Vue's v-if, React's
  // conditional render: a 45th blind round's materials list, drawn only when its tab was pressed), the panel being
  // the element after the strip that another tab changes. A strip followed by as many elements as it has buttons
  // keeps all its panels on the page, read as they are.
  const STRIP = new Set(["tab", "tabs", "tabset", "tabbar", "tablist", "tabnav", "tabbed"]);
  const strips = bound || net.stop || moved ? [] : document.body.querySelectorAll('[class*="tab" i], [id*="tab" i]');
  for (const strip of strips) {
    if (performance.now() >= deadline || steps >= o.steps || moved || strip.closest(o.chrome)
        || !words(strip).some((w) => STRIP.has(w)) || strip.querySelector('[role="tab"]') || !shows(strip)) continue;
    const tabs = [...strip.querySelectorAll(BUTTONS)].filter((t) => pressable(t) && !away(t) && shows(t)
      && labelOf(t).length <= o.tabLabelMaxChars);
    const labels = tabs.reduce((n, t) => n + labelOf(t).length, 0);
    let after = 0;
    for (let el = strip.nextElementSibling; el; el = el.nextElementSibling) after++;
    if (tabs.length < 2 || tabs.length > o.tabsMax || tabs.filter(picked).length !== 1 || after >= tabs.length
        || strip.textContent.replace(/\s+/g, "").length > labels + tabs.length) continue;
    if (filterTab(tabs.find(picked))) continue;  // filter tabs (see above)
    const panelOf = await changedPanel(strip, tabs, picked);
    if (panelOf) await readTabs(tabs, picked, panelOf);
    else await markShownPanels(strip, tabs, picked);
  }
  // CSS-only tabs and accordions: a radio or checkbox input (outside forms and the chrome; itself hidden, its
  // label shown in its stead, where a filter's checkbox is in view) whose checked state shows a panel by a
  // sibling selector (`#t2:checked ~ .p2`), hidden (display: none) until then (a twelfth blind round). Each
  // such input is checked in turn, and what came into view among what follows it (its later siblings,
  // ``toggleDepth`` levels into them) is marked as content one click away, as a panel a control names is
  // (``__pagesightOpens``, read by the geometry walk), unless mostly links (a menu); then every input is put
  // back as it was. A page with more such inputs than ``togglesMax`` is a form's, left.
  const opens = window.__pagesightOpens || (window.__pagesightOpens = new WeakSet());
  const unseen = (el) => {  // not shown: the input a CSS-only widget hides, its label standing in for it
    if (!shows(el)) return true;
    const r = el.getBoundingClientRect();
    return r.width <= 1 || r.height <= 1 || offScreen(el);
  };
  const toggles = bound || net.stop || moved ? [] : [...document.querySelectorAll('input[type="radio"], '
    + 'input[type="checkbox"]')].filter((i) => !i.disabled && !i.form && !i.closest(o.chrome) && unseen(i)
                                         && [...i.labels].some(shows));
  if (toggles.length && toggles.length <= o.togglesMax && performance.now() < deadline) {
    const after = (input) => {
      const found = [];
      const visit = (el, depth) => {
        found.push(el);
        if (depth < o.toggleDepth) for (const c of el.children) visit(c, depth + 1);
      };
      for (let s = input.nextElementSibling; s; s = s.nextElementSibling) visit(s, 0);
      return found;
    };
    const linkShare = (el) => {
      let links = 0;
      for (const a of el.querySelectorAll("a[href]")) links += a.textContent.trim().length;
      return links / Math.max(el.textContent.trim().length, 1);
    };
    const checked = toggles.filter((i) => i.checked);
    for (const input of toggles) {
      if (performance.now() >= deadline || net.stop) break;
      const hidden = after(input).filter((el) => !el.checkVisibility() && el.textContent.trim());
      if (!hidden.length) continue;
      const was = input.checked;
      input.click();
      await frame();
      for (const el of hidden) if (el.checkVisibility() && linkShare(el) <= o.toggleMaxLinkShare) opens.add(el);
      if (input.type === "checkbox" && input.checked !== was) input.click();
    }
    for (const input of checked) if (!input.checked) input.click();
    await frame();
    pending = await settle();
  }
  // A text or a list paged in place (only the current page on the page, re-rendered by a "Next" button that is
  // not a link: a ninth blind round) is read page by page: "Next" is pressed, settling after each press, while
  // what it pages changes, for ``pagesMax`` pages at most, and what each page showed is kept in a static copy
  // before the last one, in order. What it pages: the parts a press changed of the button's nearest ancestor
  // with a part, beside the one holding the button, of ``pageMinChars`` characters or more.
  const nextLabel = new RegExp(o.nextPattern, "i");
  const continueLabel = new RegExp(o.continuePattern, "i");
  // A field a reader fills or chooses in, outside the page's edges (a search box in its header is not one).
  const FIELDS = 'input:not([type="hidden"]):not([type="button"]):not([type="submit"]):not([type="reset"])'
    + ':not([type="image"]):not([type="search"]), select, textarea';
  const asksNothing = () => ![...document.querySelectorAll(FIELDS)].some((f) => f.checkVisibility() && !f.closest(o.edges));
  // A calendar's step ("›" named "Next month", "Next week ›") shows another period's table, not the next part of the
  // page's text (a 101st blind round's prayer timetable read four months where its page shows one).
  const PERIOD = new RegExp("(^|[^\\p{L}])(days?|weeks?|months?|years?|dates?|periods?|seasons?|tag|woche|monat|jahr"
    + "|jour|semaine|mois|année|día|semana|mes|año|giorno|settimana|mese|anno|dag|maand|jaar|dzień|tydzień|miesiąc"
    + "|rok)([^\\p{L}]|$)", "iu");
  const periodStep = (el) => PERIOD.test(`${el.getAttribute("aria-label") || ""} ${el.getAttribute("title") || ""} `
    + `${el.textContent || ""}`);
  const saysNext = (el) => !periodStep(el) && (nextLabel.test((el.textContent || "").trim())
    || nextLabel.test(el.getAttribute("aria-label") || "")
    || continueLabel.test((el.textContent || "").trim()) && asksNothing());
  // A link to a route of the page's own hash router ("#page/2", "#/p/2", "#!/page/2": a path after the "#", where an
  // in-page jump names an element) pages in place too (Backbone's, AngularJS's routers: a 21st blind round).
  const routeLink = (el) => el.localName === "a" && /^#!?\/?[^/\s]+\//.test(el.getAttribute("href") || "")
    && !document.getElementById(el.getAttribute("href").slice(1));
  // A strip of text-less arrows in an ``aside`` of its own (reveal.js's slide controls: a 31st blind round) is the
  // content's, not a sidebar's.
  const atEdge = (el) => {
    const edge = el.closest(o.edges);
    return !!edge && (edge.localName !== "aside" || !!edge.textContent.trim() || !!edge.parentElement?.closest(o.edges));
  };
  const PAGER_LINKS = 'a[href*="?"], a[href]:not([href^="#"]):not([href*=":"])';
  const pagerPressable = (el) => pressable(el) || queryLink(el);
  // (in the page's shadow roots too, for the page's: a Lit diary's "Next entry", a 145th blind round read one entry
  // of five)
  const nextButton = (within) => {
    const selector = `${BUTTONS}, a[href^="#"], ${PAGER_LINKS}`;
    for (const el of within === document.body ? everywhere(selector) : within.querySelectorAll(selector)) {
      if (el.matches('a[href^="#"]:not([href="#"])') && !routeLink(el)) continue;
      // (its label first: every link of the page passes here, and few say "Next")
      if (!saysNext(el) || !pagerPressable(el) || el.getAttribute("aria-disabled") === "true" || atEdge(el)) continue;
      if (shows(el)) return el;
    }
    return null;
  };
  const pages = (el) => [el, ...el.querySelectorAll('button, [role="button"], a')].some(saysNext);  // holds a "Next"
  let paged = 0, pagesLeft = false;
  // Whether an element shows a reader anything: not hidden, nor transparent (a reveal.js deck keeps the slides
  // next to the one shown at opacity 0: a 31st blind round).
  const seen = (el) => el.checkVisibility({opacityProperty: true, visibilityProperty: true});
  // A part copied as it showed: an element hidden beside a shown one of its kind is left out (a deck's other slides,
  // a wizard's other steps; a Markdown deck's copies held every slide in a 31st blind round).
  const shownCopy = (el) => {
    const copy = el.cloneNode(true), pairs = framePairs(el, copy);
    const originals = [el, ...el.querySelectorAll("*")], copies = [copy, ...copy.querySelectorAll("*")];
    const showing = (e) => seen(e) || getComputedStyle(e).display === "contents";
    const shownKinds = new Map();  // parent -> the tag names of its shown children
    const kinds = (parent) => {
      if (!shownKinds.has(parent)) {
        shownKinds.set(parent, new Set([...parent.children].filter(showing).map((c) => c.localName)));
      }
      return shownKinds.get(parent);
    };
    for (let k = originals.length - 1; k > 0; k--) {
      const e = originals[k], parent = e.parentElement;
      if (!showing(e) && parent && showing(parent) && kinds(parent).has(e.localName)) copies[k].remove();
    }
    return inlineFrames(pairs, copy);
  };
  // Parts of a region shown one at a time, read in turn: ``turn(region, k)`` shows the next part (false when
  // there is none or the page moved on); the region is the nearest ancestor of ``control`` holding, beside the
  // child that holds the controls (``holds``), a part of pageMinChars characters or more (the page's body for a
  // "Next" button, none for a choice). What each part showed is kept in a static copy before the last, in order;
  // a turn that changed nothing ends the reading, or (``skip``, the first turn only) goes on to the next; so does
  // one that showed less than ``least`` characters of new text.
  const readParts = async (control, holds, turn,
    {orBody = true, skip = false, least = 0, most = o.pagesMax, keepFirst = false} = {}) => {
    // (or parts of one kind shown one at a time, short each but a page together: a carousel's captioned slides,
    // its controls in a row of their own beside them, a 144th blind round's Vue gallery read one caption of four)
    const chars = (c) => c.textContent.trim().length;
    // (and a component's shadow root holding text beside its controls is the component's box: what a press
    // changes in it is not seen from outside, where the component is one element with no text of its own)
    const holdsPage = (a) => {
      const parts = [...a.children].filter((c) => !holds(c));
      if (a instanceof ShadowRoot && parts.some((c) => chars(c) > 0)) return true;
      return parts.some((c) => chars(c) >= o.pageMinChars) || slidesOf(a, parts) !== null;
    };
    // The tag name of a box's parts shown one at a time, or null: two or more of one kind, one of them seen, together
    // a page, beside a few short others (a carousel's figures beside its "Previous" button and its "2 / 4" counter: a
    // 164th blind round's Vue gallery read one caption of four). The others are not what is paged.
    const slidesOf = (a, parts = [...a.children].filter((c) => !holds(c))) => {
      const hidden = parts.find((c) => !seen(c));
      const alike = hidden ? parts.filter((c) => c.localName === hidden.localName) : [];
      return alike.length >= 2 && alike.filter(seen).length === 1
        && parts.every((c) => c.localName === hidden.localName || chars(c) <= o.besideSlidesMaxChars)
        && alike.reduce((n, c) => n + chars(c), 0) >= o.pageMinChars ? hidden.localName : null;
    };
    // (out of a shadow root through the root itself, whose children are the component's parts, then its host)
    const outward = (n) => n.parentElement || (n.parentNode instanceof ShadowRoot ? n.parentNode : null)
      || (n instanceof ShadowRoot ? n.host : null);
    let region = outward(control);
    while (region && region !== document.body && !holdsPage(region)) region = outward(region);
    if (!region || region === document.body && !orBody) return 0;
    const copies = [], texts = new Set();
    // what a part shows, one text node a line: a wizard's steps are all on the page, each but the current one hidden
    // (a 23rd blind round)
    const seenText = (c) => {
      if (!seen(c)) return "";
      const shown = new Map(), out = [];
      const walker = document.createTreeWalker(c, NodeFilter.SHOW_TEXT);
      for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const text = t.data.trim(), parent = t.parentElement;
        if (!text || !parent) continue;
        if (!shown.has(parent)) shown.set(parent, seen(parent));
        if (shown.get(parent)) out.push(text);
      }
      return out.join("\n");
    };
    let live = [], read = 0, firstCopies = -1, round = false;
    const slides = [...region.children].some((c) => !holds(c) && chars(c) >= o.pageMinChars) ? null : slidesOf(region);
    const current = () => [...region.children]
      .filter((c) => !holds(c) && !forScreenReaders(c) && (!slides || c.localName === slides));
    const firstTexts = new Set();  // what the parts showed before the first turn
    const lines = new Set();  // every line the region showed
    const copiesOf = (parts) => parts.map(([, , copy]) => copy);  // the static copies of [part, text, copy] rows
    const newChars = (text) => text.split("\n").reduce((n, line) =>
      n + (lines.has(line.trim()) ? 0 : line.trim().length), 0);
    for (let k = 0; region.isConnected; k++) {
      if (performance.now() >= deadline || steps >= o.steps || net.stop) break;
      if (read >= most) { pagesLeft = true; break; }
      const before = current().map((c) => [c, seenText(c), shownCopy(c)]);
      if (firstCopies < 0) before.forEach(([, text]) => firstTexts.add(text));
      before.forEach(([, text]) => texts.add(text));
      before.forEach(([, text]) => text.split("\n").forEach((line) => lines.add(line.trim())));
      if (!await turn(region, k)) break;
      await finishAnimations();  // a slide sliding out still shows: read once it has gone
      // what the turn brought may be cut short again ("Read more" on each notice of an obituaries list's second
      // page, opened on the first only: a 150th blind round): opened as on the first
      await pressMore(region === document.body ? document : region, Infinity, false);
      if (!bound && !net.stop && !moved && steps < o.steps) {
        await openDisclosures(closedDisclosures().filter((b) => region.contains(b)));
      }
      const after = new Map();  // what each part shows now, read once (a walk over its text)
      const textNow = (c) => { if (!after.has(c)) after.set(c, seenText(c)); return after.get(c); };
      const changed = before.filter(([c, text]) => !c.isConnected || textNow(c) !== text);
      // a part that only grew (a slide's fragments shown one by one: a 31st blind round) still shows what it showed:
      // not copied; nor is one that showed nothing before (a wizard's next step, hidden until now, was copied as
      // gone beside itself: a 109th blind round's tutorial read each step twice)
      const gone = changed.filter(([c, text]) => {
        if (!c.isConnected) return !!text;
        const shown = new Set(textNow(c).split("\n").map((line) => line.trim()));
        return text.split("\n").some((line) => line.trim() && !shown.has(line.trim()));
      });
      const now = current().filter((c) => !texts.has(textNow(c)));
      // new lines, not only new arrangements of lines seen (a list re-sorted), nor a price or a note
      if (least && now.reduce((n, c) => n + newChars(textNow(c)), 0) < least) now.length = 0;
      if (skip && !changed.length && k === 0) continue;  // the first choice showing what was shown (a "Choose…")
      // a press that only added a page's worth of new parts paged too (htmx's "Next page" swapping its pager for the
      // next page and the next pager: a 40th blind round)
      const added = !changed.length && now.filter((c) => !before.some(([b]) => b === c))
        .reduce((n, c) => n + newChars(textNow(c)), 0) >= o.pageMinChars;
      // back at the first part (a carousel going round: the live parts show what the first turn's copies hold, and
      // the part read last has gone): what the last turn took away is copied too, and the copies after the first
      // turn's follow the live parts (a 141st blind round read its first quote twice, the last never)
      if (changed.length && !now.length && firstCopies >= 0 && gone.length
          && current().every((c) => firstTexts.has(textNow(c)))) {
        copies.push(...copiesOf(gone));
        round = true;
        break;
      }
      // a numbered pager's first turn that brought too little (``least``) took away what the page showed: put back,
      // ``keepFirst`` (its second page of one short review left the page showing it alone, the first page's text lost;
      // not a view's switch, whose new arrangement of the lines seen was copied beside them)
      if (keepFirst && changed.length && !now.length && firstCopies < 0 && gone.length) {
        copies.push(...copiesOf(gone));
        live = changed.map(([c]) => c).filter((c) => c.isConnected);
      }
      if (!changed.length && !added || !now.length) break;  // nothing paged, or back to a part seen
      if (firstCopies < 0) firstCopies = gone.length;
      copies.push(...copiesOf(gone));
      live = now;
      paged++;
      read++;
    }
    // (the live parts, or, drawn anew at each turn, the parts the region holds now)
    const shown = live.some((c) => c.isConnected) ? live.filter((c) => c.isConnected) : current();
    if (shown.length) {
      const placed = round ? copies.slice(firstCopies) : copies;
      if (round) shown[shown.length - 1].after(...placed.map(standIn));
      else for (const copy of placed) shown[0].before(standIn(copy));
      dropRepeatedHeads(round ? [...shown, ...placed] : [...placed, ...shown]);
    }
    return read;
  };
  // A table paged in place shows its column heads on every page; read page after page, they are said once: the
  // head of each page's table after the first one with the same heads is taken out (a 133rd blind round's trail
  // table read "Trail | Park | ... | Checked" three times).
  const headOf = (part) => part.querySelector("thead") || [...part.querySelectorAll("tr")]
    .find((tr) => tr.cells.length > 1 && [...tr.cells].every((cell) => cell.localName === "th")) || null;
  const dropRepeatedHeads = (parts) => {
    const said = new Set();
    for (const part of parts) {
      const head = headOf(part), text = head && squeeze(head.textContent);
      if (!text) continue;
      if (said.has(text)) head.remove();
      said.add(text);
    }
  };
  const next = bound || net.stop || moved || !document.body ? null : nextButton(document.body);
  if (next) {
    await readParts(next, pages, async (region, k) => {
      const button = k === 0 ? next : nextButton(region);
      return !!button && !await press(button);
    });
  }
  // A list or a text paged by numbered buttons alone ("1 2 3": list.js's pagination, a 27th blind round; "Chapter 1
  // Chapter 2…", a story's chapters fetched into one pane by plain buttons, a 42nd blind round) is read the same
  // way, "2", "3"… pressed in turn: buttons (not links to other addresses) labelled with consecutive numbers from 1
  // or 2, each after the same word or none, a "2" among them, two at least, together in a box (three levels up from
  // the "2" at most) outside the page's edges and not asking for an opinion (a survey's 1-10). Each page must bring
  // new lines. A choice that records what the reader thinks (a rating's stars, a poll) is not made for them.
  const opinion = /(^|[^a-z])(rat(e|ing)s?|stars?|polls?|vot(e|es|ing)|survey|feedback|quiz|answers?)([^a-z]|$)/i;
  // a label's word and number ("Chapter 2" -> ["chapter", 2], "2" -> ["", 2]), or null
  // (a label of up to three words before the number: a carousel's dots, "Show quote 2", "Go to slide 2", drawn
  // without text and named for screen readers, turned to each quote of a 152nd blind round's, one shown at a time)
  // (a dot drawn as a character, "•", is named for screen readers too: "Show quote 2", a 166th blind round's press
  // quotes)
  const numbering = (el) => {
    const drawn = labelOf(el);
    const label = /[\p{L}\p{N}]/u.test(drawn) ? drawn : el.getAttribute("aria-label") || drawn;
    const m = /^(?:([\p{L}][\p{L}.]{0,19}(?:\s[\p{L}][\p{L}.]{0,19}){0,2})\s*)?(\d{1,3})$/u
      .exec(label.replace(/\s+/g, " "));
    return m ? [(m[1] || "").toLowerCase(), Number(m[2])] : null;
  };
  const numbered = (el, word, n) => { const m = numbering(el); return !!m && m[0] === word && m[1] === n; };
  // A pager's buttons, and links to a place in the page ("Part 2" at "#part2", its script rendering the part: a
  // 47th blind round; a table of contents' link only scrolls, bringing nothing new, which ends the reading).
  const PAGER = BUTTONS + ', a[href^="#"]';
  const NUMBERED = `${PAGER}, ${PAGER_LINKS}`;  // what a numbered pager's numbers may be
  // (tabs are no pager: a tab list's "Week 1", "Week 2", "Week 3" were read by the tabs' reader, and read again as
  // pages they pressed "Week 2" last, its panel drawn in the place of the third: a 93rd blind round's school meals;
  // nor are footnotes' marks, "Footnote 1", "Footnote 2": a 97th's)
  const numberedPager = () => {
    for (const two of document.body.querySelectorAll(NUMBERED)) {
      const label = numbering(two);
      if (!label || label[1] !== 2 || !pagerPressable(two) || two.closest(o.edges) || !shows(two)
          || two.closest('[role="tab"], [role="tablist"]') || footnoteMark(two)) continue;
      const [word] = label;
      for (let box = two.parentElement, k = 0; box && box !== document.body && k < 3; box = box.parentElement, k++) {
        if (opinion.test(`${box.id} ${box.getAttribute("class") || ""} ${box.getAttribute("aria-label") || ""}`)) break;
        const labelled = [...box.querySelectorAll(NUMBERED)].map((el) => [el, numbering(el)])
          .filter(([el, m]) => m && m[0] === word && pagerPressable(el));
        const n = labelled.map(([, m]) => m[1]);
        if (n.length < 2) continue;  // the "2" alone in its item: its pager is further up
        if (n[0] <= 2 && n[0] >= 1 && n.every((v, i) => v === n[0] + i)) return [box, labelled.map(([el]) => el), word];
        break;
      }
    }
    return null;
  };
  const pager = next || bound || net.stop || moved || !document.body ? null : numberedPager();
  // (slides of a carousel are paged whatever their length: press quotes behind "Quote 1" to "Quote 3", a 173rd
  // blind round's)
  const carouselName = new RegExp(o.carouselPattern, "i");
  const inCarousel = (box) => {
    for (let a = box, k = 0; a && a !== document.body && k <= o.carouselLevels; a = a.parentElement, k++) {
      if (carouselName.test(`${a.getAttribute("aria-roledescription") || ""} ${a.getAttribute("class") || ""} `
        + `${a.id}`)) return true;
    }
    return false;
  };
  if (pager) {
    const [, buttons, word] = pager;
    let [box] = pager;
    const least = inCarousel(box) ? 1 : o.pageMinChars;
    await readParts(buttons.find((el) => numbered(el, word, 2)), (c) => c.contains(box), async (region, k) => {
      const now = numberedPager();
      const button = now && now[2] === word && now[1].find((el) => numbered(el, word, k + 2));
      if (!button || await press(button)) return false;
      box = (numberedPager() || [box])[0];
      return true;
    }, {least, keepFirst: true});
  }
  // An index paged by its letters (a glossary's A-Z bar, only the chosen letter's entries on the page: a 47th blind
  // round) is read the same way: buttons labelled with one letter each, in the alphabet's order from "A", lettersMin
  // of them at least, together in a box (three levels up from the "A" at most) outside the page's edges. Each letter
  // that can be pressed (one with no entries is often disabled) is pressed in turn after the one shown first
  // (marked as a selected tab is, or the first), and each must bring new lines.
  const letterOf = (el) => (/^[A-Za-z]$/.test(labelOf(el)) ? labelOf(el).toUpperCase().charCodeAt(0) - 64 : 0);
  const letterBar = () => {
    const a = [...document.body.querySelectorAll(PAGER)].find((el) => letterOf(el) === 1 && shows(el)
      && !el.closest(o.edges));
    for (let box = a && a.parentElement, k = 0; box && box !== document.body && k < 3; box = box.parentElement, k++) {
      const letters = [...box.querySelectorAll(PAGER)].filter((el) => letterOf(el));
      if (letters.length < o.lettersMin) continue;
      return letters.every((el, i) => letterOf(el) === i + 1) ? [box, letters] : null;
    }
    return null;
  };
  const bar = pager || next || bound || net.stop || moved || !document.body ? null : letterBar();
  if (bar) {
    const start = bar[1].find(picked) || bar[1].find(pressable);
    const order = bar[1].filter((el) => el !== start && pressable(el)).map(letterOf);
    let [box] = bar;
    if (order.length) {
      await readParts(bar[1].find((el) => letterOf(el) === order[0]), (c) => c.contains(box), async (region, k) => {
        const now = letterBar();
        const button = now && k < order.length && now[1].find((el) => letterOf(el) === order[k]);
        if (!button || !pressable(button) || await press(button)) return false;
        box = (letterBar() || [box])[0];
        return true;
      }, {least: 1, most: 26});  // the alphabet bounds it
    }
  }
  // A text switched in place by a choice: a story's chapters in a <select>, its parts behind radio buttons (a
  // 23rd blind round). Each later choice is made in turn as a reader makes it, settling after each, and read as
  // "Next" pages are; a choice that showed only what was seen (a list re-sorted) ends it, and, when nothing was
  // read, the first choice is made again. Only choices outside forms and the page's chrome, beside a part of
  // pageMinChars or more; a navigation to another document that a choice starts is stopped.
  const stay = (e) => { if (e.destination && !e.destination.sameDocument && e.cancelable) e.preventDefault(); };
  const choose = async (pick) => {
    if (window.navigation) navigation.addEventListener("navigate", stay);
    try {
      anew();
      pick();
      await settleAfterAction();
    } finally {
      if (window.navigation) navigation.removeEventListener("navigate", stay);
    }
    return !movedOn();
  };
  const choices = (el) => !el.disabled && !el.form && !el.closest(o.chrome) && shows(el);
  // A product's option (its size, colour or finish: a 29th blind round read all three finishes' descriptions of a
  // Vue shop) is not a text's part: a select or a radio group named so by its label, aria-label, name, id
  // or class is left, as is a select of numbers alone (a table's page length, a quantity).
  const OPTION_NAMES = new RegExp("(^|[^\\p{L}])(sizes?|colou?rs?|finish(es)?|materials?|variants?|options?|styles?|fit"
    + "|length|width|quantity|qty|capacity|flavou?rs?|scents?|editions?|models?|größe|farbe|taille|couleur|talla"
    + "|taglia|colore|maat|kleur|storlek|färg|rozmiar|kolor|размер|цвет|サイズ|カラー|尺寸|颜色|사이즈|색상)([^\\p{L}]|$)", "iu");
  // Nor is a list's order or filter ("Sort by": a review widget empties its list and loads its first page again for
  // each order, which undid an 84th blind round's two presses of "Load more reviews").
  const LIST_CONTROL_NAMES = /(^|[^\p{L}])(sort(ed|ing)?|order(ing)?|filters?|sortieren|trier|ordenar|ordinare)([^\p{L}]|$)/iu;
  // Nor is the place, period or measure a view of figures is drawn for ("Choose a region": a data explorer redrew its
  // summary and table for each of 13 regions, a 96th blind round; a salary guide's "Region", an 82nd; a water
  // company's "Supply zone", a 148th, read five zones' results): the other choices are other views of the data,
  // their default the page's.
  const VIEW_PICKER_NAMES = new RegExp("(^|[^\\p{L}])(regions?|areas?|countr(y|ies)|states?|count(y|ies)|city|cities"
    + "|zones?|districts?|wards?|boroughs?|provinces?|neighbou?rhoods?|towns?|suburbs?|parish(es)?|stations?"
    + "|branch(es)?|quarters?"
    + "|locations?|postcodes?|zip|currency|currencies|measures?|indicators?|metrics?|years?|months?|periods?"
    + "|région|pays|año|país|jahr|année|anno|regione)([^\\p{L}]|$)", "iu");
  // a product's option or a view's picker, by the names a select or a radio group carries
  const choiceNamed = (names) => OPTION_NAMES.test(names) || VIEW_PICKER_NAMES.test(names);
  const namedAsOption = (el) => {
    const names = [el.getAttribute("aria-label"), el.getAttribute("name"), el.id, el.getAttribute("class"),
      ...[...(el.labels || [])].map((label) => [...label.childNodes].filter((n) => n.nodeType === 3)
        .map((n) => n.data).join(" "))].join(" ");
    return choiceNamed(names) || LIST_CONTROL_NAMES.test(names);
  };
  // A choice put to the reader as a question ("What colour is the light on your hub?" in its legend, its label or
  // the line before it) takes an answer: a troubleshooting wizard fetched the steps after each answer and dropped
  // the others', so reading every answer stacked three paths where a reader sees the default one (a 105th blind
  // round). Its answer stays the page's, as a view's picker does.
  const QUESTION = /[?？؟]\s*$/;
  const asQuestion = (controls) => {
    let box = controls[0].parentElement;  // the box around the group's controls (a select's own)
    while (box && !controls.every((c) => box.contains(c))) box = box.parentElement;
    if (!box) return false;
    const group = box.closest("fieldset, [role=radiogroup]") || box;
    const one = controls.length === 1 ? controls[0] : null;  // a select: its labels and the line before it too
    const said = [
      group.localName === "fieldset" ? group.querySelector(":scope > legend") : null,
      ...(group.getAttribute("aria-labelledby") || "").split(/\s+/).map((id) => id && document.getElementById(id)),
      one && one.previousElementSibling, group.previousElementSibling,
      !group.previousElementSibling && group.parentElement ? group.parentElement.previousElementSibling : null,
    ].map((el) => el ? el.textContent : "");
    // (a label around a select holds its options' text too)
    const labels = one && one.labels ? [...one.labels].map((l) => l.textContent.replace(one.textContent, "")) : [];
    return [...said, ...labels, group.getAttribute("aria-label") || ""].some((text) => QUESTION.test(text.trim()));
  };
  let chosenAgain = false;  // a choice made, then the first made again
  const beforeChoices = textLength();
  for (const select of bound || net.stop || moved ? [] : [...document.querySelectorAll("select")]) {
    if (select.multiple || !choices(select) || select.options.length < 2 || select.options.length > o.pagesMax + 1
        || namedAsOption(select) || asQuestion([select])
        || [...select.options].every((op) => /^\s*\d+\s*$/.test(op.text))) {
      continue;  // a long list (countries, dates) is a form's, not a text's parts; a product's option neither
    }
    const first = select.selectedIndex, count = select.options.length;
    const pick = (k) => () => {
      select.selectedIndex = k;
      for (const type of ["input", "change"]) select.dispatchEvent(new Event(type, {bubbles: true}));
    };
    const read = await readParts(select, (c) => c.contains(select),
      async (region, k) => first + k + 1 < count && select.isConnected && choose(pick(first + k + 1)),
      {orBody: false, skip: true, least: o.pageMinChars});
    if (!read && select.isConnected && select.selectedIndex !== first && !moved) {
      await choose(pick(first));
      chosenAgain = true;
    }
  }
  const groups = new Map();
  for (const radio of bound || net.stop || moved ? [] : document.querySelectorAll('input[type="radio"][name]')) {
    if (!choices(radio)) continue;
    if (!groups.has(radio.name)) groups.set(radio.name, []);
    groups.get(radio.name).push(radio);
  }
  const asks = (radio) => [radio, radio.closest("fieldset, [role=radiogroup]") || radio.parentElement]
    .some((el) => el && (opinion.test(`${el.getAttribute("name") || ""} ${el.id} ${el.getAttribute("class") || ""}`)
                         || choiceNamed(`${el.getAttribute("name") || ""} ${el.id} ${el.getAttribute("aria-label") || ""}`)));
  for (const radios of groups.values()) {
    const first = radios.findIndex((r) => r.checked);
    if (radios.length < 2 || radios.length > o.pagesMax + 1 || first < 0 || moved || net.stop || asks(radios[0])
        || asQuestion(radios)) {
      continue;
    }
    const holds = (c) => radios.some((r) => c.contains(r));
    const read = await readParts(radios[first], holds,
      async (region, k) => first + k + 1 < radios.length && radios[first + k + 1].isConnected
        && choose(() => radios[first + k + 1].click()),
      {orBody: false, least: o.pageMinChars});
    if (!read && radios[first].isConnected && !radios[first].checked && !moved) {
      await choose(() => radios[first].click());
      chosenAgain = true;
    }
  }
  // A page that draws its view anew for the first choice made again may draw it as it came, its "Show all"
  // undone (a night-sky guide fetched its events again for the place chosen back and showed six of eleven: a
  // 109th blind round): its "more" buttons are pressed again, until it shows as much as it did before (no
  // further: a phone deals list, filtered by network and back, then showed one page of deals more, a 77th's).
  if (chosenAgain && textLength() < beforeChoices) await pressMore(document, beforeChoices);
  // The rows of a virtualised list seen so far (text -> [place in the list, the row, a copy]); ``scrolled``
  // gives how far what scrolls the list has moved, so that a row's place holds whatever the scroll (a
  // transform as well as a ``top``).
  const gatherer = (holderNow, scrolled) => {  // ``holderNow()``: the holder, which a list may draw anew
    const seen = new Map();
    const gather = () => {
      for (const row of holderNow().children) {
        const text = row.textContent.trim();
        if (text && !seen.has(text)) seen.set(text, [row.getBoundingClientRect().top + scrolled(), row,
                                                     row.cloneNode(true)]);
      }
    };
    return [seen, gather];
  };
  // Every row seen, in order and static, when rows it showed have left the page (else the list was not
  // virtualised and stays as it is): in a copy of the holder shown after ``place`` (the holder, or the box
  // that scrolls it). The holder and its rows
  // stay as they are, hidden: they belong to the page's framework, which unmounts the whole app (React)
  // when nodes it placed are gone at its next render (react-window in a fifth blind round, 2026-11-29).
  const putBack = (holder, seen, place = holder) => {
    // a row has left when its node has, or when the list gave its node to another row (Vue's in-place patch)
    if (![...seen].some(([text, [, row]]) => !row.isConnected || row.textContent.trim() !== text)) return;
    const rows = [...seen.values()];
    rows.sort((a, b) => a[0] - b[0]);
    const copy = holder.cloneNode(false);
    copy.removeAttribute("id");
    copy.replaceChildren(...rows.map(([, , row]) => {
      row.style.position = "static";
      row.style.top = "";
      row.style.transform = "";
      return row;
    }));
    copy.style.height = "auto";
    copy.style.paddingTop = copy.style.paddingBottom = "0";  // a list's spacers for the rows not drawn (Vuetify)
    // put after a box that is the table (ARIA's role="table" or "grid"), the copy is that table, or its rows read
    // as loose lines (a 139th blind round's pistes)
    const role = place !== holder && place.getAttribute("role");
    if (role && /^(?:table|grid|treegrid)$/.test(role.trim()) && !copy.hasAttribute("role")) {
      copy.setAttribute("role", role);
    }
    place.after(inert(copy));
    holder.style.display = "none";
  };
  const windowLists = () => {
    const found = [];
    for (const el of document.body ? document.body.getElementsByTagName("*") : []) {
      if (el.childElementCount < 2) continue;
      const tall = el.getBoundingClientRect().height;
      if (tall < 2 * window.innerHeight) continue;
      // a screenful of rows, or a few tall ones (paragraphs) keeping most of the holder's room for the others
      const many = el.childElementCount >= o.virtualMinRows;
      let placed = 0, covered = 0;
      for (const row of el.children) {
        const cs = getComputedStyle(row);
        if (cs.position === "absolute" || cs.transform !== "none") placed++;
        if (!many) covered += row.getBoundingClientRect().height;
      }
      const rows = many || covered < o.virtualSparseShare * tall;
      if (rows && placed >= o.virtualPlacedShare * el.childElementCount) found.push(el);
    }
    return found;
  };
  // A virtualised list keeps only the rows in view inside its own scroll box: each box that reacts to
  // its scrolling is scrolled a box-height at a time, settling after each step, and when rows it showed
  // have left the page, every row seen is put back in order (static, in the box), so the list reads whole.
  for (const box of net.scrollers || []) {
    if (bound || net.stop || moved || steps >= o.steps) break;
    if (!box.isConnected || box === document.body || box === document.documentElement
        || box.scrollHeight <= box.clientHeight + 1 || !shows(box)) continue;
    // the rows' holder: the box's tallest child, or inside it the one element taller than the box that
    // wraps them (uhtml drawing a <dl> of rows into a mount point, a 34th blind round)
    const tallest = () => {
      let el = [...box.children].sort((a, b) => b.scrollHeight - a.scrollHeight)[0];
      while (el && el.childElementCount === 1 && el.firstElementChild.getBoundingClientRect().height > box.clientHeight) {
        el = el.firstElementChild;
      }
      return el;
    };
    let holder = tallest();
    if (!holder) continue;
    // a list drawing its holder anew at each scroll (Solid's, a 25th blind round): the one on the page now
    const holderNow = () => (holder.isConnected ? holder : (holder = tallest() || holder));
    const [seen, gather] = gatherer(holderNow, () => box.scrollTop);
    if (box.scrollTop > 0) {  // scrolled already (to a watched element in it): its first rows are read from the top
      anew();
      box.scrollTop = 0;
      await frame();
      await frame();
      pending = await settle();
    }
    gather();
    while (box.scrollTop + box.clientHeight < box.scrollHeight - 1) {
      if (performance.now() >= deadline || steps >= o.steps) break;  // the rest of a box is read as it is
      const before = box.scrollTop;
      anew();
      box.scrollTop = before + box.clientHeight;
      if (box.scrollTop === before) break;
      steps++;
      await frame();
      await frame();
      pending = await settle();
      gather();
    }
    box.scrollTop = 0;
    await frame();
    pending = await settle();
    // after the box, not in it: the list may scroll its box back to where it was once its rows are gone
    // (Vuetify's does), and the copy's first rows would lie above the box's top, out of sight
    putBack(holderNow(), seen, box);
  }
  // A list virtualised on the window's scroll (a holder at least two viewports tall, its rows placed
  // absolutely or by a transform): read a viewport at a time from its top to its end, settling after
  // each step, and put back whole the same way, once the page is back at its top.
  for (const holder of bound || net.stop || moved || !listens() ? [] : windowLists()) {
    const [seen, gather] = gatherer(() => holder, () => window.scrollY);
    const top = Math.max(holder.getBoundingClientRect().top + window.scrollY, 0);
    window.scrollTo({left: 0, top, behavior: "instant"});
    await frame();
    pending = await settle();
    gather();
    while (holder.getBoundingClientRect().bottom > window.innerHeight + 1) {
      if (performance.now() >= deadline || steps >= o.steps || net.stop) break;  // the rest is read as it is
      if (!await step(window.scrollY + window.innerHeight, false)) break;
      gather();
    }
    window.scrollTo({left: 0, top: 0, behavior: "instant"});
    await frame();
    pending = await settle();
    putBack(holder, seen);
  }
  if (net.flush) net.flush();
  if (movedOn() && net.adds) {
    for (let k = net.adds.length - 1; k >= 0; k--) if (net.adds[k].isConnected) net.adds[k].remove();
    try { history.replaceState(history.state, "", href0); } catch (e) { /* the page's own history */ }
  } else {
    if (titled && net.adds) for (const n of net.adds) if (otherArticle(n)) { n.remove(); others++; }
    // pages turned by a hash router's links, tabs and pagers that push their state on a press (a 133rd blind round's
    // result was addressed "?tab=join"): the address read is the one asked for (the routes are not told); on a page
    // whose <title> names its <h1> too (a 149th blind round's club page, its tabs pushing "?tab=join")
    if ((paged || pressedAway) && location.href !== href0) {
      try { history.replaceState(history.state, "", href0); } catch (e) { /* the page's own history */ }
    }
  }
  net.adds = null;
  if (!net.stop) {
    window.scrollTo({left: 0, top: 0, behavior: "instant"});
    for (const [box, top] of panes) box.scrollTop = top;
    for (const [box, [left, top]] of boxes) { box.scrollLeft = left; box.scrollTop = top; }
    // What a reader sees once the page's animations have played: every finite CSS animation and
    // transition is finished (sections faded in, text a font loader keeps transparent for its first
    // seconds back in its colour, a splash faded out); endless ones (spinners) are left running.
    // An animation's end can set off more (a loader's pulse whose end starts the article's fetch, then its
    // fade-in: a ninth blind round): what it sets off is settled, and its own animations finished, in turn.
    await finishAnimations();
  }
  // A page locked by a dialog that opened as it was scrolled (a newsletter sign-up past a quarter of the page:
  // tingle.js, a 28th blind round; body-scroll-lock alike) has its body fixed at minus the scroll offset, its
  // text above the top of the page: it is unlocked, as a reader reads it once the dialog is closed (the
  // dialog, fixed over the page, is an overlay).
  for (const el of [document.documentElement, document.body]) {
    const cs = el && getComputedStyle(el);
    if (cs && cs.position === "fixed" && parseFloat(cs.top) < 0) el.style.setProperty("position", "static", "important");
  }
  // A wall still over the page at the end, with no button pressed (none labelled as consent or an age gate's
  // "Yes"), over a page showing less than a shell's text besides: what it holds back was never drawn (a 114th
  // blind round's age gate came out empty, and said nothing).
  const wallLeft = !!walled && !accept && !wallFrame && walled.isConnected && shows(walled) && !!document.body
    && document.body.innerText.length - (walled.innerText || "").length < o.shellChars;
  return {steps, pending, placeholder: pending === "placeholders", bound, moved, others, paged, pagesLeft,
          wallFrame: !!wallFrame, wallLeft, capMs: cap, ms: performance.now() - t0,
          elements: document.getElementsByTagName("*").length};
}