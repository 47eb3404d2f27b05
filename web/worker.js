// worker.js - the hints, in a Web Worker: its own instance of libpegsol
// judges every legal jump of a position as winning, losing or unknown
// (pegsol_hints_jumps), so the page stays responsive while it thinks.
//
// Where the hints come from, best first:
//  - the English central game: the winning positions that `make web`
//    computed natively (tables/english.pwt.gz, 2 MiB), rebuilt into the
//    library's cache file by table.js and loaded by pegsol_winning_load,
//    which checks it;
//  - winning positions computed before in this browser, kept in its
//    IndexedDB as the library's cache file (checked again on loading);
//  - boards of at most EXACT_HOLES holes: the winning positions computed
//    here, with a progress bar (seconds), then kept;
//  - anything else: the solver, with SOLVER_SECONDS for all the jumps of a
//    position, and an honest "unknown" when it runs out (the button
//    "Compute exact hints" computes the winning positions on request),
//    until the game has at most localPegs() pegs left: then the winning
//    positions from the position now on (pw_hints_from: every position
//    reachable from it, so the bound is what the worker can go through in
//    about a second), and every later hint of the game is exact; undoing
//    back before that position returns to the solver.  The bounds were
//    measured by tests/web/horizon.js (doc/PLAY.md).
'use strict';
// (in pegsol.html both come before this file, in the worker's Blob)
if (typeof createPegsol === 'undefined') importScripts('pegsol.js', 'table.js');

const EXACT_HOLES = 25;
const SOLVER_SECONDS = 1.5;
// The chance that random play wins is exact (pegsol_random_play over every
// position reachable from here): under a second from 21 pegs on, the
// English board's 31 take a minute in the browser.
const RANDOM_PEGS = 21;
// The winning continuations are counted over the exact table, memoised,
// from CONTINUATION_PEGS pegs on (the English board: 0.2 s from its 26
// pegs, 20 s from its 32), and each question may add at most
// CONTINUATION_BUDGET positions to the memo, so that the next position's
// hints never wait long behind it.
const CONTINUATION_PEGS = 26;
const CONTINUATION_BUDGET = 40000;
// Pegs left from which the winning positions from here on are computed,
// per board: the most pegs from which every position sampled took at most
// a second of CPU time (more holes: more positions reachable from as many
// pegs; a pasted board gets the least of them); and the memory they may
// take before the worker gives up (the solver stays).
const LOCAL_PEGS = { english: 24, french: 23, diamond41: 25, wiegleb: 19,
  'triangle:7': 19, 'triangle:8': 17, 'triangle:9': 17, 'triangle:10': 17 };
const LOCAL_MB = 512;
function localPegs(d) {
  const name = d.isText ? '' : d.source.replace(/^triangle(\d)/, 'triangle:$1');
  return LOCAL_PEGS[name] || 17;
}
let exactAll = false; // the problem's own table: every hint exact
let anchor = null;    // the position the winning positions were computed from
let refused = new Set(); // positions whose computation ran out of memory
let M = null;
let pending = [];  // messages that came before the library was ready
let opened = null; // the 'open' message of the problem now
let task = 'computing the winning positions'; // what the progress is of

const ready = createPegsol({
  onProgress(phase, level, done, total) {
    postMessage({ type: 'progress', fraction: total ? done / total : 0,
      text: `${task}: ${phase}, level ${level}` });
  },
}).then((mod) => { M = mod; });

function call(name, ret, types, args) {
  return M.ccall(name, ret, types, args);
}
function fail(what) {
  postMessage({ type: 'error', message: what + ': ' + call('pw_error', 'string', [], []) });
}

// Opens the problem and makes its hints; answers 'ready' with how exact.
async function open(d) {
  exactAll = false;
  anchor = null;
  refused = new Set();
  const st = call('pw_open', 'number', ['string', 'number', 'string', 'string'],
    [d.source, d.isText ? 1 : 0, d.vacancies, d.finish]);
  if (st !== 0) return fail('hints');
  if (d.english) {
    try {
      const file = await fetchTable('tables/english.pwt.gz', (f) =>
        postMessage({ type: 'progress', fraction: f,
          text: 'loading the winning positions' }));
      if (opened !== d) return; // another problem was opened meanwhile
      M.FS.writeFile('/english.bin', file);
      const ok = call('pw_hints_load', 'number', ['string'], ['/english.bin']);
      M.FS.unlink('/english.bin');
      if (ok === 0) {
        exactAll = true;
        return postMessage({ type: 'ready', exact: true, from: 'table' });
      }
      fail('the shipped table was refused');
    } catch (e) {
      // pegsol.html from file:// has no table beside it: computed below
      if (!(self.location.protocol === 'blob:' && /fetch/i.test(String(e))))
        postMessage({ type: 'error', message: 'the shipped table: ' + e });
    }
  }
  if (await loadCached(d)) {
    exactAll = true;
    return postMessage({ type: 'ready', exact: true, from: 'cache' });
  }
  if (opened !== d) return;
  if (d.holes <= EXACT_HOLES || d.english) return compute();
  call('pw_hints_open', 'number', ['number'], [0]);
  postMessage({ type: 'ready', exact: false, from: 'solver' });
}

function compute() {
  anchor = null; // whatever the outcome, the table from here is replaced
  postMessage({ type: 'progress', fraction: 0, text: 'computing the winning positions' });
  if (call('pw_hints_open', 'number', ['number'], [1]) !== 0) {
    fail('exact hints');
    call('pw_hints_open', 'number', ['number'], [0]);
    return postMessage({ type: 'ready', exact: false, from: 'solver' });
  }
  exactAll = true;
  postMessage({ type: 'ready', exact: true, from: 'computed' });
  keep(opened);
}

// ------------------------------------------------------------ the cache

// The problem's key in the browser's cache: what pw_open was given.
function cacheKey(d) {
  return JSON.stringify([d.source, d.isText, d.vacancies, d.finish]);
}

function db() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open('pegsol', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('winning');
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

async function store(mode, fn) {
  const d = await db();
  return new Promise((resolve, reject) => {
    const tx = d.transaction('winning', mode);
    const r = fn(tx.objectStore('winning'));
    tx.oncomplete = () => { d.close(); resolve(r.result); };
    tx.onerror = () => { d.close(); reject(tx.error); };
  });
}

// Loads the problem's winning positions kept by an earlier visit; true
// when the library accepted them (a damaged copy is dropped).
async function loadCached(d) {
  let bytes;
  try {
    bytes = await store('readonly', (s) => s.get(cacheKey(d)));
  } catch (e) {
    return false; // no storage (a private window): compute instead
  }
  if (!bytes || opened !== d) return false;
  M.FS.writeFile('/cached.bin', bytes);
  const st = call('pw_hints_load', 'number', ['string'], ['/cached.bin']);
  M.FS.unlink('/cached.bin');
  if (st === 0) return true;
  store('readwrite', (s) => s.delete(cacheKey(d))).catch(() => {});
  return false;
}

// Keeps the winning positions just computed, for the next visit.
function keep(d) {
  if (call('pw_hints_save', 'number', ['string'], ['/keep.bin']) !== 0) return;
  const bytes = M.FS.readFile('/keep.bin');
  M.FS.unlink('/keep.bin');
  store('readwrite', (s) => s.put(bytes, cacheKey(d))).catch(() => {});
}

// Without the problem's own table: the winning positions from the
// position now, once few enough pegs are left; kept while the game goes
// through the position they were computed from (d.path: the game's
// positions, start first).
function local(d) {
  if (exactAll) return;
  if (anchor !== null && !d.path.includes(anchor)) {
    anchor = null;
    call('pw_hints_open', 'number', ['number'], [0]);
  }
  const pegs = BigInt('0x' + d.pos).toString(2).split('1').length - 1;
  if (anchor !== null || pegs > localPegs(opened) || refused.has(d.pos)) return;
  task = 'exact hints from here';
  postMessage({ type: 'progress', fraction: 0, text: task });
  const t0 = performance.now();
  const st = call('pw_hints_from', 'number', ['string', 'number'], [d.pos, LOCAL_MB]);
  task = 'computing the winning positions';
  postMessage({ type: 'progress', done: true });
  if (st === 0) {
    anchor = d.pos;
    postMessage({ type: 'local', pos: d.pos, ms: performance.now() - t0,
      positions: call('pw_winning_count', 'number', [], []) });
  } else {
    refused.add(d.pos);
  }
}

async function handle(d) {
  if (d.type === 'open') {
    opened = d;
    await open(d);
  } else if (d.type === 'compute') {
    compute();
  } else if (d.type === 'hints') {
    local(d);
    const r = call('pw_hints', 'string', ['string', 'number'], [d.pos, SOLVER_SECONDS]);
    const result = JSON.parse(r);
    result.exact = exactAll || anchor !== null;
    postMessage({ type: 'hints', seq: d.seq, result });
    const pegs = BigInt('0x' + d.pos).toString(2).split('1').length - 1;
    if (call('pw_winning_count', 'number', [], []) > 0 && pegs <= CONTINUATION_PEGS &&
        !pending.some((x) => x.type === 'hints')) {
      const ways = call('pw_continuations', 'string', ['string', 'number'],
        [d.pos, CONTINUATION_BUDGET]);
      postMessage({ type: 'continuations', seq: d.seq, pos: d.pos, ways });
    }
    if (pegs <= RANDOM_PEGS && !pending.some((x) => x.type === 'hints')) {
      const chance = call('pw_random_chance', 'number', ['string'], [d.pos]);
      postMessage({ type: 'chance', seq: d.seq, pos: d.pos, chance });
    }
  } else if (d.type === 'explore') {
    // the Explore tab's figures (explore.js), one analysis at a time
    const tasks = { count: 'the levels by jumps', shortest: 'the shortest solution',
      random: 'how random play ends' };
    for (const what of Object.keys(tasks)) {
      task = tasks[what];
      postMessage({ type: 'progress', fraction: 0, text: task });
      const r = call('pw_' + what, 'string', [], []);
      postMessage({ type: 'explore', key: d.key, what, result: JSON.parse(r),
        error: r === 'null' ? call('pw_error', 'string', [], []) : '' });
    }
    task = 'computing the winning positions';
    postMessage({ type: 'progress', done: true });
  } else if (d.type === 'solution') {
    const r = call('pw_solution', 'string', ['string', 'number'], [d.pos, 10]);
    postMessage({ type: 'solution', jumps: JSON.parse(r), all: d.all });
  }
}

// One message at a time, in order: a position's hints are asked only after
// its problem is open.  Hint requests overtaken by a newer one are dropped.
let busy = false;
async function drain() {
  if (busy || !M) return;
  busy = true;
  while (pending.length) {
    const d = pending.shift();
    if (d.type === 'hints' && pending.some((x) => x.type === 'hints')) continue;
    await handle(d);
  }
  busy = false;
}
onmessage = (e) => { pending.push(e.data); drain(); };
ready.then(drain);
