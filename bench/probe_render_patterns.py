"""How much of a page's text the render path captures for script patterns outside the framework corpus.

Each probe is a small page, written here and served from 127.0.0.1, whose article (8 paragraphs)
arrives or hides in one way: after a timer of 1.5, 3 or 4.5 s, from a worker, by XHR (late
response, or late body), in animation frames, at idle time, from a polling ``setInterval``, in a
chain of timers, in closed ``<details>``, in collapsed accordions (a class with ``display: none``,
the ``hidden`` attribute), in inactive tabs, under ``content-visibility: auto``, after a dynamic
``import()``, in sections faded in as they scroll into view (once, or out again when they leave
it), behind a "Load more" button; and one virtualised list (200 rows, 15 in the DOM at a time, scrolled inside its own
box). Prints, per probe, the paragraphs (rows) found in ``extract(url, render=True).text``.

Usage: ``python bench/probe_render_patterns.py [PROBE ...]``.
"""

from __future__ import annotations

import base64
import hashlib
import http.server
import json
import pathlib
import socketserver
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from extractor import extract  # noqa: E402

PARAS = [f"Paragraph {i} of the probe article tells how the harbour pilots counted the tides at the north pier "
         "in the year of the long storm, and what they wrote down." for i in range(8)]
OTHER = [f"Other story line {i}: the next article of the site, about the ferry timetable of the eastern isles "
         "and the winter crossings." for i in range(6)]
ROWS = [f"Row {i}: a listed item of the virtual list with its own words number {i}" for i in range(200)]
PUT = ("function put(ps){const c=document.getElementById('content');"
       "for(const t of ps){const p=document.createElement('p');p.textContent=t;c.appendChild(p);}}")
ALL = json.dumps(PARAS)
INTERACT = ("const go=()=>{for(const e of EV)removeEventListener(e,go);for(const s of "
            "document.querySelectorAll('script[data-src]')){const n=document.createElement('script');"
            "n.src=s.dataset.src;s.replaceWith(n);}};const EV=['keydown','mousedown','mousemove','touchmove',"
            "'touchstart','touchend','wheel'];for(const e of EV)addEventListener(e,go,{passive:true});")
SHOWN = "<p>An opening paragraph that is always visible on the probe page, long enough to read as text.</p>"


def probes() -> dict[str, tuple[str, str, str]]:
    """name -> (script, markup inside #content, extra <head> markup)."""
    def timer(ms: int) -> tuple[str, str, str]:
        return PUT + f"setTimeout(()=>put({ALL}),{ms});", "", ""
    accordion = "".join(f'<h2><button aria-expanded="false" aria-controls="c{i}">Question {i}?</button></h2>'
                        f'<div id="c{i}" class="collapse"><p>{t}</p></div>' for i, t in enumerate(PARAS))
    tabs = ("<div role=tablist>" + "".join(f"<button role=tab aria-controls=tp{i}>Tab {i}</button>" for i in range(4))
            + "</div>" + "".join(f"<div role=tabpanel id=tp{i} {'' if i == 0 else 'hidden'}><p>{PARAS[2 * i]}</p>"
                                 f"<p>{PARAS[2 * i + 1]}</p></div>" for i in range(4)))
    virtual = ("const rows=" + json.dumps(ROWS) + ";const box=document.getElementById('vbox'),"
               "inner=document.getElementById('vin');inner.style.height=(rows.length*30)+'px';"
               "function draw(){const s=Math.floor(box.scrollTop/30);inner.innerHTML='';"
               "for(let i=s;i<Math.min(rows.length,s+15);i++){const d=document.createElement('div');"
               "d.style.cssText='position:absolute;top:'+(i*30)+'px;height:30px';d.textContent=rows[i];"
               "inner.appendChild(d);}}box.onscroll=draw;draw();")
    # sections that fade in as they scroll into view (an animate-on-scroll library); "toggle" fades them
    # out again when they leave it, as AOS does unless told ``once``
    sections = "".join(f'<section class="reveal" style="margin-top:600px"><p>{t}</p></section>' for t in PARAS)
    reveal_css = "<style>.reveal{opacity:0;transition:opacity .4s}.reveal.in{opacity:1}</style>"
    reveal = ("const io=new IntersectionObserver(es=>es.forEach(e=>{if(e.isIntersecting)e.target.classList.add('in');"
              "else if(TOGGLE)e.target.classList.remove('in');}));"
              "document.querySelectorAll('.reveal').forEach(el=>io.observe(el));")
    slotted = "".join(f"<p><slot name=s{i}>{t}</slot></p>" for i, t in enumerate(PARAS))
    return {
        "timer-1.5s": timer(1500), "timer-3s": timer(3000), "timer-4.5s": timer(4500),
        "worker": (PUT + "const w=new Worker('/worker.js');w.onmessage=e=>put(e.data);", "", ""),
        "xhr-late": (PUT + "setTimeout(()=>{const x=new XMLHttpRequest();x.open('GET','/slow/paras.json');"
                     "x.onload=()=>put(JSON.parse(x.responseText));x.send();},300);", "", ""),
        "xhr-late-body": (PUT + "const x=new XMLHttpRequest();x.open('GET','/slowbody/paras.json');"
                          "x.onload=()=>put(JSON.parse(x.responseText));x.send();", "", ""),
        "animation-frames": (PUT + f"let i=0;const ps={ALL};function step(){{put([ps[i++]]);"
                             "if(i<ps.length)requestAnimationFrame(step);}setTimeout(()=>requestAnimationFrame(step),200);",
                             "", ""),
        "idle-callback": (PUT + f"requestIdleCallback(()=>put({ALL}),{{timeout:2000}});", "", ""),
        "poller": (PUT + f"let n=0;const h=setInterval(()=>{{if(++n>=8){{clearInterval(h);put({ALL});}}}},300);",
                   "", ""),
        "timer-chain": (PUT + f"const ps={ALL};let k=0;(function next(){{put([ps[k++]]);"
                        "if(k<ps.length)setTimeout(next,120);})();", "", ""),
        "details": ("", SHOWN + "".join(f"<details><summary>Question {i}?</summary><p>{t}</p></details>"
                                        for i, t in enumerate(PARAS)), ""),
        "accordion-class": ("", SHOWN + accordion, "<style>.collapse:not(.show){display:none}</style>"),
        "accordion-hidden": ("", SHOWN + accordion.replace('class="collapse"', "hidden"), ""),
        "tabs": ("", SHOWN + tabs, ""),
        "content-visibility": ("", "".join(f"<section><h2>Part {i}</h2><p>{t}</p></section>"
                                           for i, t in enumerate(PARAS)),
                               "<style>section{content-visibility:auto;contain-intrinsic-size:auto 500px}</style>"),
        "dynamic-import": (PUT + "setTimeout(async()=>{const m=await import('/mod.js');put(await m.load());},600);",
                           "", ""),
        "reveal-once": (reveal.replace("TOGGLE", "false"), sections, reveal_css),
        "reveal-toggle": (reveal.replace("TOGGLE", "true"), sections, reveal_css),
        "load-more": (PUT + f"const ps={ALL};let k=2;put(ps.slice(0,2));document.getElementById('more').onclick="
                      "()=>{put(ps.slice(k,k+2));k+=2;if(k>=ps.length)document.getElementById('more').remove();};",
                      "", ""),
        # the site's scripts load only once the reader interacts (the "delay JavaScript" option of page-speed
        # plugins: listeners for keys, mouse, wheel and touch on window, scripts kept under another type)
        "interaction-scripts": (INTERACT, SHOWN + '<script type="text/lazy" data-src="/app.js"></script>', ""),
        # the same, the article in the markup but hidden until a delayed script shows it (an entrance animation)
        "interaction-hidden": (INTERACT, "".join(f'<p class="invisible">{t}</p>' for t in PARAS)
                               + '<script type="text/lazy" data-src="/show.js"></script>',
                               "<style>.invisible{visibility:hidden}</style>"),
        # a bundle inserted by a script, served late, on a page already showing some text
        "script-late": ("setTimeout(()=>{const s=document.createElement('script');s.src='/slow/app.js';"
                        "document.body.appendChild(s);},200);", SHOWN * 12, ""),
        # a timer chain adding a paragraph every 300 ms to a page already showing text
        "timer-chain-slow": (PUT + f"const ps={ALL};let k=0;(function next(){{put([ps[k++]]);"
                             "if(k<ps.length)setTimeout(next,300);})();", SHOWN, ""),
        # a paragraph at a time: awaited sleeps in a loop, a repeating timer, a streamed fetch body, server events
        "promise-loop": (PUT + f"(async()=>{{for(const t of {ALL}){{await new Promise(r=>setTimeout(r,300));"
                         "put([t]);}})();", SHOWN, ""),
        "interval-adds": (PUT + f"const ps={ALL};let k=0;const h=setInterval(()=>{{put([ps[k++]]);"
                          "if(k>=ps.length)clearInterval(h);},300);", SHOWN, ""),
        "fetch-stream": (PUT + "(async()=>{const r=await fetch('/stream/paras');const rd=r.body.getReader();"
                         "const dec=new TextDecoder();let buf='';for(;;){const {done,value}=await rd.read();"
                         "if(done)break;buf+=dec.decode(value,{stream:true});const ls=buf.split('\\n');"
                         "buf=ls.pop();put(ls.filter(Boolean));}})();", SHOWN, ""),
        "server-events": (PUT + "const es=new EventSource('/events');es.onmessage=e=>put([e.data]);"
                          "es.addEventListener('done',()=>es.close());", SHOWN, ""),
        "websocket": (PUT + "const ws=new WebSocket('ws://'+location.host+'/ws');ws.onmessage=e=>put([e.data]);",
                      SHOWN, ""),
        # an application layout: the window does not scroll, its main pane does, and the next part of the
        # list comes when a sentinel at the pane's end is seen
        "pane-infinite": (PUT + f"const ps={ALL};let k=2;put(ps.slice(0,2));const io=new IntersectionObserver(es=>{{"
                          "if(es[0].isIntersecting&&k<ps.length)setTimeout(()=>{put(ps.slice(k,k+2));k+=2;},100);});"
                          "io.observe(document.getElementById('end'));",
                          "", "<style>html,body{height:100%;overflow:hidden;margin:0}main{height:100vh;overflow:auto}"
                              "#content p{margin-bottom:700px}</style>"),
        # the article's end hidden (display: none) until a "Read more" button opens it
        "read-more": ("const b=document.getElementById('more');b.onclick=()=>{document.getElementById('content')"
                      ".classList.toggle('open');b.textContent=b.textContent==='Read more'?'Read less':'Read more';};",
                      "".join(f"<p>{t}</p>" for t in PARAS),
                      "<style>#content:not(.open) p:nth-child(n+3){display:none}</style>"),
        # a page that sends the reader on to the article at once, or after a moment (a locale or splash redirect)
        "redirect-now": ("location.replace('/details/');", "", ""),
        "redirect-later": ("setTimeout(()=>{location.href='/details/';},400);", SHOWN, ""),
        # a news site's continuous scroll: at the article's end the next article is appended and the address
        # moves on to it (its paragraphs, OTHER, are not this page's text)
        "next-article": (PUT + f"put({ALL});const io=new IntersectionObserver(es=>{{"
                         "if(es[0].isIntersecting&&!window.done){window.done=1;"
                         "setTimeout(()=>{const a=document.createElement('article');a.innerHTML="
                         f"'<h2>The next story</h2>'+{json.dumps(OTHER)}.map(t=>'<p>'+t+'</p>').join('');"
                         "document.getElementById('main').appendChild(a);history.pushState({},'','/next-story/');},100);}});"
                         "io.observe(document.getElementById('end'));", "",
                         "<style>#content p{margin-bottom:200px}</style>"),
        # the whole application in a fixed box the size of the viewport that scrolls itself (mobile-first apps)
        "fixed-app": ("", "".join(f"<p>{t}</p>" for t in PARAS),
                      "<style>main{position:fixed;top:0;left:0;right:0;bottom:0;overflow:auto}"
                      "#content p{margin-bottom:300px}</style>"),
        # a component whose slots show their fallback text (nothing assigned to them)
        "slot-fallback": ("customElements.define('x-story',class extends HTMLElement{constructor(){super();"
                          "this.attachShadow({mode:'open'}).innerHTML="
                          f"{json.dumps(slotted)};}}}});",
                          "<x-story></x-story>", ""),
        "closed-shadow": ("customElements.define('x-article',class extends HTMLElement{constructor(){super();"
                          f"const r=this.attachShadow({{mode:'closed'}});for(const t of {ALL})"
                          "{const p=document.createElement('p');p.textContent=t;r.appendChild(p);}}});",
                          "<x-article></x-article>", ""),
        "iframe-srcdoc": ("", "<iframe style='width:100%;height:2000px;border:0' srcdoc='"
                          + "".join(f"<p>{t}</p>" for t in PARAS) + "'></iframe>", ""),
        "virtual-list": (virtual, "<div id=vbox style='height:400px;overflow:auto;position:relative'>"
                                  "<div id=vin style='position:relative'></div></div>", ""),
    }


def write_site(folder: pathlib.Path) -> None:
    """The probe pages and their data under ``folder``."""
    for name, (script, content, head) in probes().items():
        label = {"load-more": "Load more", "read-more": "Read more"}.get(name)
        extra = f'<button id="more" type="button">{label}</button>' if label else ""
        page = folder / name
        page.mkdir()
        (page / "index.html").write_text(
            f'<!doctype html><html><head><meta charset="utf-8"><title>Probe site</title>{head}</head><body>'
            '<header><nav><a href="/">Home</a> <a href="/a">About the probe site</a></nav></header>'
            f'<main id="main"><h1>The probe headline for {name}</h1><div id="content">{content}</div>{extra}'
            '<div id="end" style="height:1px"></div></main>'
            "<footer>Footer text of the probe site, all rights reserved.</footer>"
            f"<script>{script}</script></body></html>")
    (folder / "warm").mkdir()
    (folder / "warm" / "index.html").write_text("<html><body><p>The browser's launch is not timed.</p></body></html>")
    (folder / "paras.json").write_text(json.dumps(PARAS))
    (folder / "worker.js").write_text(f"setTimeout(()=>postMessage({ALL}),800);")
    (folder / "app.js").write_text(PUT + f"put({ALL});")
    (folder / "show.js").write_text("for(const p of document.querySelectorAll('.invisible'))"
                                    "p.classList.remove('invisible');")
    (folder / "mod.js").write_text("export async function load(){const r=await fetch('/slow/paras.json');"
                                   "return r.json();}")


#: How long the slow routes hold their response, or its body after the headers (s).
SLOW_S = 0.7
#: Gap between the streamed paragraphs (s).
STREAM_GAP_S = 0.25


def serve(folder: pathlib.Path) -> tuple[socketserver.TCPServer, str]:
    """A static server of ``folder`` on 127.0.0.1 with ``/slow/…`` (late response) and ``/slowbody/…``
    (headers at once, body later) routes; returns the server and its base URL."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, directory=str(folder), **kwargs)

        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            if self.path.startswith("/slow/"):
                time.sleep(SLOW_S)
                self.path = self.path[len("/slow"):]
            elif self.path == "/ws":
                self.websocket()
                return
            elif self.path in ("/stream/paras", "/events"):
                events = self.path == "/events"
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream" if events else "text/plain")
                self.send_header("Cache-Control", "no-cache")
                self.end_headers()
                for t in PARAS:
                    time.sleep(STREAM_GAP_S)
                    self.wfile.write((f"data: {t}\n\n" if events else t + "\n").encode())
                    self.wfile.flush()
                if events:
                    self.wfile.write(b"event: done\ndata: end\n\n")
                return
            elif self.path.startswith("/slowbody/"):
                data = (folder / self.path[len("/slowbody/"):]).read_bytes()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.flush()
                time.sleep(SLOW_S)
                self.wfile.write(data)
                return
            super().do_GET()

        def websocket(self) -> None:
            """The WebSocket handshake (RFC 6455), then the paragraphs as text frames STREAM_GAP_S apart."""
            key = self.headers["Sec-WebSocket-Key"] + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
            self.send_response(101)
            self.send_header("Upgrade", "websocket")
            self.send_header("Connection", "Upgrade")
            self.send_header("Sec-WebSocket-Accept", base64.b64encode(hashlib.sha1(key.encode()).digest()).decode())
            self.end_headers()
            for t in PARAS:
                time.sleep(STREAM_GAP_S)
                data = t.encode()
                size = bytes([len(data)]) if len(data) < 126 else bytes([126]) + len(data).to_bytes(2, "big")
                head = b"\x81" + size  # a final text frame
                self.wfile.write(head + data)
                self.wfile.flush()
            time.sleep(5)  # the socket stays open, as a live page's does
            self.close_connection = True

    Handler.extensions_map = {**Handler.extensions_map, ".js": "text/javascript"}
    class Server(socketserver.ThreadingTCPServer):
        def handle_error(self, request, client_address) -> None:  # a page closed mid-response: not news
            pass

    server = Server(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def main(argv: list[str] | None = None) -> int:
    """Command line entry point (see the module docstring)."""
    names = (argv if argv is not None else sys.argv[1:]) or list(probes())
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        write_site(folder)
        server, base = serve(folder)
        extract(f"{base}/warm/", render=True)  # the browser's launch is not timed
        print("| probe | found | ms |\n|---|---|---|")
        for name in names:
            t0 = time.perf_counter()
            text = extract(f"{base}/{name}/", render=True).text
            ms = (time.perf_counter() - t0) * 1000
            want = ROWS if name == "virtual-list" else PARAS
            found = sum(w in text for w in want)
            other = sum(w in text for w in OTHER)
            extra = f" (+{other} not its own)" if other else ""
            print(f"| {name} | {found}/{len(want)}{extra} | {ms:.0f} |", flush=True)
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
