"""The page around a board: inline CSS and script (no CDN: a club's TV may have no internet).

One page, two layouts from the same board: the phone's (one column, scrolls) and the TV's
(``?tv=1``: large type for reading from 4 m on a 1080p screen, two columns, never scrolls; a
table longer than the screen shows a page at a time, turning every 8 s). Opened in Telegram as a
Mini App it takes Telegram's theme colours: the ``--tg-theme-*`` CSS variables Telegram's own
script sets, or, without that script (it cannot be loaded offline), ``tgWebAppThemeParams``
from the address's fragment, which Telegram passes to every Mini App.

The script ticks the clocks every second (against the server's time: a phone's clock may be
off), and listens to the server's events (``EventSource``): each carries the new board.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import json

from bot.web.render import Board

CSS = """
:root{--bg:var(--tg-theme-bg-color,#10141a);--fg:var(--tg-theme-text-color,#eef2f6);
--muted:var(--tg-theme-hint-color,#93a1b0);--accent:var(--tg-theme-button-color,#f0b429);
--card:var(--tg-theme-secondary-bg-color,#1b222c);--link:var(--tg-theme-link-color,#7cc4ff)}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.35 system-ui,-apple-system,
"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{padding:12px 12px 48px}
header h1{margin:0 0 4px;font-size:1.5em}.kind{margin:0;color:var(--muted);font-size:.85em}
h2{font-size:1.05em;margin:0 0 6px;color:var(--accent)}h3{font-size:1em;margin:6px 0 2px}
section{background:var(--card);border-radius:10px;padding:10px 12px;margin:10px 0}
.status{display:flex;flex-wrap:wrap;gap:6px 16px;align-items:baseline;margin:8px 0}
.status p{margin:0}.phase{font-weight:600}.fund,.circle{color:var(--muted)}
.clock .label{color:var(--muted)}.clock .time{font-variant-numeric:tabular-nums;font-weight:700;
font-size:1.4em;color:var(--accent)}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th{text-align:left;color:var(--muted);font-weight:500;font-size:.85em}
td,th{padding:4px 6px;border-bottom:1px solid rgba(128,128,128,.2)}
tr.out td{color:var(--muted)}.reason{font-size:.8em}
tr.leader td{font-weight:700}.mark{color:var(--accent);font-size:.85em}
tr.done .st{color:#3fb950}tr.waiting .st{color:var(--accent)}tr.judge .st{color:#f85149}
.pair{display:flex;align-items:center;gap:12px;font-size:1.3em}
.seat{display:flex;flex-direction:column}.role{font-size:.6em;color:var(--muted)}
.vs{color:var(--muted)}.note{margin:6px 0 0;color:var(--accent)}
ol.queue{margin:0;padding-left:1.4em}.boundary{list-style:none;margin-left:-1.4em;
color:var(--muted);border-top:2px dashed var(--muted);padding-top:2px;font-size:.85em}
.stages{display:flex;flex-wrap:wrap;gap:12px}.stages ul{margin:0;padding-left:1.1em}
.winner{font-weight:700;color:var(--accent)}
footer{position:fixed;left:0;right:0;bottom:0;display:flex;justify-content:space-between;
padding:4px 12px;font-size:.8em;color:var(--muted);background:var(--bg)}
#live.on::before{content:"● ";color:#3fb950}#live.off::before{content:"● ";color:#f85149}
a{color:var(--link)}abbr{text-decoration:none}section{overflow-x:auto}
img.picture{display:block;max-width:100%;height:auto;margin:8px 0;border-radius:6px}
html.tv{font-size:3.4vh;overflow:hidden}html.tv body{font-size:1rem;height:100vh;overflow:hidden}
html.tv main{padding:1.2vh 2vw 0;height:calc(100vh - 2.2rem);overflow:hidden;display:flex;
flex-direction:column}
html.tv header h1{font-size:1.9rem}html.tv .columns{display:flex;gap:2vw;flex:1;min-height:0}
html.tv .col{flex:1;min-width:0;overflow:hidden}html.tv .col+.col{flex:1.25}
html.tv section{margin:0 0 1.2vh}
html.tv img.picture{max-height:60vh;width:auto}
html.tv .pair{font-size:1.6rem}html.tv td,html.tv th{padding:.25vh .5vw}
html.tv footer{font-size:.7rem;height:2.2rem;align-items:center}
"""

SCRIPT = """
(function(){
var root=document.documentElement,main=document.getElementById('board'),
live=document.getElementById('live'),pageno=document.getElementById('pageno');
var tv=root.classList.contains('tv'),skew=0,page=0,version=main.dataset.version;
function setNow(iso){skew=Date.parse(iso)-Date.now();}
setNow(main.dataset.now);
function theme(){var p=null;
 try{if(window.Telegram&&Telegram.WebApp&&Telegram.WebApp.themeParams&&
  Object.keys(Telegram.WebApp.themeParams).length){p=Telegram.WebApp.themeParams;}}catch(e){}
 if(!p){try{var raw=new URLSearchParams(location.hash.slice(1)).get('tgWebAppThemeParams');
  if(raw){p=JSON.parse(raw);}}catch(e){p=null;}}
 if(!p||typeof p!=='object'){return;}
 for(var k in p){if(/^[a-z_]+$/.test(k)&&/^#[0-9a-fA-F]{3,8}$/.test(String(p[k]))){
  root.style.setProperty('--tg-theme-'+k.replace(/_/g,'-'),p[k]);}}
 root.classList.add('telegram');}
theme();
function pad(n){return (n<10?'0':'')+n;}
function tick(){var now=Date.now()+skew;
 document.querySelectorAll('.time[data-until]').forEach(function(el){
  var s=Math.max(0,Math.floor((Date.parse(el.dataset.until)-now)/1000));
  el.textContent=Math.floor(s/3600)+':'+pad(Math.floor(s/60)%60)+':'+pad(s%60);});}
function paginate(){if(!tv){return;}var shown='';
 var limit=main.getBoundingClientRect().bottom;
 document.querySelectorAll('table.paged').forEach(function(tb){
  var rows=Array.prototype.slice.call(tb.tBodies[0].rows);
  rows.forEach(function(r){r.hidden=false;});
  if(!rows.length||tb.getBoundingClientRect().bottom<=limit){return;}
  var top=tb.tBodies[0].getBoundingClientRect().top,h=rows[0].getBoundingClientRect().height;
  var extra=tb.parentNode.getBoundingClientRect().bottom-tb.getBoundingClientRect().bottom;
  var fit=Math.max(1,Math.floor((limit-top-extra-4)/h)),pages=Math.ceil(rows.length/fit);
  var p=page%pages;
  rows.forEach(function(r,i){r.hidden=i<p*fit||i>=(p+1)*fit;});
  shown=main.dataset.pageLabel.replace('{page}',p+1).replace('{pages}',pages);});
 pageno.textContent=shown;}
function connected(on){live.className=on?'on':'off';
 live.textContent=on?live.dataset.on:live.dataset.off;}
function listen(){if(!window.EventSource){return;}
 var es=new EventSource(location.pathname.replace(/\\/$/,'')+'/events?v='+version);
 es.addEventListener('board',function(ev){var d=JSON.parse(ev.data);version=d.v;setNow(d.now);
  main.innerHTML=d.html;document.title=d.title;tick();paginate();connected(true);});
 es.onopen=function(){connected(true);};es.onerror=function(){connected(false);};}
tick();paginate();setInterval(tick,1000);
setInterval(function(){page+=1;paginate();},8000);
window.addEventListener('resize',paginate);listen();
})();
"""


#: the page's one script, pinned in its Content-Security-Policy by its hash (no other inline
#: script runs, whatever a board's markup held)
SCRIPT_HASH = "sha256-" + base64.b64encode(hashlib.sha256(SCRIPT.encode()).digest()).decode()


def page(board: Board, version: str, now: str, texts: dict[str, str], *, tv: bool) -> str:
    """The whole page: the board as rendered now, the style and the script."""
    layout = ' class="tv"' if tv else ""
    attr = html.escape
    return (
        f'<!doctype html><html lang="{board.lang}"{layout}><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">'
        f"<title>{texts['title']}</title><style>{CSS}</style></head><body>"
        f'<main id="board" data-version="{attr(version)}" data-now="{attr(now)}" '
        f'data-page-label="{attr(texts["page"])}">{board.html}</main>'
        f'<footer><span id="live" class="on" data-on="{attr(texts["live"])}" '
        f'data-off="{attr(texts["offline"])}">{attr(texts["live"])}</span>'
        f'<span id="pageno"></span></footer><script>{SCRIPT}</script></body></html>'
    )


@functools.lru_cache(maxsize=256)
def encoded(markup: str) -> str:
    """A board's markup as a JSON string, once per board for all its readers; UTF-8 as it is
    (not ``\\u``-escaped: Cyrillic would take six bytes a letter instead of two)."""
    return json.dumps(markup, ensure_ascii=False)


def event(version: str, now: str, title: str, board: Board) -> bytes:
    """One server-sent event carrying a new board (only its small envelope is made for each
    reader: the moment it is sent, which the page's clock follows)."""
    plain = html.unescape(title)  # the title is HTML text; document.title takes plain text
    head = json.dumps({"v": version, "now": now, "title": plain}, ensure_ascii=False)
    data = f'{head[:-1]}, "html": {encoded(board.html)}}}'
    return f"id: {version}\nevent: board\ndata: {data}\n\n".encode()
