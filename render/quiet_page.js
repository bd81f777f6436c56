
(() => {
  const TIMER_MAX = %(timer_max)s, CHAIN_MAX = %(chain_max)s, REPEAT_MAX = %(repeat_max)s, SIG = %(sig)s;
  const INTERACT = new Set(%(interact)s), CHANNEL_WAIT = %(channel_wait)s, IMAGES_OFF = %(images_off)s;
  const CHANNEL_FIRST_WAIT = %(channel_first_wait)s;
  const net = {inflight: 0, outside: 0, outsideAt: -Infinity, started: 0, last: 0, scrolls: false, timers: new Map(), lastChange: -Infinity, prevChange: -Infinity,
               dynamic: false, stop: false, later: new Map(), intervals: new Map(), workers: 0, lastFire: -Infinity,
               scrollers: new Set(), channels: new Map(), roots: [], lastAdd: -Infinity, streams: false};
  Object.defineProperty(window, "__pagesightNet", {value: net, enumerable: false});
  const begin = () => { net.inflight++; net.started++; net.dynamic = true; net.last = performance.now(); };
  const end = () => { net.inflight--; net.last = performance.now(); };
  // One request begun: the function that ends it, once however often it is called (load and error both).
  const request = () => {
    begin();
    let open = true;
    return () => { if (open) { open = false; end(); } };
  };
  // A promise-returning call counted in flight until its promise settles.
  const tracked = (call0) => function (...args) {
    begin();
    let promise;
    try { promise = call0.apply(this, args); } catch (e) { end(); throw e; }
    promise.then(end, end);
    return promise;
  };
  if (window.fetch) window.fetch = tracked(window.fetch);
  // A fetch resolves with the headers; the page then reads the body, which may come much later.
  const body = window.Response && Response.prototype;
  for (const name of ["arrayBuffer", "blob", "bytes", "formData", "json", "text"]) {
    if (body && typeof body[name] === "function") body[name] = tracked(body[name]);
  }
  // A body read chunk by chunk (a streamed answer): each read in flight until its chunk comes.
  const reader = window.ReadableStreamDefaultReader && ReadableStreamDefaultReader.prototype;
  if (reader && typeof reader.read === "function") {
    const read0 = tracked(reader.read);
    reader.read = function (...args) {  // ``net.chunkAt``: when a chunk last came (a stream still delivering)
      const reading = read0.apply(this, args);
      reading.then((r) => { if (r && !r.done) net.chunkAt = performance.now(); }, () => {});
      return reading;
    };
  }
  const send0 = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.send = function (...args) {
    begin();
    this.addEventListener("loadend", end);
    try { return send0.apply(this, args); } catch (e) { end(); throw e; }
  };
  // Storage a page reads its content from is a request like a fetch: opening an IndexedDB database (slow
  // in a new profile, as every rendering's is: a fifth blind round's page was lost in 1 render of 2 after
  // the browser started) until it succeeds or fails, and the Cache API's opens and look-ups.
  const idb = window.IDBFactory && IDBFactory.prototype, idbOpen0 = idb && idb.open;
  if (idbOpen0) {
    idb.open = function (...args) {
      const opening = idbOpen0.apply(this, args), done = request();
      for (const type of ["success", "error", "blocked"]) opening.addEventListener(type, done);
      return opening;
    };
  }
  // A Web Lock asked for: its callback, and what it fetches, waits for the lock; in flight until it runs.
  const locks = navigator.locks, lockRequest0 = locks && locks.request;
  if (typeof lockRequest0 === "function") {
    locks.request = function (...args) {
      const k = args.length - 1, fn = args[k];
      if (typeof fn !== "function") return lockRequest0.apply(this, args);
      const ran = request();
      args[k] = function (...given) { ran(); return fn.apply(this, given); };
      const promise = lockRequest0.apply(this, args);
      promise.then(ran, ran);
      return promise;
    };
  }
  const cacheStore = window.CacheStorage && CacheStorage.prototype;
  for (const name of ["open", "match"]) {
    if (cacheStore && typeof cacheStore[name] === "function") cacheStore[name] = tracked(cacheStore[name]);
  }
  let chain = 0;
  const repeats = new Map();  // delay -> times scheduled (cleared by each scroll step of the settle step)
  net.repeats = repeats;
  const setTimeout0 = window.setTimeout, clearTimeout0 = window.clearTimeout;
  // The settle step's own sleeps: through the wrapper they would count as the page's timers and
  // activity, and a page that stays unfilled would then be waited for until settle_max_ms.
  net.sleep = (ms) => new Promise((ok) => setTimeout0.call(window, ok, ms));
  // Timeout and interval ids share one pool, and either clear function ends either kind.
  const forget = (id) => { net.timers.delete(id); net.later.delete(id); net.intervals.delete(id); seriesOf.delete(id); };
  // One rule for code a page runs later, by a timer, an idle callback or an animation frame: it is waited
  // for when due within TIMER_MAX and not a loop (CHAIN_MAX, REPEAT_MAX), or when the page added content
  // since such code last ran or such code added content within RHYTHM_MAX (a paragraph every few steps of
  // a loop); else, but for frames, only while the page shows nothing.
  const RHYTHM_MAX = %(rhythm_max)s, RHYTHM_FACTOR = %(rhythm_factor)s;
  const TYPED_MAX = %(typed_max)s, TYPING_STREAK = %(typing_streak)s;
  let stepAdded = -Infinity;  // when code run later last added content
  // The timeouts one run of a script lays out at once (a paragraph every 700 ms): a series. Once one of
  // them added content, the next is waited for however far away, when it is due no later than the series'
  // step from the one before, and half a step again for jitter (RHYTHM_FACTOR), as content coming in steps is.
  let series = null;
  const seriesOf = new Map();  // pending timeout id -> [its series, when it is due]
  const currentSeries = () => {
    if (!series) { series = []; queueMicrotask(() => { series = null; }); }
    return series;
  };
  const nextInSeries = ([members, due]) => {  // (a run's entry of seriesOf)
    const earlier = members.filter((m) => m[1] < due).map((m) => m[1]);
    const later = members.filter((m) => m[1] > due && seriesOf.has(m[0])).sort((a, b) => a[1] - b[1]);
    if (!earlier.length || !later.length) return;
    const step = due - Math.max(...earlier), [next, nextDue] = later[0];
    if (step > 0 && nextDue - due <= RHYTHM_FACTOR * step && !net.timers.has(next)) net.timers.set(next, nextDue);
  };
  const later = (kind, schedule, fn, d, args) => {
    const depth = chain + 1, key = kind + d;
    const seen = (repeats.get(key) || 0) + 1;
    repeats.set(key, seen);
    const loop = !(depth <= CHAIN_MAX && seen <= REPEAT_MAX);
    const track = d <= TIMER_MAX && (!loop || addedSinceFire() || performance.now() - stepAdded < RHYTHM_MAX);
    let id;
    const run = function (...given) {
      net.timers.delete(id);
      net.later.delete(id);
      const t = net.lastFire = performance.now();
      const saved = chain;
      chain = depth;
      try { return fn.apply(this, given.length ? given : args); } finally {
        chain = saved;
        const entry = seriesOf.get(id);
        seriesOf.delete(id);
        const added = () => {
          stepAdded = performance.now();
          if (entry) nextInSeries(entry);
        };
        // A framework renders what the run changed a few microtasks later (Lit, Vue, Svelte: a batch of updates a
        // run): asked again once they have run, so that a list drawn in timed batches is a loop adding content (a
        // 124th blind round's last section, due 650 ms after the last batch, came after the page was read).
        if (addedSince(t)) added();
        else setTimeout0.call(window, () => { if (addedSince(t)) added(); }, 0);
      }
    };
    const handle = schedule(run);
    // Timeout ids are the page's own; the others get a prefix; a posted task (a promise) a number.
    id = kind === "t" ? handle : kind === "p" ? "p" + ++posted : kind + handle;
    if (kind === "p") handle.then(null, () => forget(id));  // aborted by its signal: it never runs
    const due = performance.now() + d;
    if (kind === "t" && !loop) {
      const members = currentSeries();
      members.push([id, due]);
      seriesOf.set(id, [members, due]);
    }
    if (track) { net.timers.set(id, due); net.dynamic = true; }
    else if (kind !== "f") net.later.set(id, due);  // an animation's frames are no promise of content
    return handle;
  };
  window.setTimeout = function (fn, delay, ...args) {
    if (typeof fn !== "function") return setTimeout0.call(window, fn, delay, ...args);
    return later("t", (run) => setTimeout0.call(window, run, delay), fn, Math.max(Number(delay) || 0, 0), args);
  };
  // A task posted to the page's scheduler (``scheduler.postTask``), delayed or not, is a timer of its delay.
  const tasks = window.scheduler, postTask0 = tasks && tasks.postTask;
  let posted = 0;
  if (typeof postTask0 === "function") {
    tasks.postTask = function (fn, options) {
      if (typeof fn !== "function") return postTask0.call(tasks, fn, options);
      const d = Math.max(Number(options && options.delay) || 0, 0);
      return later("p", (run) => postTask0.call(tasks, run, options), fn, d, []);
    };
  }
  // Idle callbacks run once the page is idle (at once, in a page read alone), or at their timeout at the latest.
  const idle0 = window.requestIdleCallback, cancelIdle0 = window.cancelIdleCallback;
  if (idle0) {
    window.requestIdleCallback = function (fn, options) {
      if (typeof fn !== "function") return idle0.call(window, fn, options);
      return later("i", (run) => idle0.call(window, run, options), fn, 0, []);
    };
    window.cancelIdleCallback = function (id) { forget("i" + id); return cancelIdle0.call(window, id); };
  }
  const frame0 = window.requestAnimationFrame, cancelFrame0 = window.cancelAnimationFrame;
  // The settle step's own frames, as its sleeps: not the page's.
  net.frame = () => new Promise((ok) => frame0.call(window, () => ok()));
  if (frame0) {
    window.requestAnimationFrame = function (fn) {
      if (typeof fn !== "function") return frame0.call(window, fn);
      return later("f", (run) => frame0.call(window, run), fn, %(interval_min)s, []);
    };
    window.cancelAnimationFrame = function (id) { forget("f" + id); return cancelFrame0.call(window, id); };
  }
  window.clearTimeout = function (id) { forget(id); return clearTimeout0.call(window, id); };
  // A message posted on a channel's port is work the page goes on with (React's scheduler renders in slices
  // a message apart, committing only at the end): the scripts are doing something, as when a timer runs.
  const Port = window.MessagePort && MessagePort.prototype, post0 = Port && Port.postMessage;
  if (post0) Port.postMessage = function (...args) { net.lastFire = performance.now(); return post0.apply(this, args); };
  // A worker is a channel (below): content it computes or fetches reaches the page as messages, a paragraph
  // a message at times. On a page that shows nothing yet it also counts as busy until it first answers (or
  // fails or is ended), however long that takes within the settle step's cap.
  const heard = (worker, port) => {  // count a worker until it first answers on its port; [answered, ended]
    let open = true;
    const answered = () => { net.lastFire = performance.now(); if (open) { open = false; net.workers--; } };
    net.workers++;
    net.dynamic = true;
    port.addEventListener("message", answered);
    worker.addEventListener("error", answered);
    return [answered, awaitMessages(port, RHYTHM_MAX)];  // an answer is more often all there is than a step
  };
  const Worker0 = window.Worker;
  if (Worker0) {
    window.Worker = function (...args) {
      const worker = Reflect.construct(Worker0, args, new.target || window.Worker);  // a subclass stays one
      const [answered, ended] = heard(worker, worker);
      // A message posted to the worker is a question (a Comlink call): in flight until the worker next answers, errs
      // or is ended, TIMER_MAX ms at most (a 32nd blind round: an article composed in a worker 1.3 s after load).
      const asked = [], post = worker.postMessage;
      const replied = () => { while (asked.length) asked.shift()(); };
      worker.addEventListener("message", replied);
      worker.addEventListener("error", replied);
      worker.postMessage = function (...a) {
        const done = request();
        asked.push(done);
        setTimeout0.call(window, done, TIMER_MAX);
        return post.apply(worker, a);
      };
      const terminate = worker.terminate;
      worker.terminate = function () { answered(); ended(); replied(); return terminate.call(worker); };
      return worker;
    };
    window.Worker.prototype = Worker0.prototype;
  }
  // A shared worker answers on its port. The browser's events report the request for its script but
  // never its end (seen in Chromium 156): the settle step leaves those scripts out of the ones it counts
  // as loading (``shared``), or it would wait for its cap.
  const Shared0 = window.SharedWorker;
  if (Shared0) {
    net.shared = new Set();
    window.SharedWorker = function (...args) {
      const worker = Reflect.construct(Shared0, args, new.target || window.SharedWorker);
      try { net.shared.add(new URL(String(args[0]), document.baseURI).href); } catch (e) { /* no such URL */ }
      heard(worker, worker.port);
      return worker;
    };
    window.SharedWorker.prototype = Shared0.prototype;
  }
  const big = (node) => (node.nodeType === 1 || node.nodeType === 3) && (node.textContent || "").trim().length >= SIG;
  // A script a page inserts (or gives a src) after loading is a request like a fetch: counted in
  // flight until it has loaded and run, or failed. Only kinds the browser fetches and runs.
  const counted = new WeakSet();
  const runnable = /^((text|application)[/](x-)?(java|ecma)script|module)$/i;
  const fetched = (el) => {
    if (el.nodeName !== "SCRIPT" || counted.has(el) || !el.src || el.noModule || !el.isConnected) return;
    if (el.type && !runnable.test(el.type.trim())) return;
    counted.add(el);
    const done = request();
    el.addEventListener("load", done);
    el.addEventListener("error", done);
  };
  // A frame of this origin that the page points at a document after loading (a srcdoc it writes, a src it
  // sets: a recipe app written into a srcdoc frame, a sixteenth blind round) is a request like a script: in
  // flight until the frame has loaded (its document, and the module scripts it runs), TIMER_MAX ms at most.
  // Frames of other origins (ads, players) are left to the caller, lazy ones to the settle step.
  const framing = new WeakMap();
  const framed = (el) => {
    if (el.nodeName !== "IFRAME" || !el.isConnected || el.loading === "lazy") return;
    const src = el.getAttribute("src") || "";
    let ours = el.hasAttribute("srcdoc");
    try { ours = ours || !!src && src !== "about:blank" && new URL(src, document.baseURI).origin === location.origin; }
    catch (e) { /* no such URL */ }
    if (!ours) return;
    const before = framing.get(el);
    if (before) before();
    const done = request();
    framing.set(el, done);
    el.addEventListener("load", done, {once: true});
    setTimeout0.call(window, done, TIMER_MAX);
  };
  const scripts = (node) => {
    if (node.nodeType !== 1) return;
    fetched(node);
    framed(node);
    if (!node.firstElementChild) return;
    for (const el of node.getElementsByTagName("script")) fetched(el);
    for (const el of node.getElementsByTagName("iframe")) framed(el);
  };
  let words = 0;  // characters of small text nodes added since the last change counted
  // Text typed out a letter or two at a time (Typed.js, TypeIt: an intro typed over seconds, the article added
  // once it is done; a 33rd blind round): an element whose text grows so, TYPING_STREAK times running (its first
  // letters count), is typing (``net.typing``: when it last did; ``net.grew``: when any element last grew so).
  // One that erases what it typed (a typewriter looping over slogans) is left.
  const typed = new WeakMap();  // element or text node -> [its text, growths running], or null once it erased
  const textOf = (nodes) => { let n = 0; for (const node of nodes) n += (node.textContent || "").length; return n; };
  // letters put in (or taken out) at one place: before a cursor's "|" as well as at the end
  const atOnePlace = (longer, shorter) => {
    let k = 0;
    while (k < shorter.length && longer[k] === shorter[k]) k++;
    return longer.endsWith(shorter.slice(k));
  };
  const typing = (el) => {
    if (!el || el.nodeType !== 1 && el.nodeType !== 3 || el === document.body || el === document.documentElement) return;
    const text = el.nodeType === 3 ? el.data : el.textContent, was = typed.get(el);
    if (was === null) return;
    const grew = text.length - (was ? was[0].length : 0);
    if (was && grew === 0 && text === was[0]) return;  // another record of one change
    if (was && grew < 0 && atOnePlace(was[0], text)) { typed.set(el, null); return; }
    const letters = grew > 0 && grew <= TYPED_MAX && (was ? atOnePlace(text, was[0]) : /\S/.test(text));
    const streak = letters ? (was ? was[1] : 0) + 1 : 0;
    typed.set(el, [text, streak]);
    if (!letters) return;
    // the next letter is waited for a moment (its timer is a loop's), the rest of a typing longer
    net.grew = performance.now();
    if (streak >= TYPING_STREAK) net.typing = net.grew;
  };
  // A text of figures alone set anew in place, counting: when its last step was, and when its run of steps began
  // (a step after a longer pause than a count's begins another), for the settle step. A figure counts once one
  // of its steps moved it by COUNT_STEP_SHARE of its value or more (a count-up from 0 does at once; a clock's
  // Date.now() or a stopwatch past its first second do not), and goes on counting at every step after.
  net.figureAt = -Infinity; net.countFrom = -Infinity;
  const FIGURE = /^[^\p{L}]{0,24}$/u, DIGIT = /\d/g;
  const figures = new WeakMap();  // the element holding a figure -> [its value, whether it counts]
  const figured = (r) => {
    const node = r.type === "characterData" ? r.target
      : r.addedNodes.length === 1 && r.removedNodes.length === 1 ? r.addedNodes[0] : null;
    const text = node && node.nodeType === 3 ? node.data.trim() : "";
    if (!text || text.length > 24 || !FIGURE.test(text) || !node.parentElement) return;
    const digits = text.match(DIGIT);
    if (!digits) return;
    const value = Number(digits.join("")), was = figures.get(node.parentElement);
    const counts = !!was && (was[1] || Math.abs(value - was[0]) >= %(count_step)s * Math.max(value, 1));
    figures.set(node.parentElement, [value, counts]);
    if (!counts) return;
    const t = performance.now();
    if (t - net.figureAt > %(count_gap)s) net.countFrom = t;
    net.figureAt = t;
  };
  const read = (records) => {
    if (document.readyState === "loading") return;  // the parser's own insertions
    let hit = false;
    for (const r of records) {
      if (r.type === "attributes") { fetched(r.target); framed(r.target); continue; }
      figured(r);
      // only a change of a few letters is read for typing (an element's whole text is not read at every change)
      if (r.type === "characterData") typing(r.target);
      else if (Math.abs(textOf(r.addedNodes) - textOf(r.removedNodes)) <= TYPED_MAX) typing(r.target);
      for (let k = 0; k < r.addedNodes.length; k++) scripts(r.addedNodes[k]);
      // the settle step's record, while it scrolls (one push a node: a spread of 100,000 overflows)
      for (let k = 0; net.adds && k < r.addedNodes.length; k++) net.adds.push(r.addedNodes[k]);
      // an element with text added (not put in place of another): a short heading a message brought counts;
      // looked at only on a page with a stream or a socket, as every change of every page passes here
      if (net.streams && !r.removedNodes.length) {
        for (let k = 0; k < r.addedNodes.length; k++) {
          const node = r.addedNodes[k];
          if (node.nodeType === 1 && /\S/.test(node.textContent || "")) { net.lastAdd = performance.now(); break; }
        }
      }
      if (hit) continue;
      hit = r.type === "characterData" ? big(r.target) : false;
      for (let k = 0; !hit && k < r.addedNodes.length; k++) {
        hit = big(r.addedNodes[k]);
        // text added a word at a time, each its own node (a ninth blind round): counted together; not text
        // put in place of other text (a clock's, set anew at each tick)
        const node = r.addedNodes[k];
        if (!hit && node.nodeType === 3 && !r.removedNodes.length) hit = (words += node.data.length) >= SIG;
      }
      for (let k = 0; !hit && k < r.removedNodes.length; k++) hit = big(r.removedNodes[k]);
    }
    if (hit) words = 0;
    if (hit) {
      const t = performance.now();
      // the change before this one, for the settle step's rhythm (a burst within one frame is one change)
      if (t - net.lastChange >= %(interval_min)s) net.prevChange = net.lastChange;
      net.lastChange = t;
      net.dynamic = true;
    }
  };
  const observer = new MutationObserver(read);
  // The changes made so far, read now: the observer reports them only once the running script ends,
  // and whether a timer's run added content is wanted while it runs.
  net.flush = () => read(observer.takeRecords());
  const addedSince = (t) => { net.flush(); return t > -Infinity && net.lastChange >= t; };
  const addedSinceFire = () => addedSince(net.lastFire);
  // Server events, sockets and workers: awaited ``first`` ms for a first message, and ``next`` ms after
  // each message that added content, for the next; not after one that did not, nor once closed or ended.
  // A message that added nothing (a heartbeat) stops the wait until one adds content again: text of SIG
  // characters or more, or an element with text put on the page (a short heading, a 24th blind round).
  // A server-events stream's named events ("event: ping", "event: section") are messages too: each name the
  // page listens for is listened for as well (a fourteenth blind round: a heartbeat, then sections, named).
  const awaitMessages = (channel, next, first = CHANNEL_WAIT) => {
    let over = false;
    const done = () => { over = true; net.channels.delete(channel); };
    net.streams = true;
    net.channels.set(channel, performance.now() + first);
    const onMessage = () => {
      const t = net.lastFire = performance.now();
      // once the page's own handlers have run, and the frame some of them wait for (a Turbo stream action)
      setTimeout0.call(window, () => {
        if (over) return;
        if (addedSince(t) || net.lastAdd >= t) net.channels.set(channel, performance.now() + next);
        else net.channels.delete(channel);
      }, %(message_render)s);
    };
    channel.addEventListener("message", onMessage);
    channel.addEventListener("error", done);
    if (window.EventSource && channel instanceof window.EventSource) {
      const named = new Set(["message", "error", "open"]), listen = channel.addEventListener;
      channel.addEventListener = function (type, ...rest) {
        if (!named.has(type)) { named.add(type); listen.call(channel, type, onMessage); }
        return listen.call(this, type, ...rest);
      };
    }
    return done;
  };
  for (const name of ["EventSource", "WebSocket"]) {
    const Channel0 = window[name];
    if (!Channel0) continue;
    const Channel = function (...args) {
      const channel = Reflect.construct(Channel0, args, new.target || Channel);  // a subclass stays one
      const done = awaitMessages(channel, CHANNEL_WAIT, CHANNEL_FIRST_WAIT);
      channel.addEventListener("close", done);
      const close = channel.close;
      channel.close = function (...a) { done(); return close.apply(channel, a); };
      return channel;
    };
    Channel.prototype = Channel0.prototype;
    Object.setPrototypeOf(Channel, Channel0);  // its constants (OPEN, CLOSED ...)
    window[name] = Channel;
  }
  const watch = {childList: true, subtree: true, characterData: true, attributes: true,
                 attributeFilter: ["src", "srcdoc"]};
  observer.observe(document, watch);
  const shadows = new WeakMap();
  Object.defineProperty(window, "__pagesightShadow", {value: shadows, enumerable: false});
  const attach0 = Element.prototype.attachShadow;
  if (attach0) {
    Element.prototype.attachShadow = function (init) {
      const root = attach0.call(this, init);
      if (init && init.mode === "closed") shadows.set(this, root);
      observer.observe(root, watch);
      net.roots.push(root);  // for the frames inside them, which window.frames does not list
      return root;
    };
  }
  // Fonts are blocked by default (a page's face is not its text), so a font's load fails here. A page that
  // shows its text once its font has loaded (``document.fonts.load(...).then(show)``) would keep it hidden
  // for good, where a reader sees it once the font came: a font that fails to load resolves as loaded
  // (none, or the face itself), and the text shows in the fallback face.
  const Faces = document.fonts && Object.getPrototypeOf(document.fonts);  // FontFaceSet is no global in Chromium
  if (Faces && Object.prototype.hasOwnProperty.call(Faces, "load")) {
    const load0 = Faces.load;
    Faces.load = function (...args) { return load0.apply(this, args).catch(() => []); };
  }
  const Face = window.FontFace && FontFace.prototype;
  if (Face && Face.load) {
    const faceLoad0 = Face.load;
    Face.load = function () { return faceLoad0.call(this).catch(() => this); };
  }
  const nop = () => undefined;
  // Beacons report on the reader; no page needs one to build itself.
  if (navigator.sendBeacon) navigator.sendBeacon = () => true;
  window.alert = nop; window.print = nop;
  window.confirm = () => false; window.prompt = () => null; window.open = () => null;
  // A repeating timer runs at most once a frame (INTERVAL_MIN_MS): a page changing location.hash every
  // millisecond from setInterval swamped the browser process, and location cannot be wrapped as history is.
  const setInterval0 = window.setInterval, clearInterval0 = window.clearInterval;
  // Its first tick, when due within TIMER_MAX, is waited for as a timer's, and each next one while
  // the ticks add content; otherwise a poller, waited for only while the page shows nothing.
  window.setInterval = function (fn, delay, ...args) {
    const d = Math.max(Number(delay) || 0, %(interval_min)s);
    if (typeof fn !== "function") return setInterval0.call(window, fn, d, ...args);
    let id;
    const tick = function () {
      const t = net.lastFire = performance.now();
      try { return fn.apply(this, args); } finally {
        if (net.intervals.has(id)) {
          if (d <= TIMER_MAX && addedSince(t)) net.timers.set(id, performance.now() + d); else net.timers.delete(id);
        }
      }
    };
    id = setInterval0.call(window, tick, d);
    net.intervals.set(id, d);  // its period
    if (d <= TIMER_MAX) net.timers.set(id, performance.now() + d);
    return id;
  };
  window.clearInterval = function (id) { forget(id); return clearInterval0.call(window, id); };
  // A page that polls what the reader did (a flag its scroll handler sets, read every 200 ms: htmx's
  // "revealed") acts on a scroll at its next tick: after each scroll step of the settle step, the next
  // tick of every interval of at most SCROLL_POLL_MAX ms is waited for, as its first was.
  net.rearm = () => {
    const now = performance.now();
    for (const [id, d] of net.intervals) if (d <= %(scroll_poll_max)s) net.timers.set(id, now + d);
  };
  // History changes beyond HISTORY_PER_S a second are dropped: a flood of them swamps the browser
  // process (each is a message to it), which then starves the next page too.
  const H = window.History && History.prototype;
  if (H) {
    let windowStart = 0, inWindow = 0;
    for (const name of ["pushState", "replaceState"]) {
      const orig = H[name];
      H[name] = function (...args) {
        const now = performance.now();
        if (now - windowStart >= 1000) { windowStart = now; inWindow = 0; }
        if (++inWindow > %(history_per_s)s) return undefined;
        return orig.apply(this, args);
      };
    }
  }
  // Scrolling can only bring in content when the page watches it.
  // ... and what it watches: the elements observed for intersection, which the settle step
  // brings into view one after the other.
  const IO = window.IntersectionObserver;
  if (IO) {
    net.observed = new Set();
    net.watched = new WeakSet();  // every element ever observed (an animation it set off may still be running)
    net.seenIn = new WeakSet();  // every element ever reported in view
    // Targets whose observer has not yet given its first report: the browser reports every target once
    // it is observed, at the next frame, and a page may only then ask for what the target shows.
    net.unreported = new Map();  // target -> when it was observed
    net.ioCalls = 0;
    // Observers of the viewport that ask for more of a target than the viewport can hold (a threshold
    // of 1 on a box taller than the screen): on a taller screen the reader would see what they show.
    const asking = new Set();
    window.IntersectionObserver = function (callback, ...rest) {
      const need = Math.max(0, ...[].concat((rest[0] && rest[0].threshold) || 0).map(Number).filter(isFinite));
      const reported = new WeakSet();  // targets this observer has reported at least once
      const met = new WeakSet();  // ... and reported in view as far as its threshold asks
      const counted = typeof callback === "function"
        ? function (...a) {
          net.ioCalls++;
          for (const e of a[0] || []) {
            net.unreported.delete(e.target);
            reported.add(e.target);
            if (e.isIntersecting) net.seenIn.add(e.target);
            if (e.isIntersecting && e.intersectionRatio >= need - 1e-6) met.add(e.target);
          }
          return callback.apply(this, a);
        } : callback;
      const io = new IO(counted, ...rest), mine = new Set();
      const observe = io.observe, unobserve = io.unobserve, disconnect = io.disconnect;
      io.observe = function (t) {
        // Only a first report is waited for: a page may observe a target anew after each report (a feed's
        // sentinel, unobserved and observed again once a batch came), and would then never be quiet.
        if (counted !== callback && !mine.has(t) && !reported.has(t)) net.unreported.set(t, performance.now());
        mine.add(t);
        net.observed.add(t);
        net.watched.add(t);
        return observe.call(io, t);
      };
      io.unobserve = function (t) {
        mine.delete(t);
        net.observed.delete(t);
        net.unreported.delete(t);
        return unobserve.call(io, t);
      };
      io.disconnect = function () {
        for (const t of mine) { net.observed.delete(t); net.unreported.delete(t); }
        mine.clear();
        asking.delete(entry);
        return disconnect.call(io);
      };
      const entry = {io, callback: counted, mine, need, met, lifted: new WeakSet()};
      if (need > 0 && !(rest[0] && rest[0].root) && typeof counted === "function") asking.add(entry);
      return io;
    };
    window.IntersectionObserver.prototype = IO.prototype;
    // The targets such an observer cannot see whole in this viewport, not yet reported whole.
    const unreachable = (entry, t) => {
      const r = t.getBoundingClientRect();
      return t.isConnected && !entry.lifted.has(t) && r.height > 0 && r.width > 0
        && Math.min(1, innerHeight / r.height) * Math.min(1, innerWidth / r.width) < entry.need - 1e-6;
    };
    net.tall = () => {
      const out = [];
      for (const entry of asking) for (const t of entry.mine) if (unreachable(entry, t)) out.push(t);
      return out;
    };
    // The targets such an observer can see enough of in this viewport but has not yet (a threshold of 0.5 on a
    // section taller than half the screen, brought into view centred or showing its top at the fold).
    net.short = () => {
      const out = [];
      for (const entry of asking) {
        for (const t of entry.mine) {
          if (t.isConnected && !entry.met.has(t) && !unreachable(entry, t)) out.push(t);
        }
      }
      return out;
    };
    // Called after each scroll step: a target that fills the viewport as far as it can is reported to its
    // observer as wholly in view (an entry as the browser would give it on a screen it fits).
    net.lift = () => {
      for (const entry of asking) {
        for (const t of [...entry.mine]) {
          if (!unreachable(entry, t)) continue;
          const r = t.getBoundingClientRect();
          const top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
          const left = Math.max(r.left, 0), right = Math.min(r.right, innerWidth);
          if (bottom - top < Math.min(r.height, innerHeight) - 1 || right - left < Math.min(r.width, innerWidth) - 1) continue;
          entry.lifted.add(t);
          const seen = {time: performance.now(), target: t, boundingClientRect: r, isIntersecting: true, isVisible: true,
                        intersectionRatio: entry.need, rootBounds: new DOMRectReadOnly(0, 0, innerWidth, innerHeight),
                        intersectionRect: new DOMRectReadOnly(left, top, right - left, bottom - top)};
          try { entry.callback.call(entry.io, [seen], entry.io); } catch (e) { /* the page's own error */ }
        }
      }
    };
  }
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (type, ...rest) {
    if (type === "beforeunload") return undefined;
    if (INTERACT.has(type) && (this === window || this === document || this === document.documentElement
                               || this === document.body)) net.interacts = true;
    if (type === "scroll" || type === "scrollend" || type === "wheel") {
      net.scrolls = true;
      if (this instanceof Element) net.scrollers.add(this);  // a box that reacts to its own scrolling
    }
    return add.call(this, type, ...rest);
  };
  Object.defineProperty(window, "onbeforeunload", {get: () => null, set: nop, configurable: false});
  // Images switched off in Blink neither load nor fail: a script waiting for them (imagesLoaded before a masonry
  // layout shows its cards, a thirteenth blind round; a gallery's preloader; an essay fetched once its hero image
  // has loaded, a thirty-fourth) would wait for ever. Each is told what a reader's browser tells it: complete,
  // of its declared size (1 px where none is declared), decoded, and a load event a moment after each new source
  // (a few times at most per image, and IMAGE_TELL_MAX in all, so that a handler setting another source or
  // preloading the next image cannot loop). Told it failed instead, a page waiting for "load" never showed its
  // text, and one whose error handler drops the figure lost the caption a reader sees.
  if (IMAGES_OFF) {
    const IMAGE_TELL_MAX = 2000;
    let toldAll = 0;
    const proto = HTMLImageElement.prototype;
    const complete = Object.getOwnPropertyDescriptor(proto, "complete");
    Object.defineProperty(proto, "complete", {...complete, get() { return true; }});
    for (const [name, attr] of [["naturalWidth", "width"], ["naturalHeight", "height"]]) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, {...d, get() {
        return d.get.call(this) || parseInt(this.getAttribute(attr), 10) || 1;
      }});
    }
    proto.decode = function () { return Promise.resolve(); };
    const told = new WeakMap();  // image -> [last source told, times]
    const loaded = (img) => {
      const source = img.currentSrc || img.getAttribute("src") || img.getAttribute("srcset") || "";
      const [last, times] = told.get(img) || ["", 0];
      if (!source || source === last || times >= 3 || toldAll >= IMAGE_TELL_MAX) return;
      told.set(img, [source, times + 1]);
      toldAll++;
      setTimeout0.call(window, () => img.dispatchEvent(new Event("load")), 0);
    };
    for (const name of ["src", "srcset"]) {
      const d = Object.getOwnPropertyDescriptor(proto, name);
      Object.defineProperty(proto, name, {...d, set(v) { d.set.call(this, v); loaded(this); }});
    }
    const setAttribute = Element.prototype.setAttribute;
    Element.prototype.setAttribute = function (name, value) {
      const out = setAttribute.call(this, name, value);
      if (this instanceof HTMLImageElement && /^(src|srcset)$/i.test(name)) loaded(this);
      return out;
    };
    const scan = (root) => {
      if (root instanceof HTMLImageElement) loaded(root);
      else if (root.querySelectorAll) root.querySelectorAll("img").forEach(loaded);
    };
    new MutationObserver((records) => records.forEach((r) => r.addedNodes.forEach(scan)))
      .observe(document, {childList: true, subtree: true});
  }
  const onscroll = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "onscroll");
  if (onscroll && onscroll.set) {
    Object.defineProperty(HTMLElement.prototype, "onscroll", {...onscroll, set(handler) {
      if (handler) net.scrollers.add(this);
      return onscroll.set.call(this, handler);
    }});
  }
})();
