// worker.js - the hints, in a Web Worker: its own instance of libpegsol
// judges every legal jump of a position as winning, losing or unknown
// (pegsol_hints_jumps), so the page stays responsive while it thinks.
//
// Where the hints come from, best first:
//  - the English central game: the winning positions that `make web`
//    computed natively (tables/english.pwt.gz, 2 MiB), rebuilt into the
//    library's cache file by table.js and loaded by pegsol_winning_load,
//    which checks it;
//  - boards of at most EXACT_HOLES holes: the winning positions computed
//    here, with a progress bar (seconds);
//  - anything else: the solver, with SOLVER_SECONDS for all the jumps of a
//    position, and an honest "unknown" when it runs out (the button
//    "Compute exact hints" computes the winning positions on request).
'use strict';
importScripts('pegsol.js', 'table.js');

const EXACT_HOLES = 25;
const SOLVER_SECONDS = 1.5;
let M = null;
let pending = [];  // messages that came before the library was ready
let opened = null; // the 'open' message of the problem now

const ready = createPegsol({
  onProgress(phase, level, done, total) {
    postMessage({ type: 'progress', fraction: total ? done / total : 0,
      text: `computing the winning positions: ${phase}, level ${level}` });
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
      if (ok === 0) return postMessage({ type: 'ready', exact: true });
      fail('the shipped table was refused');
    } catch (e) {
      postMessage({ type: 'error', message: 'the shipped table: ' + e });
    }
  }
  if (d.holes <= EXACT_HOLES) return compute();
  call('pw_hints_open', 'number', ['number'], [0]);
  postMessage({ type: 'ready', exact: false });
}

function compute() {
  postMessage({ type: 'progress', fraction: 0, text: 'computing the winning positions' });
  if (call('pw_hints_open', 'number', ['number'], [1]) !== 0) {
    fail('exact hints');
    call('pw_hints_open', 'number', ['number'], [0]);
    return postMessage({ type: 'ready', exact: false });
  }
  postMessage({ type: 'ready', exact: true });
}

async function handle(d) {
  if (d.type === 'open') {
    opened = d;
    await open(d);
  } else if (d.type === 'compute') {
    compute();
  } else if (d.type === 'hints') {
    const r = call('pw_hints', 'string', ['string', 'number'], [d.pos, SOLVER_SECONDS]);
    postMessage({ type: 'hints', seq: d.seq, result: JSON.parse(r) });
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
