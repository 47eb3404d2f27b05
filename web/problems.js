// problems.js - the boards the page lists, by short name, and for each a
// few problems (a start's empty hole, a finish's one peg) that can be won,
// the first being the one the board opens on.  Every pair comes from
// pegsol's own table of single-vacancy to single-survivor problems,
// computed natively (`pegsol solve --table -b BOARD -n algebraic`), and
// tests/web/browser.js checks each with `pegsol solve`.  Where the
// board's classic problem (its centre, or the triangle's top corner, to
// the same hole) cannot be won, as on the French board or the diamond, the
// board opens on a winnable one near it, of those the solver (and so the
// page's hints) decides fastest.  s: the start's empty holes,
// f: the finish ('' for each: pegsol's default, the classic problem).
'use strict';

const BOARDS = [
  { key: 'english', label: 'English', problems: [
    { s: '', f: '' }, { s: 'd1', f: '' }, { s: 'c1', f: '' }, { s: 'c3', f: '' },
    { s: 'd2', f: '' }, { s: 'c2', f: '' }, { s: 'd3', f: '' }] },
  { key: 'french', label: 'French', problems: [
    { s: 'd2', f: 'd6' }, { s: 'c1', f: 'e1' }, { s: 'a3', f: 'g5' }] },
  { key: 'diamond41', label: 'Diamond', problems: [
    { s: 'd2', f: 'f2' }, { s: 'b4', f: 'b6' }, { s: 'e3', f: 'e7' }] },
  { key: 'wiegleb', label: 'Wiegleb', problems: [{ s: '', f: '' }] },
  { key: 'triangle:N', label: 'Triangle', problems: [] },
];

// The triangles by side (4 to 10; side 3 has no winnable problem).
const TRIANGLES = {
  4: [{ s: 'a2', f: 'b2' }, { s: 'c3', f: 'c4' }],
  5: [{ s: '', f: '' }, { s: 'a2', f: '' }, { s: 'a4', f: '' }, { s: 'c5', f: '' }],
  6: [{ s: '', f: '' }, { s: 'b3', f: '' }, { s: 'b4', f: '' }, { s: 'c5', f: '' }],
  7: [{ s: 'a2', f: 'b2' }, { s: 'b4', f: 'c4' }, { s: 'c3', f: 'c4' }],
  8: [{ s: '', f: '' }],
  9: [{ s: '', f: '' }],
  10: [{ s: 'a2', f: 'b2' }, { s: 'c3', f: 'c4' }, { s: 'a3', f: 'a2' }],
};

// The problems of a board by its pegsol name ('triangle:6', 'triangle5').
function problemsOf(name) {
  const t = /^triangle:?(\d+)$/.exec(name);
  if (t) return TRIANGLES[t[1]] || [];
  const b = BOARDS.find((x) => x.key === name);
  return b ? b.problems : [];
}

// The start's empty hole of a board's own problem ('' in the lists).
function homeOf(name) {
  if (/^triangle/.test(name)) return 'a1';
  return { english: 'd4', french: 'd4', diamond41: 'e5', wiegleb: 'e5' }[name] || '';
}
