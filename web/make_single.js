// make_single.js - a build step of `make web`: the page as one file,
// pegsol.html, that opens from file:// with nothing beside it: the style
// and the scripts inlined, the library being the SINGLE_FILE link of
// pegsol.js (its WebAssembly inside, base64), which the page runs once
// in itself and once, with table.js and worker.js, as the worker's code
// (a Blob URL).  The shipped table cannot be fetched from file://: the
// worker computes the English winning positions instead (progress bar)
// and keeps them in the browser for the next visit.
//   node web/make_single.js OUT/obj/pegsol-single.js OUT/pegsol.html
'use strict';
const fs = require('fs');
const [lib, out] = process.argv.slice(2);
const read = (f) => fs.readFileSync(`web/${f}`, 'utf8');
// text inside <script> must not close it
const inline = (js) => js.replace(/<\/script/gi, '<\\/script');
const workerSrc = [read('table.js'), read('worker.js')].join('\n');
let html = read('index.html')
  // from file:// there is no manifest, icon or service worker to fetch
  .replace(/<link rel="(manifest|icon)"[^>]*>\n/g, '')
  .replace('<link rel="stylesheet" href="style.css">', () => `<style>\n${read('style.css')}</style>`)
  .replace('<script src="pegsol.js"></script>', () =>
    `<script id="pegsol-lib">\n${inline(fs.readFileSync(lib, 'utf8'))}\n</script>\n` +
    `<script id="pegsol-worker" type="text/plain">\n${inline(workerSrc)}\n</script>\n` +
    '<script>\n// the worker: the library, then table.js and worker.js\n' +
    'window.pegsolWorkerUrl = URL.createObjectURL(new Blob([\n' +
    '  document.getElementById("pegsol-lib").textContent,\n' +
    '  document.getElementById("pegsol-worker").textContent],\n' +
    '  { type: "text/javascript" }));\n</script>')
  .replace('<script src="problems.js"></script>', () => `<script>\n${inline(read('problems.js'))}\n</script>`)
  .replace('<script src="app.js"></script>', () => `<script>\n${inline(read('app.js'))}\n</script>`)
  .replace('<script src="explore.js"></script>', () => `<script>\n${inline(read('explore.js'))}\n</script>`);
if (/src="|href="style|rel="(manifest|icon)"/.test(html)) throw new Error('make_single: a file is left outside');
fs.writeFileSync(out, html);
console.log(`make_single: ${out}: ${html.length} bytes`);
