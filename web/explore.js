// explore.js - the Explore tab: the figures of the CLI's analyses of the
// problem being played, each beside the exact command line that prints
// the same figures: the levels by jumps (`pegsol count`, `pegsol levels`)
// as a table and a plot, a shortest solution (`pegsol shortest`) with its
// pictures move by move, and how random play ends (`pegsol random`) as a
// plot.  The worker computes them with the library (worker.js, 'explore')
// while the progress bar runs; a board with more than EXPLORE_HOLES holes
// is over this page's budget (the English board's levels hold 23.5
// million positions: half a gigabyte and a minute in one browser thread),
// which the tab says, offering the commands and a "compute anyway" -
// except for the English central game, whose figures `make web` computed
// natively (web/make_explore.c) and ships as tables/english-explore.json.
// Uses app.js's globals: board, source, vacancies, finish, worker, $, el.
'use strict';

const EXPLORE_HOLES = 25;
let exploreKey = 0;      // the computation whose answers are awaited
let exploreForce = false;
const explore = {};      // what the tab shows (read by tests/web/browser.js)
window.pegsolExplore = explore;

// The CLI's options for the problem now; a pasted board is a file.
function cliArgs() {
  let a = source.text !== null ? '-b board.txt' : `-b ${source.name}`;
  if (vacancies) a += ` -s ${vacancies}`;
  if (finish) a += ` -f ${finish}`;
  return a;
}

function exploreVisible() { return !$('explore-tab').hidden; }

function showTab(which) {
  $('play-tab').hidden = which !== 'play';
  $('explore-tab').hidden = which !== 'explore';
  $('tab-play').classList.toggle('current', which === 'play');
  $('tab-explore').classList.toggle('current', which === 'explore');
  if (which === 'explore' && !exploreKey) startExplore();
}
$('tab-play').addEventListener('click', () => showTab('play'));
$('tab-explore').addEventListener('click', () => showTab('explore'));
$('explore-anyway').addEventListener('click', () => {
  exploreForce = true;
  startExplore();
});

// A new problem: what the tab showed is of the old one.
function resetExplore() {
  exploreKey = 0;
  exploreForce = false;
  for (const k of Object.keys(explore)) delete explore[k];
  delete document.body.dataset.explored;
  for (const id of ['levels-table', 'levels-plot', 'shortest-text', 'strip',
    'random-plot', 'random-text']) $(id).textContent = '';
  if (exploreVisible()) startExplore();
}

function startExplore() {
  const a = cliArgs();
  const cmds = [`pegsol count ${a} --format csv`, `pegsol levels ${a} --format csv`,
    `pegsol shortest ${a} -n algebraic`, `pegsol random ${a}`];
  document.querySelectorAll('#explore-tab code.command')
    .forEach((c, i) => { c.textContent = cmds[i]; });
  explore.commands = cmds;
  const n = board.holes.length;
  if (source.text === null && source.name === 'english' && !vacancies && !finish &&
      !exploreForce) return shipped();
  const big = n > EXPLORE_HOLES && !exploreForce;
  $('explore-anyway').hidden = !big;
  if (big) return startExploreBig();
  $('explore-note').textContent = 'Computing...';
  exploreKey = Date.now();
  worker.postMessage({ type: 'explore', key: exploreKey });
}

// The shipped figures of the English central game; without them
// (pegsol.html opened from a file has none beside it) the tab says the
// board is over budget, as for any other large board.
async function shipped() {
  const key = exploreKey = Date.now();
  $('explore-anyway').hidden = true;
  $('explore-note').textContent = 'Loading...';
  try {
    const res = await fetch('tables/english-explore.json');
    if (!res.ok) throw new Error(res.statusText);
    const r = await res.json();
    if (key !== exploreKey) return;
    $('explore-note').textContent = 'Computed natively by make web, with ' +
      'every core, and shipped with the page: the commands below print the same.';
    for (const what of ['count', 'shortest', 'random'])
      explored({ key, what, result: r[what] });
    explore.shipped = true;
  } catch (e) {
    if (key !== exploreKey) return;
    exploreKey = 0;
    exploreForce = false;
    startExploreBig();
  }
}

function startExploreBig() {
  const n = board.holes.length;
  $('explore-anyway').hidden = false;
  $('explore-note').textContent = `This ${n}-hole board is over this page's ` +
    `budget (boards of at most ${EXPLORE_HOLES} holes are computed here): its ` +
    'levels can hold millions of positions, which one browser thread takes ' +
    'minutes and gigabytes to go through.  The commands below print the same ' +
    'figures, with every core.';
  document.body.dataset.explored = 'over budget';
  exploreKey = -1;
}

function explored(d) {
  if (d.key !== exploreKey) return; // an answer for a problem left behind
  if (!d.result) {
    $('explore-note').textContent = `${d.what}: ${d.error}`;
    explore[d.what] = { error: d.error };
  } else {
    explore[d.what] = d.result;
    ({ count: showLevels, shortest: showShortest, random: showRandom })[d.what](d.result);
  }
  if (explore.count && explore.shortest && explore.random) {
    if ($('explore-note').textContent === 'Computing...') $('explore-note').textContent = '';
    document.body.dataset.explored = 'done';
  }
}

// ------------------------------------------------------------ plots

const SVG = 'http://www.w3.org/2000/svg';
// A plot of series (arrays of numbers indexed by jumps) as lines, or the
// first as bars; log: a logarithmic y axis (zeros left out).
function plot(svg, series, { log = false, bars = false, ylabel = '' } = {}) {
  svg.textContent = '';
  const W = 560, H = 220, L = 60, B = 30, T = 10, R = 10;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const n = Math.max(...series.map((s) => s.length));
  const f = (v) => (log ? Math.log10(v) : v);
  const vals = series.flat().filter((v) => (log ? v > 0 : true)).map(f);
  let lo = log ? Math.floor(Math.min(...vals)) : 0, hi = Math.max(...vals);
  if (log) hi = Math.ceil(hi) || 1;
  if (hi <= lo) hi = lo + 1;
  const x = (i) => L + (W - L - R) * (n > 1 ? i / (n - 1) : 0.5);
  const y = (v) => H - B - (H - B - T) * (f(v) - lo) / (hi - lo);
  el('line', { x1: L, y1: H - B, x2: W - R, y2: H - B, class: 'axis' }, svg);
  el('line', { x1: L, y1: T, x2: L, y2: H - B, class: 'axis' }, svg);
  for (let i = 0; i < n; i += Math.ceil(n / 12))
    el('text', { x: x(i), y: H - B + 14, 'text-anchor': 'middle' }, svg).textContent = i;
  el('text', { x: W - R, y: H - 2, 'text-anchor': 'end' }, svg).textContent = 'jumps';
  const ticks = log ? [...Array(hi - lo + 1).keys()].map((k) => lo + k) : [0, hi / 2, hi];
  for (const t of ticks) {
    const yy = H - B - (H - B - T) * (t - lo) / (hi - lo);
    el('text', { x: L - 4, y: yy + 4, 'text-anchor': 'end' }, svg).textContent =
      log ? `1e${t}` : t.toPrecision(2);
  }
  el('text', { x: L + 6, y: T + 4 }, svg).textContent = ylabel;
  series.forEach((s, k) => {
    if (bars && k === 0) {
      const w = (W - L - R) / n * 0.7;
      s.forEach((v, i) => {
        if (v > 0) el('rect', { x: x(i) - w / 2, y: y(v), width: w, height: H - B - y(v),
          class: 'bar' }, svg);
      });
      return;
    }
    const pts = s.map((v, i) => [i, v]).filter(([, v]) => (log ? v > 0 : true))
      .map(([i, v]) => `${x(i)},${y(v)}`).join(' ');
    el('polyline', { points: pts, class: 's' + k }, svg);
  });
}

// ------------------------------------------------------------ the tab

function showLevels(r) {
  const cols = [['jumps', 'jumps'], ['pegs', 'pegs'], ['positions_raw', 'positions'],
    ['winning_raw', 'winning'], ['positions', 'S_n'], ['winning', 'W_n'],
    ['deadends_raw', 'dead ends'], ['deadend_games', 'dead-end games']];
  const t = $('levels-table');
  const head = t.insertRow();
  for (const [key, name] of cols) {
    const th = document.createElement('th');
    th.textContent = name;
    th.dataset.key = key;
    head.appendChild(th);
  }
  for (const l of r.levels) {
    const row = t.insertRow();
    for (const [key] of cols) row.insertCell().textContent = l[key];
  }
  // the totals as `pegsol count` prints them: every dead-end game is a game
  const sums = { jumps: 'total', pegs: '', deadend_games: r.games,
    deadends_raw: r.levels.reduce((a, l) => a + l.deadends_raw, 0) };
  const total = t.insertRow();
  for (const [key] of cols) total.insertCell().textContent = sums[key] ?? r[key];
  plot($('levels-plot'), [r.levels.map((l) => l.positions_raw),
    r.levels.map((l) => l.winning_raw)], { log: true,
    ylabel: 'positions (brown), winning (green)' });
}

function showShortest(r) {
  if (!r.solvable) {
    $('shortest-text').textContent = `No solution (${r.impossible}).`;
    return;
  }
  $('shortest-text').textContent = `${r.moves} moves: ` +
    r.solution.map((m) => m.text).join(' ');
  // the start, then the position after every move
  let pos = BigInt('0x' + board.start);
  const strip = $('strip');
  const frame = (label, p, move) => {
    const fig = document.createElement('figure');
    const svg = document.createElementNS(SVG, 'svg');
    const pts = board.holes.map((_, i) => xy(i));
    const xs = pts.map((q) => q[0]), ys = pts.map((q) => q[1]);
    const x0 = Math.min(...xs) - 0.6, y0 = Math.min(...ys) - 0.6;
    svg.setAttribute('viewBox', `${x0} ${y0} ${Math.max(...xs) - x0 + 0.6} ` +
      `${Math.max(...ys) - y0 + 0.6}`);
    pts.forEach(([px, py], i) => {
      el('circle', { cx: px, cy: py, r: 0.42, class: 'pit' }, svg);
      if ((p >> BigInt(i)) & 1n) el('circle', { cx: px, cy: py, r: 0.32,
        class: 'peg' + (move && move.includes(i) ? ' selected' : '') }, svg);
    });
    fig.appendChild(svg);
    const cap = document.createElement('figcaption');
    cap.textContent = label;
    fig.appendChild(cap);
    strip.appendChild(fig);
  };
  frame('start', pos);
  r.solution.forEach((m, k) => {
    for (const [a, b, c] of m.jumps) pos ^= (1n << BigInt(a)) | (1n << BigInt(b)) | (1n << BigInt(c));
    frame(`${k + 1}. ${m.text}`, pos, [m.jumps[m.jumps.length - 1][2]]);
  });
}

function showRandom(r) {
  plot($('random-plot'), [r.levels.map((l) => l.probability)], { bars: true,
    ylabel: 'P(the game ends after n jumps)' });
  $('random-text').textContent = `Random play (every legal jump equally likely) ` +
    `ends with one peg with probability ${r.one_peg.toPrecision(4)}, in the finish ` +
    `with probability ${r.finish.toPrecision(4)}; on average it leaves ` +
    `${r.pegs_left.toFixed(3)} pegs after ${r.expected_jumps.toFixed(3)} jumps.`;
}
