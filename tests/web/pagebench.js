// pagebench.js - the page's benchmark in headless Chromium (run by
// bench/page.sh, which serves build-web/): for each problem, RUNS times,
// a fresh browser (empty cache and storage, as a first visit) opens the
// page on it, and the time from the navigation to the first hints drawn
// (app.js's pegsolTiming.firstHintMs) is taken, with where the hints came
// from.  Prints a Markdown table, or with --line one sentence for
// bench/run.sh's figures block.
// Usage: node pagebench.js URL CHROMIUM WEB_BUILD RUNS [--line]
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Browser } = require('./cdp.js');

const [url, chromium, webDir, runsArg, lineArg] = process.argv.slice(2);
const RUNS = Number(runsArg) || 3;
// the English central game (the shipped table), a triangle whose table
// the page computes, and the French board (the solver)
const CASES = [['English', 'b=english'], ['triangle 5', 'b=triangle%3A5'],
  ['French d2 -> d6', 'b=french&s=d2&f=d6']];

async function once(hash) {
  const userDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pegsol-bench-'));
  const browser = new Browser(chromium, userDir);
  try {
    const page = await browser.page();
    await page.send('Page.navigate', { url: `${url}#${hash}` });
    await page.waitFor('document.body && window.pegsolTiming && pegsolTiming.firstHintMs', 120000);
    return await page.eval('({ ms: pegsolTiming.firstHintMs, from: document.body.dataset.hintsFrom })');
  } finally {
    browser.close();
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(userDir, { recursive: true, force: true });
  }
}

function median(xs) {
  const s = xs.slice().sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

async function main() {
  // what the page downloads: the files its service worker keeps
  const sw = fs.readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  const files = JSON.parse(sw.match(/const FILES = (\[[^\]]*\])/)[1].replace(/'/g, '"'))
    .filter((f) => f !== './');
  const bytes = files.reduce((n, f) => n + fs.statSync(path.join(webDir, f)).size, 0);
  const rows = [];
  for (const [name, hash] of CASES) {
    const ms = [];
    let from = '';
    for (let k = 0; k < RUNS; k++) {
      const r = await once(hash);
      ms.push(r.ms / 1000);
      from = r.from;
    }
    rows.push({ name, from, ms });
  }
  const f = (x) => x.toFixed(2);
  if (lineArg === '--line') {
    console.log(`In headless Chromium (\`bash bench/page.sh\`, a first visit, median of ${RUNS}) ` +
      'the first hints show, after the page opens, in ' + rows.map((r) => `${f(median(r.ms))} s ` +
      `on ${r.name} (${r.from})`).join(', ') + '.');
    return;
  }
  console.log(`The page downloads ${bytes} bytes (${files.length} files).\n`);
  console.log(`| problem | hints from | first hint s (median) | min | max |`);
  console.log('|---|---|---:|---:|---:|');
  for (const r of rows)
    console.log(`| ${r.name} | ${r.from} | ${f(median(r.ms))} | ${f(Math.min(...r.ms))} | ${f(Math.max(...r.ms))} |`);
}

main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
