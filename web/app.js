// app.js - the page's play: the board and problem pickers (problems.js),
// the board as SVG, jumps by drag, by click-click and by keyboard, the jump
// animated, undo/redo, the move list, the win and the loss, and the game
// in the URL.  Every rule comes from libpegsol (pegsol.js, the C API of
// web/pegsol_web.c): the page only draws and forwards the player's moves.
// The hints are asked of worker.js, a second instance of the library in a
// Web Worker, so that computing them never holds up a move.
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
let cursor = -1;      // the keyboard's hole (drawn once a key is used)
let anim = null;      // the jump being animated: { from, over, to, t0, dropped }
let drag = null;      // the peg being dragged: { hole, dx, dy } in board units
let clock = { t0: 0, ms: 0, at: -1 }; // the game's time; ms once won
let winClosed = false; // the player closed the win card of this game
let lostAt = -1;      // jumps played when the game was lost, or -1
let lostShown = false; // the loss was said (once a game line)
let replaying = false;
const JUMP_MS = 220;  // the jump's animation
// What the browser test reads (tests/web/browser.js): the click latency,
// when the hints were ready and first shown (bench/page.sh), the state and
// the hints now.
const timing = { lastClickMs: 0 };
window.pegsolTiming = timing;
window.pegsolPage = { get state() { return state; }, get hints() { return hints; },
  get board() { return board; },
  get problem() { return { board: source.name, start: vacancies, finish }; } };

function call(name, ret, types, args) {
  return M.ccall(name, ret, types, args);
}
function json(name, types = [], args = []) {
  return JSON.parse(call(name, 'string', types, args));
}
function has(posHex, hole) {
  return ((BigInt('0x' + posHex) >> BigInt(hole)) & 1n) === 1n;
}
// A message floats at the foot of the window a few seconds (longer for an
// error), so that it never pushes the board down.
let sayTimer = 0;
function say(text, isError) {
  const m = $('message');
  m.textContent = text || '';
  m.className = isError ? 'error' : '';
  clearTimeout(sayTimer);
  if (text) sayTimer = setTimeout(() => say(''), isError ? 9000 : 5000);
}
// "1 peg", "2 pegs"
function plural(n, word, many) {
  return `${Number(n).toLocaleString('en')} ${n === 1 ? word : many || word + 's'}`;
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
  cursor = -1;
  newGame();
  if (moves && call('pw_load_moves', 'number', ['string'], [moves]) !== 0)
    say(call('pw_error', 'string', [], []), true);
  if (moves) clock.t0 = -1; // a game from a link: its time is unknown
  openHints();
  showProblem();
  refresh();
  resetExplore();
  return true;
}

// A game starts again: its clock, and what was said of its end.
function newGame() {
  lastVerdict = null;
  anim = null;
  clock = { t0: performance.now(), ms: 0, at: -1 };
  winClosed = false;
  lostAt = -1;
  lostShown = false;
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

// The hints are drawn when they are for the position now and the game
// goes on.
function hintsShown() {
  return mode === 'play' && hints && hints.pos === state.pos && !state.finished &&
    $('hints-on').checked;
}

// The best verdict of each peg's jumps: a peg is ringed green when one of
// its jumps wins, red when all lose, grey when the solver did not decide.
function pegVerdicts() {
  const v = {};
  const rank = { winning: 3, unknown: 2, losing: 1 };
  for (const [from, , , verdict] of hints.jumps)
    if (!v[from] || rank[verdict] > rank[v[from]]) v[from] = verdict;
  return v;
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
  const show = hintsShown();
  const verdicts = show ? pegVerdicts() : {};
  // the picked peg's jumps: their targets are marked, arrows drawn below
  const mine = show && selected >= 0 ? hints.jumps.filter((j) => j[0] === selected) : [];
  const target = {};
  for (const j of mine) target[j[2]] = j[3];
  const pegs = [];
  board.holes.forEach((hole, i) => {
    const [x, y] = pts[i];
    const g = el('g', { class: 'hole', 'data-hole': i, 'data-name': hole.name }, svg);
    let cls = 'pit';
    if (mode === 'finish' && !board.finishAny && has(fin, i)) cls += ' target';
    if (mode === 'play' && !board.finishAny && has(fin, i)) cls += ' goal';
    if (target[i]) cls += ' to ' + target[i];
    el('circle', { cx: x, cy: y, r: 0.42, class: cls }, g);
    // the name shows in an empty hole; a peg covers it
    el('text', { x: x, y: y + 0.08, class: 'name' }, g).textContent = hole.name;
    if (i === cursor) el('circle', { cx: x, cy: y, r: 0.47, class: 'cursor' }, g);
    if (has(pos, i)) {
      let pc = 'peg' + (i === selected ? ' selected' : '');
      if (verdicts[i] && selected < 0) pc += ' can ' + verdicts[i];
      pegs.push([i, el('circle', { cx: x, cy: y, r: 0.32, class: pc }, g)]);
    }
  });
  if (show) drawArrows(svg, pts, mine);
  // the peg being dragged, over everything else
  for (const [i, peg] of pegs) {
    if (drag && drag.hole === i) {
      peg.classList.add('dragging');
      peg.style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
      svg.appendChild(peg.parentNode);
    }
  }
  animateJump(svg, pts, pegs);
}

// The last jump's path, faint, and an arrow for each jump of the picked
// peg: a peg has at most six, each its own way, so they never overlap.
function drawArrows(svg, pts, mine) {
  const defs = el('defs', {}, svg);
  for (const v of ['winning', 'losing', 'unknown']) {
    const m = el('marker', { id: 'head-' + v, viewBox: '0 0 10 10', refX: 5, refY: 5,
      markerWidth: 3, markerHeight: 3, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'head ' + v }, m);
  }
  const last = state.played[state.played.length - 1];
  if (last && !anim) {
    const [ax, ay] = pts[last[0]], [bx, by] = pts[last[2]];
    el('line', { x1: ax, y1: ay, x2: bx, y2: by, class: 'hint last' }, svg);
  }
  for (const [from, , to, verdict] of mine) {
    const [ax, ay] = pts[from], [bx, by] = pts[to];
    const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
    const s = 0.36 / len, e = 1 - 0.3 / len; // from the peg's edge to the hole's
    el('line', { x1: ax + dx * s, y1: ay + dy * s, x2: ax + dx * e, y2: ay + dy * e,
      class: 'hint ' + verdict, 'marker-end': `url(#head-${verdict})`,
      'data-from': from, 'data-to': to }, svg);
  }
}

// The jump just played: the peg slides from its hole to the target (unless
// it was dragged there) and the jumped peg fades.  A redraw meanwhile (the
// hints arriving) takes the animation up where it was.
function animateJump(svg, pts, pegs) {
  if (!anim) return;
  const t = performance.now() - anim.t0;
  if (t >= JUMP_MS || !svg.animate) { anim = null; return; }
  const [fx, fy] = pts[anim.from], [tx, ty] = pts[anim.to], [ox, oy] = pts[anim.over];
  const moving = pegs.find(([i]) => i === anim.to);
  const timingOpts = { duration: JUMP_MS, delay: -t, easing: 'ease-out', fill: 'backwards' };
  if (moving && !anim.dropped) {
    // (a click meanwhile goes to the hole under it, not to the peg passing)
    moving[1].classList.add('moving');
    svg.appendChild(moving[1].parentNode);
    moving[1].animate([{ transform: `translate(${fx - tx}px, ${fy - ty}px)` },
      { transform: 'translate(0px, 0px)' }], timingOpts);
  }
  const ghost = el('circle', { cx: ox, cy: oy, r: 0.32, class: 'peg ghost' }, svg);
  ghost.animate([{ opacity: 1, transform: 'scale(1)' }, { opacity: 0, transform: 'scale(0.6)' }],
    { ...timingOpts, fill: 'forwards' });
}

function refresh() {
  state = json('pw_state');
  draw();
  if (document.activeElement !== $('moves')) $('moves').value = state.text;
  $('undo').disabled = state.jumps === 0;
  $('redo').disabled = state.redo === 0;
  let s = `${plural(state.pegs, 'peg')} left, ${plural(state.moves, 'move')} ` +
    `(${plural(state.jumps, 'jump')})`;
  if (state.finished) s += ': solved!';
  else if (state.legal.length === 0) s += ': no jump left';
  $('status').textContent = s;
  document.body.dataset.pos = state.pos;
  document.body.dataset.finished = state.finished ? '1' : '';
  saveUrl();
  askHints();
  showEnd();
}

// ------------------------------------------------------------ the end

// The solution as one line: the moves of the move list, in algebraic
// notation, without its comments.
function movesLine() {
  return state.text.split('\n').filter((l) => l && l[0] !== '#').join(' ');
}

function mmss(ms) {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// The win: a card over the board with the game's figures, its solution to
// replay or share, and another problem to play; the analysis of the
// position (which is over) is cleared.  A dead end where the finish was
// missed says so once, with undo.
function showEnd() {
  const won = state.finished && !replaying;
  if (state.finished && clock.at !== state.jumps) {
    clock.ms = clock.t0 < 0 ? 0 : performance.now() - clock.t0;
    clock.at = state.jumps;
  }
  if (state.finished) {
    for (const id of ['hint-summary', 'hint-source', 'ways', 'chance']) $(id).textContent = '';
    delete $('ways').dataset.ways;
    delete $('chance').dataset.chance;
    $('hint-summary').className = '';
    $('svg').classList.remove('lost');
    delete document.body.dataset.lost;
  }
  $('win').hidden = !won || winClosed;
  document.body.dataset.won = won ? '1' : '';
  if (won) {
    const left = holesOf(state.pos, true).split(',');
    $('win-stats').textContent = `${plural(state.pegs, 'peg')} left` +
      (left.length <= 3 ? ` (${left.join(', ')})` : '') + ` in ${plural(state.moves, 'move')}, ` +
      `${plural(state.jumps, 'jump')}` + (clock.ms > 0 ? `, ${mmss(clock.ms)}` : '') + '.';
    // each move unbroken, the line broken between moves
    const code = $('win-moves');
    code.textContent = '';
    movesLine().split(' ').forEach((m, k) => {
      if (k) code.append(' ');
      const span = document.createElement('span');
      span.textContent = m;
      code.appendChild(span);
    });
    const next = nextProblem();
    $('win-next').hidden = !next;
    if (next) $('win-next').title = next.label;
  }
  // a dead end that no one has called lost yet
  if (!state.finished && state.legal.length === 0 && !lostShown && mode === 'play') {
    showLost(`No jump left, ${plural(state.pegs, 'peg')} on the board: this game ` +
      'missed its finish.');
  }
  if (state.finished || (state.legal.length > 0 && lostAt < 0)) $('lost').hidden = true;
}

function showLost(text) {
  lostShown = true;
  $('lost-text').textContent = text;
  $('lost').hidden = false;
}

// The next problem of this board (problems.js), or null when it has one.
function nextProblem() {
  const list = problemsOf(source.name);
  if (source.text !== null || list.length < 2) return null;
  const k = list.findIndex((p) => p.s === vacancies && p.f === finish);
  const p = list[(k + 1) % list.length];
  return { ...p, label: problemLabel(p) };
}

function replay() {
  const jumps = state.played.slice();
  call('pw_restart', null, [], []);
  selected = -1;
  replaying = true;
  refresh();
  const step = (k) => {
    if (k >= jumps.length || state.jumps !== k) { replaying = false; refresh(); return; }
    playJump(jumps[k], false);
    setTimeout(() => step(k + 1), 450);
  };
  setTimeout(() => step(0), 300);
}

async function share() {
  const text = `pegsol ${boardLabel()}: ${problemLabel({ s: vacancies, f: finish })} ` +
    `solved in ${plural(state.moves, 'move')}\n${movesLine()}\n${location.href}\n`;
  try {
    await navigator.clipboard.writeText(text);
    say('The solution and its link are copied.');
  } catch (e) {
    // no clipboard (an insecure origin): the text to copy by hand
    $('moves').value = text;
    $('moves').select();
    say('The solution and its link are in the move list, selected: copy them.');
  }
}

// ------------------------------------------------------------ moves

// Plays jump j ([from, over, to]) as the player made it; dropped: the peg
// was dragged onto its target (no slide).
function playJump(j, dropped) {
  lastVerdict = hints && hints.pos === state.pos ? hints.verdict : null;
  if (call('pw_jump', 'number', ['number', 'number', 'number'], j) !== 0) {
    say(call('pw_error', 'string', [], []), true);
    return false;
  }
  say('');
  anim = { from: j[0], over: j[1], to: j[2], t0: performance.now(), dropped };
  // the same peg may jump on: that continues the move
  selected = j[2];
  refresh();
  if (!state.legal.some(([f]) => f === j[2])) selected = -1, draw();
  return true;
}

function clickHole(i, dropped) {
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
  } else if (state.finished && !dropped) {
    // a won game stays won: the card comes back
    winClosed = false;
    showEnd();
  } else if (has(state.pos, i)) {
    selected = selected === i ? -1 : i;
    if (selected >= 0 && !state.legal.some(([f]) => f === i))
      say(`${board.holes[i].name} has no jump now`);
    draw();
  } else if (selected >= 0) {
    const j = state.legal.find(([f, , to]) => f === selected && to === i);
    if (!j) say(`no jump from ${board.holes[selected].name} to ${board.holes[i].name}`, true);
    else playJump(j, dropped);
  }
  timing.lastClickMs = performance.now() - t0;
}

// The board's point under a pointer, in board units.
function boardPoint(e) {
  const svg = $('svg');
  const m = svg.getScreenCTM();
  if (!m) return null;
  return new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
}

// The hole at a board point (within its pit), or -1.
function holeAt(p) {
  let best = -1, bestD = 0.5;
  board.holes.forEach((_, i) => {
    const [x, y] = xy(i);
    const d = Math.hypot(p.x - x, p.y - y);
    if (d < bestD) best = i, bestD = d;
  });
  return best;
}

// A press on a hole acts when it is released (pointerup, not click: a tap is
// answered at once; a phone makes its click later, or, as emulated touch in
// Chromium, not at all).  The hole is the one pressed, remembered here: the
// board is redrawn whenever hints arrive, and a redraw between press and
// release removes the pressed element, so the release's own target may be
// another hole or nothing at all (a tap lost, or played on the wrong hole).
// A press on a peg that moves further than a few pixels is a drag: the peg
// follows the pointer and jumps where it is dropped.
let pressed = null;   // { id: pointerId, hole, x, y, dragging }
$('svg').addEventListener('pointerdown', (e) => {
  const g = e.target.closest && e.target.closest('g.hole');
  pressed = g ? { id: e.pointerId, hole: Number(g.dataset.hole), x: e.clientX,
    y: e.clientY, dragging: false } : null;
  if (pressed && e.pointerType === 'mouse') e.preventDefault(); // no text selection
});
window.addEventListener('pointermove', (e) => {
  const p = pressed;
  if (!p || p.id !== e.pointerId || mode !== 'play' || state.finished) return;
  if (!p.dragging) {
    if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < 8 || !has(state.pos, p.hole)) return;
    p.dragging = true;
    selected = p.hole;
  }
  const q = boardPoint(e);
  if (!q) return;
  const [x, y] = xy(p.hole);
  const first = !drag;
  drag = { hole: p.hole, dx: q.x - x, dy: q.y - y };
  const peg = document.querySelector(`g.hole[data-hole="${p.hole}"] circle.peg`);
  if (first || !peg) draw();
  else peg.style.transform = `translate(${drag.dx}px, ${drag.dy}px)`;
});
window.addEventListener('pointerup', (e) => {
  const p = pressed;
  pressed = null;
  if (!p || p.id !== e.pointerId) return;
  if (!p.dragging) { clickHole(p.hole); return; }
  const q = boardPoint(e);
  const to = q ? holeAt(q) : -1;
  drag = null;
  selected = p.hole;
  if (to >= 0 && to !== p.hole && !has(state.pos, to)) clickHole(to, true);
  draw(); // the peg jumped, or goes back to its hole
});
// a press that becomes a scroll or a zoom is no tap
window.addEventListener('pointercancel', () => {
  pressed = null;
  if (drag) drag = null, draw();
});

// The keyboard: the arrows move a ring from hole to hole, Enter or Space
// presses the hole under it; u undo, r redo, h show me, Escape drops the
// picked peg.
function moveCursor(dx, dy) {
  if (cursor < 0) { cursor = selected >= 0 ? selected : Math.floor(board.holes.length / 2); return; }
  const [cx, cy] = xy(cursor);
  let best = -1, bestD = Infinity;
  board.holes.forEach((_, i) => {
    const [x, y] = xy(i);
    const ax = x - cx, ay = y - cy, along = ax * dx + ay * dy;
    if (along <= 0.3) return;
    const d = along + 2 * Math.abs(ax * dy - ay * dx); // straight on first
    if (d < bestD) best = i, bestD = d;
  });
  if (best >= 0) cursor = best;
}
document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (!M || !state || e.ctrlKey || e.metaKey || e.altKey ||
      /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName) || $('play-tab').hidden ||
      (/^(BUTTON|SUMMARY)$/.test(t.tagName) && (e.key === 'Enter' || e.key === ' '))) return;
  const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (dirs[e.key]) moveCursor(...dirs[e.key]), draw();
  else if ((e.key === 'Enter' || e.key === ' ') && cursor >= 0) clickHole(cursor);
  else if (e.key === 'u') $('undo').click();
  else if (e.key === 'r') $('redo').click();
  else if (e.key === 'h') $('show-me').click();
  else if (e.key === 'Escape') selected = -1, draw();
  else return;
  e.preventDefault();
});

function bind(id, fn) { $(id).addEventListener('click', fn); }
function undo() {
  call('pw_undo', 'number', [], []);
  selected = -1;
  anim = null;
  refresh();
  if (state.jumps < lostAt) lostAt = -1;
  if (lostAt < 0) lostShown = false, $('lost').hidden = true;
}
bind('undo', undo);
bind('redo', () => { call('pw_redo', 'number', [], []); selected = -1; refresh(); });
bind('restart', () => {
  call('pw_restart', null, [], []);
  selected = -1;
  newGame();
  refresh();
});
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
bind('win-replay', replay);
bind('win-share', share);
bind('win-close', () => { winClosed = true; showEnd(); });
bind('win-next', () => { const p = nextProblem(); if (p) pickProblem(p); });
bind('win-board', nextBoard);
// undo back to the winning position before the losing move (or one jump)
bind('lost-undo', () => {
  const to = lostAt > 0 ? lostAt - 1 : Math.max(state.jumps - 1, 0);
  while (state.jumps > to && call('pw_undo', 'number', [], [])) state = json('pw_state');
  lostAt = -1;
  lostShown = false;
  $('lost').hidden = true;
  selected = -1;
  anim = null;
  refresh();
});
bind('lost-close', () => { $('lost').hidden = true; });
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

// "d4 → d4", "d3 → d5", "c1 → anywhere": a problem by its holes
function problemLabel(p) {
  const s = p.s || homeOf(source.name);
  const f = p.f === 'any' ? 'anywhere' : p.f || s;
  return `${s} \u2192 ${f}`;
}

function boardLabel() {
  if (source.text !== null) return 'your board';
  const t = /^triangle:?(\d+)$/.exec(source.name);
  if (t) return `triangle ${t[1]}`;
  const b = BOARDS.find((x) => x.key === source.name);
  return b ? b.label : source.name;
}

// The problem picker: the board's winnable problems by their holes, the
// first marked as the board's own; "your own" when the problem is
// another.  Below the pickers, the details in words.
function showProblem() {
  const sel = $('problem');
  sel.textContent = '';
  const list = source.text === null ? problemsOf(source.name) : [];
  let found = false;
  list.forEach((p, k) => {
    const o = document.createElement('option');
    o.value = String(k);
    o.textContent = problemLabel(p) + (k === 0 && !p.s ? ' (classic)' : '');
    if (p.s === vacancies && p.f === finish) o.selected = found = true;
    sel.appendChild(o);
  });
  if (!found) {
    const o = document.createElement('option');
    o.value = 'own';
    o.textContent = list.length ? 'your own' : problemLabel({ s: vacancies, f: finish });
    o.selected = true;
    sel.appendChild(o);
  }
  const empty = holesOf(board.start, false).split(',').filter(Boolean);
  const start = empty.length > 4 ? plural(empty.length, 'hole') + ' empty'
    : `${empty.join(', ')} empty`;
  const fin = board.finishAny ? 'one peg anywhere'
    : (() => { const f = holesOf(board.finish, true).split(','); return f.length > 4
      ? plural(f.length, 'peg') + ' in place' : `${f.length === 1 ? 'one peg' : 'pegs'} on ${f.join(', ')}`; })();
  const t = /^triangle:?(\d+)$/.exec(source.name);
  const desc = source.text !== null ? `A pasted board of ${plural(board.holes.length, 'hole')}`
    : t ? `Triangle of side ${t[1]} (${plural(board.holes.length, 'hole')})`
      : (builtins[source.name] || source.name).replace(/, (centre|rows of).*/, '');
  $('problem-info').textContent = `${desc}: start with ${start}, finish with ${fin}.`;
  $('board').title = desc;
}

function pickProblem(p) {
  vacancies = p.s;
  finish = p.f;
  $('finish').value = finish === '' || finish === 'any' ? finish : 'holes';
  $('edit-finish').hidden = $('finish').value !== 'holes';
  open();
}

const builtins = {};
function boardChanged() {
  const v = $('board').value;
  $('triangle-size').hidden = v !== 'triangle:N';
  source = { name: v === 'triangle:N' ? 'triangle:' + $('triangle-n').value : v, text: null };
  const first = problemsOf(source.name)[0] || { s: '', f: '' };
  vacancies = first.s;
  finish = first.f;
  $('finish').value = finish === '' || finish === 'any' ? finish : 'holes';
  $('edit-finish').hidden = $('finish').value !== 'holes';
  open();
}

// the next board of the list (each triangle side in turn)
function nextBoard() {
  const sel = $('board');
  const t = /^triangle:?(\d+)$/.exec(source.name);
  if (t && Number(t[1]) < 10) $('triangle-n').value = Number(t[1]) + 1;
  else if (t) { $('triangle-n').value = 4; sel.selectedIndex = 0; }
  else sel.selectedIndex = (sel.selectedIndex + 1) % sel.options.length;
  if (sel.value === 'triangle:N' && !t) $('triangle-n').value = 4;
  boardChanged();
}

$('board').addEventListener('change', boardChanged);
$('triangle-n').addEventListener('change', boardChanged);
$('problem').addEventListener('change', () => {
  const v = $('problem').value;
  if (v === 'own') return;
  pickProblem(problemsOf(source.name)[Number(v)]);
});
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
  const moves = state.played.length ? movesLine() : '';
  if (moves) p.set('m', moves);
  history.replaceState(null, '', '#' + p.toString());
}

// The game in the URL; a board without a start or finish there opens on
// its first winnable problem (problems.js).
function loadUrl() {
  const p = new URLSearchParams(location.hash.slice(1));
  if (p.has('file')) source = { name: 'file', text: p.get('file') };
  else source = { name: p.get('b') || 'english', text: null };
  vacancies = p.get('s') || '';
  finish = p.get('f') || '';
  if (!p.has('s') && !p.has('f') && source.text === null) {
    const first = problemsOf(source.name)[0];
    if (first) vacancies = first.s, finish = first.f;
  }
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
  const over = state.finished;
  $('ways').textContent = !over && state.pegs > 26 ? 'The ways to win are counted from ' +
    '26 pegs on.' : '';
  delete $('ways').dataset.ways;
  $('chance').textContent = !over && state.pegs > 21 ? 'The chance that random play ' +
    'wins is shown from 21 pegs on.' : '';
  delete $('chance').dataset.chance;
  if (over) { hintSeq++; return; } // nothing is left to hint
  worker.postMessage({ type: 'hints', pos: state.pos, seq: ++hintSeq, path: gamePath() });
}

// The game's positions, the start first (hex, as pw_state writes them):
// the worker keeps winning positions computed from one of them while the
// game goes through it.
function gamePath() {
  let p = BigInt('0x' + board.start);
  const path = [p.toString(16)];
  for (const [a, b, c] of state.played) {
    p ^= (1n << BigInt(a)) | (1n << BigInt(b)) | (1n << BigInt(c));
    path.push(p.toString(16));
  }
  return path;
}

function showHints() {
  const s = $('hint-summary');
  if (!hints || hints.pos !== state.pos || state.finished) { s.textContent = ''; return; }
  const n = hints.jumps.length;
  const win = hints.jumps.filter((j) => j[3] === 'winning').length;
  const unk = hints.jumps.filter((j) => j[3] === 'unknown').length;
  let t;
  if (n === 0) t = 'No jump left.';
  else if (hints.verdict === 'winning')
    t = `Still winnable: ${win} of ${plural(n, 'jump')} ${win === 1 ? 'wins' : 'win'}` +
      (unk ? `, ${unk} unknown` : '') + '.';
  else if (hints.verdict === 'losing') t = 'No finish can be reached from here any more.';
  else t = `The solver could not tell in time: ${plural(win, 'jump')} ` +
    `${win === 1 ? 'wins' : 'win'}, ${unk} unknown, of ${n}.`;
  const lost = lastVerdict === 'winning' && hints.verdict === 'losing';
  if (lost && lostAt < 0) {
    lostAt = state.jumps;
    if (!lostShown) showLost('That move lost the game: no finish can be reached any more.');
  }
  if (lost) t = '\u2717 That move lost the game: undo it. ' + t;
  s.textContent = t;
  s.title = `hints from ${hints.oracle}`;
  // how far the hints can be trusted: exact (a table of winning positions)
  // or the solver's, which may say unknown
  const x = $('hint-source');
  const decided = n > 0 && unk === 0 && hints.verdict !== 'unknown';
  x.textContent = hints.exact ? 'Hints exact from here.'
    : decided ? 'Hints exact here: the solver decided every jump (later ones may be unknown).'
      : 'Hints from the solver: some may be unknown.';
  x.className = hints.exact ? 'exact' : 'solver';
  document.body.dataset.hintsExact = hints.exact ? '1' : '';
  // no offer to compute what is computed already
  if (document.body.dataset.hintsReady === 'solver') $('exact').hidden = hints.exact;
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
    if (!timing.firstHintMs) timing.firstHintMs = performance.now();
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
      const ways = BigInt(d.ways);
      w.textContent = ways === 0n ? '' : `${ways.toLocaleString('en')} ` +
        `${ways === 1n ? 'way' : 'ways'} to win from here (jump sequences that reach the finish).`;
      w.dataset.ways = d.ways;
    }
  } else if (d.type === 'local') {
    // the winning positions from this position on: said once, briefly
    say(`Hints exact from here on (${plural(d.positions, 'winning position')}, ` +
      `${(d.ms / 1000).toFixed(1)} s).`);
    timing.local = d;
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

// "show me" plays the first jump of a verified solution; "solve" plays
// all of it, one jump every 400 ms.
function animate(jumps, all) {
  if (!jumps.length) { say('no solution known from here', true); return; }
  const step = (k) => {
    if (k >= (all ? jumps.length : 1)) return;
    playJump(jumps[k], false);
    selected = -1;
    draw();
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
  for (const b of json('pw_builtins')) builtins[b.name] = b.description;
  for (const b of BOARDS) {
    const o = document.createElement('option');
    o.value = b.key;
    o.textContent = b.label;
    o.title = builtins[b.key] || '';
    sel.appendChild(o);
  }
  // pegsol.html (web/make_single.js) brings its worker as a Blob URL
  worker = new Worker(window.pegsolWorkerUrl || 'worker.js');
  worker.onmessage = onWorker;
  const moves = loadUrl();
  if (source.text !== null) $('board-text').value = source.text;
  else if (/^triangle:?\d+$/.test(source.name)) {
    sel.value = 'triangle:N';
    $('triangle-n').value = source.name.replace(/^triangle:?/, '');
    $('triangle-size').hidden = false;
  } else sel.value = source.name;
  $('finish').value = finish === '' || finish === 'any' ? finish : 'holes';
  $('edit-finish').hidden = $('finish').value !== 'holes';
  if (!open(moves)) { // a bad URL: start over on the English board
    source = { name: 'english', text: null };
    vacancies = finish = '';
    sel.value = 'english';
    open();
  }
  document.body.dataset.ready = '1';
});

// offline: the service worker keeps the page's files once loaded
if ('serviceWorker' in navigator && /^https?:$/.test(location.protocol))
  navigator.serviceWorker.register('sw.js').catch(() => {});
