// app.js - the page's play: the board picker, the start and finish
// pickers, the board as SVG, clicks to jump, undo/redo, the move list, and
// the state in the URL.  Every rule comes from libpegsol (pegsol.js, the C
// API of web/pegsol_web.c): the page only draws and forwards clicks.  The
// hints are asked of worker.js, a second instance of the library in a Web
// Worker, so that computing them never holds up a click.
'use strict';

const $ = (id) => document.getElementById(id);
let M = null;         // the library (main-thread instance)
let board = null;     // pw_board(): geometry, start, finish
let state = null;     // pw_state(): position, legal jumps, move list
let source = { name: 'english', text: null }; // the board's origin
let vacancies = '';   // the start as pw_open takes it ('' = default)
let finish = '';      // '', 'any' or hole names
let mode = 'play';    // 'play', 'start' (picking), 'finish' (picking)
let selected = -1;    // the peg picked, waiting for its target
let hints = null;     // the worker's answer for the position now
let lastVerdict = null; // the verdict before the last jump
let worker = null, hintSeq = 0, hintsReady = false;
// What the browser test reads (tests/web/browser.js): the click latency,
// when the hints were ready, the state and the hints now.
const timing = { lastClickMs: 0 };
window.pegsolTiming = timing;
window.pegsolPage = { get state() { return state; }, get hints() { return hints; },
  get board() { return board; } };

function call(name, ret, types, args) {
  return M.ccall(name, ret, types, args);
}
function json(name, types = [], args = []) {
  return JSON.parse(call(name, 'string', types, args));
}
function has(posHex, hole) {
  return ((BigInt('0x' + posHex) >> BigInt(hole)) & 1n) === 1n;
}
function say(text, isError) {
  const m = $('message');
  m.textContent = text || '';
  m.className = isError ? 'error' : '';
}

// ------------------------------------------------------------ opening

// Opens source + vacancies + finish; on failure says why and keeps the
// game before.  Returns true on success.
function open(moves) {
  const isText = source.text !== null;
  const st = call('pw_open', 'number', ['string', 'number', 'string', 'string'],
    [isText ? source.text : source.name, isText ? 1 : 0, vacancies, finish]);
  if (st !== 0) {
    say(call('pw_error', 'string', [], []), true);
    return false;
  }
  say('');
  board = json('pw_board');
  selected = -1;
  lastVerdict = null;
  if (moves && call('pw_load_moves', 'number', ['string'], [moves]) !== 0)
    say(call('pw_error', 'string', [], []), true);
  openHints();
  refresh();
  resetExplore();
  return true;
}

function holesOf(posHex, wantPeg) {
  const names = [];
  board.holes.forEach((h, i) => {
    if (has(posHex, i) === wantPeg) names.push(h.name);
  });
  return names.join(',');
}

// ------------------------------------------------------------ drawing

const SVGNS = 'http://www.w3.org/2000/svg';
function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

// Where hole i is drawn: square boards on their grid; triangular ones with
// each row shifted half a hole (the library's coordinates are the row and
// the place in the left-aligned row).
function xy(i) {
  const h = board.holes[i];
  if (board.lattice === 'triangle')
    return [h.c - h.r / 2 + board.rows / 2, h.r * Math.sqrt(3) / 2];
  return [h.c, h.r];
}

function draw() {
  const svg = $('svg');
  svg.textContent = '';
  const pts = board.holes.map((_, i) => xy(i));
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const x0 = Math.min(...xs) - 0.6, y0 = Math.min(...ys) - 0.6;
  const w = Math.max(...xs) - x0 + 0.6, h = Math.max(...ys) - y0 + 0.6;
  svg.setAttribute('viewBox', `${x0} ${y0} ${w} ${h}`);
  const pos = mode === 'play' ? state.pos : board.start;
  const fin = board.finish;
  board.holes.forEach((hole, i) => {
    const [x, y] = pts[i];
    const g = el('g', { class: 'hole', 'data-hole': i, 'data-name': hole.name }, svg);
    let cls = 'pit';
    if (mode === 'finish' && !board.finishAny && has(fin, i)) cls += ' target';
    if (mode === 'play' && !board.finishAny && has(fin, i)) cls += ' goal';
    el('circle', { cx: x, cy: y, r: 0.42, class: cls }, g);
    // the name shows in an empty hole; a peg covers it
    el('text', { x: x, y: y + 0.08, class: 'name' }, g).textContent = hole.name;
    if (has(pos, i))
      el('circle', { cx: x, cy: y, r: 0.32,
        class: 'peg' + (i === selected ? ' selected' : '') }, g);
  });
  // the hints: an arrow for every legal jump, over the pegs (clicks go
  // through them to the holes)
  if (mode === 'play' && hints && hints.pos === state.pos && $('hints-on').checked) {
    const defs = el('defs', {}, svg);
    for (const v of ['winning', 'losing', 'unknown']) {
      const m = el('marker', { id: 'head-' + v, viewBox: '0 0 10 10', refX: 5, refY: 5,
        markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
      el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'head ' + v }, m);
    }
    const last = state.played[state.played.length - 1];
    if (last) {
      const [ax, ay] = pts[last[0]], [bx, by] = pts[last[2]];
      el('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'hint last' }, svg);
    }
    for (const [from, , to, verdict] of hints.jumps) {
      const [ax, ay] = pts[from], [bx, by] = pts[to];
      const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
      const s = 0.2 / len, e = 1 - 0.3 / len; // from the peg's edge to the hole's
      el('line', { x1: ax + dx * s, y1: ay + dy * s, x2: ax + dx * e, y2: ay + dy * e,
        class: 'hint ' + verdict, 'marker-end': `url(#head-${verdict})`,
        'data-from': from, 'data-to': to }, svg);
    }
  }
}

function refresh() {
  state = json('pw_state');
  draw();
  if (document.activeElement !== $('moves')) $('moves').value = state.text;
  $('undo').disabled = state.jumps === 0;
  $('redo').disabled = state.redo === 0;
  let s = `${state.pegs} pegs, ${state.moves} moves (${state.jumps} jumps)`;
  if (state.finished) s += ' - solved!';
  else if (state.legal.length === 0) s += ' - no jump left';
  $('status').textContent = s;
  document.body.dataset.pos = state.pos;
  saveUrl();
  askHints();
}

// ------------------------------------------------------------ clicks

function clickHole(i) {
  const t0 = performance.now();
  if (mode === 'start') {
    // toggle a hole of the start: the game restarts from the new start
    const start = BigInt('0x' + board.start) ^ (1n << BigInt(i));
    vacancies = holesOf(start.toString(16), false) || vacancies;
    if (!open()) return;
  } else if (mode === 'finish') {
    const fin = BigInt('0x' + board.finish) ^ (1n << BigInt(i));
    finish = holesOf(fin.toString(16), true) || finish;
    open();
  } else if (has(state.pos, i)) {
    selected = selected === i ? -1 : i;
    draw();
  } else if (selected >= 0) {
    const j = state.legal.find(([f, , to]) => f === selected && to === i);
    if (!j) {
      say(`no jump from ${board.holes[selected].name} to ${board.holes[i].name}`, true);
    } else {
      lastVerdict = hints && hints.pos === state.pos ? hints.verdict : null;
      if (call('pw_jump', 'number', ['number', 'number', 'number'], j) !== 0) {
        say(call('pw_error', 'string', [], []), true);
      } else {
        say('');
        // the same peg may jump on: that continues the move
        selected = i;
        refresh();
        if (!state.legal.some(([f]) => f === i)) selected = -1, draw();
      }
    }
  }
  timing.lastClickMs = performance.now() - t0;
}

// A press on a hole acts when it is released (pointerup, not click: a tap is
// answered at once; a phone makes its click later, or, as emulated touch in
// Chromium, not at all).  The hole is the one pressed, remembered here: the
// board is redrawn whenever hints arrive, and a redraw between press and
// release removes the pressed element, so the release's own target may be
// another hole or nothing at all (a tap lost, or played on the wrong hole).
let pressed = null;   // { id: pointerId, hole }
$('svg').addEventListener('pointerdown', (e) => {
  const g = e.target.closest && e.target.closest('g.hole');
  pressed = g ? { id: e.pointerId, hole: Number(g.dataset.hole) } : null;
});
window.addEventListener('pointerup', (e) => {
  const p = pressed;
  pressed = null;
  if (p && p.id === e.pointerId) clickHole(p.hole);
});
// a press that becomes a scroll or a zoom is no tap
window.addEventListener('pointercancel', () => { pressed = null; });

function bind(id, fn) { $(id).addEventListener('click', fn); }
bind('undo', () => { call('pw_undo', 'number', [], []); selected = -1; refresh(); });
bind('redo', () => { call('pw_redo', 'number', [], []); selected = -1; refresh(); });
bind('restart', () => { call('pw_restart', null, [], []); selected = -1; refresh(); });
bind('copy', () => {
  $('moves').select();
  if (navigator.clipboard) navigator.clipboard.writeText($('moves').value).catch(() => {});
  else document.execCommand('copy');
});
bind('load', () => {
  if (call('pw_load_moves', 'number', ['string'], [$('moves').value]) !== 0)
    say(call('pw_error', 'string', [], []), true);
  else say('');
  selected = -1;
  $('moves').blur();
  refresh();
});
bind('edit-start', () => setMode(mode === 'start' ? 'play' : 'start'));
bind('edit-finish', () => setMode(mode === 'finish' ? 'play' : 'finish'));
bind('board-open', () => openText($('board-text').value));
$('hints-on').addEventListener('change', draw);

function setMode(m) {
  mode = m;
  $('edit-start').textContent = m === 'start' ? 'Done' : 'Pick start';
  $('edit-finish').textContent = m === 'finish' ? 'Done' : 'Pick finish';
  document.body.dataset.mode = m;
  selected = -1;
  if (m === 'play') open(); else draw();
}

function openText(text) {
  const before = source;
  source = { name: 'file', text };
  vacancies = '';
  if (!open()) source = before; // the message stays; the old game too
}

// a board file dropped anywhere on the page
document.addEventListener('dragover', (e) => e.preventDefault());
document.addEventListener('drop', (e) => {
  e.preventDefault();
  const f = e.dataTransfer.files[0];
  if (f) f.text().then((t) => { $('board-text').value = t; openText(t); });
});

// ------------------------------------------------------------ pickers

function boardChanged() {
  const v = $('board').value;
  $('triangle-size').hidden = v !== 'triangle:N';
  source = { name: v === 'triangle:N' ? 'triangle:' + $('triangle-n').value : v, text: null };
  vacancies = '';
  open();
}
$('board').addEventListener('change', boardChanged);
$('triangle-n').addEventListener('change', boardChanged);
$('finish').addEventListener('change', () => {
  const v = $('finish').value;
  $('edit-finish').hidden = v !== 'holes';
  // "holes I pick" starts from one peg at the centre, or the first hole
  finish = v === 'holes' ? (board.holes[Math.floor(board.holes.length / 2)].name) : v;
  open();
});

// ------------------------------------------------------------ URL

function saveUrl() {
  const p = new URLSearchParams();
  if (source.text !== null) p.set('file', source.text); else p.set('b', source.name);
  if (vacancies) p.set('s', vacancies);
  if (finish) p.set('f', finish);
  const moves = state.played.length ? state.text.split('\n')
    .filter((l) => l && l[0] !== '#').join(' ') : '';
  if (moves) p.set('m', moves);
  history.replaceState(null, '', '#' + p.toString());
}

function loadUrl() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.has('file')) source = { name: 'file', text: p.get('file') };
  else source = { name: p.get('b') || 'english', text: null };
  vacancies = p.get('s') || '';
  finish = p.get('f') || '';
  return p.get('m') || '';
}

// ------------------------------------------------------------ hints

function openHints() {
  hintsReady = false;
  hints = null;
  delete document.body.dataset.hintsReady;
  const isText = source.text !== null;
  worker.postMessage({ type: 'open', source: isText ? source.text : source.name,
    isText, vacancies, finish, holes: board.holes.length,
    english: !isText && source.name === 'english' && !vacancies && !finish });
}

function askHints() {
  if (!worker || !state) return;
  $('ways').textContent = state.pegs > 26 ? 'The ways to win are counted from ' +
    '26 pegs on.' : '';
  delete $('ways').dataset.ways;
  $('chance').textContent = state.pegs > 21 ? 'The chance that random play ' +
    'wins is shown from 21 pegs on.' : '';
  delete $('chance').dataset.chance;
  worker.postMessage({ type: 'hints', pos: state.pos, seq: ++hintSeq });
}

function showHints() {
  const s = $('hint-summary');
  if (!hints || hints.pos !== state.pos) { s.textContent = ''; return; }
  const win = hints.jumps.filter((j) => j[3] === 'winning').length;
  const lose = hints.jumps.filter((j) => j[3] === 'losing').length;
  const unk = hints.jumps.length - win - lose;
  let t = `This position is ${hints.verdict} (${hints.oracle}): ` +
    `${win} winning, ${lose} losing` + (unk ? `, ${unk} unknown` : '') + ' jumps.';
  const lost = lastVerdict === 'winning' && hints.verdict === 'losing';
  if (lost) t = '\u2717 That move lost the game: undo it. ' + t;
  s.textContent = t;
  s.className = hints.verdict + (lost ? ' lost' : '');
  $('svg').classList.toggle('lost', lost);
  if (lost) document.body.dataset.lost = '1'; else delete document.body.dataset.lost;
  document.body.dataset.hints = hints.oracle;
}

function progress(p) {
  $('progress-box').hidden = p.done;
  $('progress').value = p.fraction || 0;
  $('progress-text').textContent = p.text || '';
}

function onWorker(e) {
  const d = e.data;
  if (d.type === 'progress') progress(d);
  else if (d.type === 'ready') {
    hintsReady = true;
    progress({ done: true });
    $('exact').hidden = d.exact;
    document.body.dataset.hintsReady = d.exact ? 'exact' : 'solver';
    document.body.dataset.hintsFrom = d.from; // table, cache, computed, solver
    window.pegsolTiming.hintsReadyMs = performance.now();
    if (d.note) say(d.note, false);
    askHints();
  } else if (d.type === 'hints') {
    if (d.seq !== hintSeq) return; // an answer for a position left behind
    hints = d.result;
    draw();
    showHints();
  } else if (d.type === 'continuations') {
    if (d.seq !== hintSeq) return;
    const w = $('ways');
    if (d.ways === '') {
      w.textContent = 'Too many ways to win to count from here yet (they are ' +
        'counted a little more after every move).';
      delete w.dataset.ways;
    } else {
      w.textContent = `${BigInt(d.ways).toLocaleString('en')} ways to win from here ` +
        '(jump sequences that reach the finish).';
      w.dataset.ways = d.ways;
    }
  } else if (d.type === 'explore') {
    explored(d);
  } else if (d.type === 'chance') {
    if (d.seq !== hintSeq || d.chance < 0) return;
    const odds = d.chance > 0 ? ` (1 in ${Math.round(1 / d.chance).toLocaleString('en')})` : '';
    $('chance').textContent = 'Random play from here reaches the finish with ' +
      `probability ${d.chance.toPrecision(3)}${odds}.`;
    $('chance').dataset.chance = d.chance;
  } else if (d.type === 'solution') {
    animate(d.jumps, d.all);
  } else if (d.type === 'error') {
    progress({ done: true });
    say(d.message, true);
  }
}

// "show me" plays the first jump of a verified solution; "solve from
// here" plays all of it, one jump every 400 ms.
function animate(jumps, all) {
  if (!jumps.length) { say('no solution known from here', true); return; }
  const step = (k) => {
    if (k >= (all ? jumps.length : 1)) return;
    call('pw_jump', 'number', ['number', 'number', 'number'], jumps[k]);
    selected = -1;
    refresh();
    setTimeout(() => step(k + 1), 400);
  };
  step(0);
}
bind('show-me', () => worker.postMessage({ type: 'solution', pos: state.pos, all: false }));
bind('solve', () => worker.postMessage({ type: 'solution', pos: state.pos, all: true }));
bind('exact', () => { $('exact').hidden = true;
  worker.postMessage({ type: 'compute' }); });

// ------------------------------------------------------------ start

createPegsol().then((mod) => {
  M = mod;
  const sel = $('board');
  for (const b of json('pw_builtins')) {
    const o = document.createElement('option');
    o.value = b.name;
    o.textContent = `${b.name} - ${b.description}`;
    sel.appendChild(o);
  }
  // pegsol.html (web/make_single.js) brings its worker as a Blob URL
  worker = new Worker(window.pegsolWorkerUrl || 'worker.js');
  worker.onmessage = onWorker;
  const moves = loadUrl();
  if (source.text !== null) $('board-text').value = source.text;
  else if (source.name.startsWith('triangle:')) {
    sel.value = 'triangle:N';
    $('triangle-n').value = source.name.slice(9);
    $('triangle-size').hidden = false;
  } else sel.value = source.name;
  $('finish').value = finish === '' || finish === 'any' ? finish : 'holes';
  $('edit-finish').hidden = $('finish').value !== 'holes';
  if (!open(moves)) { // a bad URL: start over on the English board
    source = { name: 'english', text: null };
    vacancies = finish = '';
    open();
  }
  document.body.dataset.ready = '1';
});
