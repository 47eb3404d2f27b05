// horizon.js - measures, per board of the page's list, from which move on
// the page's hints are exact: the library of `make web` (WebAssembly, one
// thread, in node: the engine and speed of the page's worker) computes the
// winning positions from positions of games with k pegs left
// (pw_hints_from, what worker.js does once localPegs() pegs are left), and
// the largest k whose every sample takes at most BUDGET_MS of CPU time is
// the horizon.
// The samples: the positions of a solution (pw_solution) and of a few
// random games (seeded, so every run measures the same positions).  With
// --solver it also says, along the solution, whether the solver's hints
// (1.5 s a position, as the page asks) decided every jump.
// Prints a Markdown table (doc/PLAY.md carries it).
// Usage: node tests/web/horizon.js [WEB_BUILD] [--solver] [--budget MS]
'use strict';
const path = require('path');

const args = process.argv.slice(2);
const webDir = path.resolve(args.find((a) => !a.startsWith('--') &&
  !/^\d+$/.test(a)) || 'build-web');
const withSolver = args.includes('--solver');
const bi = args.indexOf('--budget');
const BUDGET_MS = bi >= 0 ? Number(args[bi + 1]) : 1000;
const GAMES = 4;           // random games sampled besides the solution
const SOLVER_SECONDS = 1.5; // the page's (worker.js)
// Each board of the page's list (web/problems.js) on the problem it opens
// on, and the triangles whose hints are not computed whole (side 7 on).
const PROBLEMS = [
  ['english', 'd1', ''], ['french', 'd2', 'd6'], ['diamond41', 'd2', 'f2'],
  ['wiegleb', '', ''], ['triangle:7', 'a2', 'b2'], ['triangle:8', '', ''],
  ['triangle:9', '', ''], ['triangle:10', 'a2', 'b2'],
];
const ONLY = process.env.HORIZON_BOARDS; // e.g. "french,wiegleb"

function popcount(hex) {
  return BigInt('0x' + hex).toString(2).split('1').length - 1;
}

// A small seeded generator: the same random games every run.
function lcg(seed) {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

async function main() {
  const createPegsol = require(path.join(webDir, 'pegsol.js'));
  const M = await createPegsol({
    wasmBinary: require('fs').readFileSync(path.join(webDir, 'pegsol.wasm')) });
  const call = (n, r, t, a) => M.ccall(n, r, t, a);
  const json = (n, t = [], a = []) => JSON.parse(call(n, 'string', t, a));
  const rows = [];
  for (const [name, s, f] of PROBLEMS) {
    if (ONLY && !ONLY.split(',').includes(name)) continue;
    if (call('pw_open', 'number', ['string', 'number', 'string', 'string'],
      [name, 0, s, f]) !== 0) throw new Error(`${name}: ${call('pw_error', 'string', [], [])}`);
    const board = json('pw_board');
    const start = board.start;
    const startPegs = popcount(start);
    // the games: a solution, then random games
    call('pw_hints_open', 'number', ['number'], [0]);
    const games = [];
    const sol = json('pw_solution', ['string', 'number'], [start, 60]);
    const walk = (jumps) => {
      let p = BigInt('0x' + start);
      const out = [start];
      for (const [a, b, c] of jumps) {
        p ^= (1n << BigInt(a)) | (1n << BigInt(b)) | (1n << BigInt(c));
        out.push(p.toString(16));
      }
      return out;
    };
    if (sol.length) games.push(walk(sol));
    const rnd = lcg(7);
    for (let g = 0; g < GAMES; g++) {
      call('pw_restart', null, [], []);
      for (;;) {
        const st = json('pw_state');
        if (!st.legal.length) break;
        const j = st.legal[Math.floor(rnd() * st.legal.length)];
        call('pw_jump', 'number', ['number', 'number', 'number'], j);
      }
      games.push(walk(json('pw_state').played));
    }
    // the horizon: from few pegs up, until a sample is over the budget
    let horizon = 0, worstMs = 0, worstPos = 0, over = null;
    for (let k = 2; k < startPegs; k++) {
      let ms = 0, positions = 0;
      for (const g of games) {
        const pos = g.find((p) => popcount(p) === k);
        if (!pos) continue;
        // CPU time, not wall time: what the computation costs on a machine
        // that is not shared (the worker runs it on one core)
        const t0 = process.cpuUsage();
        const st = call('pw_hints_from', 'number', ['string', 'number'], [pos, 512]);
        const c = process.cpuUsage(t0);
        const dt = (c.user + c.system) / 1000;
        if (st !== 0) { ms = Infinity; break; }
        ms = Math.max(ms, dt);
        positions = Math.max(positions, call('pw_winning_count', 'number', [], []));
      }
      if (ms > BUDGET_MS) { over = { k, ms }; break; }
      horizon = k;
      worstMs = ms;
      worstPos = positions;
    }
    // the solver along the solution: the first jump from which every
    // position's hints were all decided
    let solverFrom = '';
    if (withSolver && games.length && sol.length) {
      call('pw_hints_open', 'number', ['number'], [0]);
      let from = -1;
      games[0].forEach((p, j) => {
        if (j === games[0].length - 1) return;
        const h = json('pw_hints', ['string', 'number'], [p, SOLVER_SECONDS]);
        const all = h.jumps.every((x) => x[3] !== 'unknown') && h.verdict !== 'unknown';
        if (!all) from = -1; else if (from < 0) from = j;
      });
      solverFrom = from < 0 ? 'never' : `jump ${from}`;
    }
    rows.push({ name, problem: `${s || 'default'} -> ${f || 'default'}`,
      holes: board.holes.length, startPegs, horizon,
      fromJump: horizon ? startPegs - horizon : '-', worstMs, worstPos, over,
      solverFrom });
    process.stderr.write(`${name}: horizon ${horizon} pegs\n`);
  }
  console.log(`Winning positions from here in at most ${BUDGET_MS} ms of CPU time ` +
    `(WebAssembly, one thread, node ${process.version}):\n`);
  console.log('| board | problem | holes | pegs at start | exact from (pegs left) |' +
    ' exact from jump | slowest ms, most winning positions | next: pegs, ms |' +
    (withSolver ? ' solver decides all, along a solution, from |' : ''));
  console.log('|---|---|---|---|---|---|---|---|' + (withSolver ? '---|' : ''));
  for (const r of rows) {
    console.log(`| ${r.name} | ${r.problem} | ${r.holes} | ${r.startPegs} | ${r.horizon} |` +
      ` ${r.fromJump} | ${Math.round(r.worstMs)}, ${r.worstPos} |` +
      ` ${r.over ? `${r.over.k}, ${Number.isFinite(r.over.ms) ? Math.round(r.over.ms) : 'out of memory'}` : '-'} |` +
      (withSolver ? ` ${r.solverFrom} |` : ''));
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
