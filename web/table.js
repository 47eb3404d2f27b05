// table.js - reads a shipped winning-positions table (made by
// web/make_table.c: the library's cache file with each level's sorted keys
// as LEB128 varint deltas, gzip-compressed) back into the library's cache
// file, byte for byte, for pegsol_winning_load to check and load.
//
// Keys are added up as JavaScript numbers, exact below 2^53: enough for
// every board of at most 53 holes; a larger one would come out wrong and
// be refused by the file's checksum, never believed.
'use strict';

// Fetches url, reporting the fraction downloaded, and returns the cache
// file as a Uint8Array.
async function fetchTable(url, onProgress) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText}`);
  const size = Number(res.headers.get('content-length')) || 0;
  let got = 0;
  const counted = new TransformStream({
    transform(chunk, ctl) {
      got += chunk.length;
      if (size) onProgress(got / size);
      ctl.enqueue(chunk);
    },
  });
  const plain = res.body.pipeThrough(counted)
    .pipeThrough(new DecompressionStream('gzip'));
  const packed = new Uint8Array(await new Response(plain).arrayBuffer());
  return unpackTable(packed);
}

function unpackTable(p) {
  // every varint is at least a byte and becomes at most 8 bytes
  const out = new Uint8Array(24 + 8 * p.length + 8);
  const dv = new DataView(out.buffer);
  out.set(p.subarray(0, 24), 0);
  const N = new DataView(p.buffer, p.byteOffset).getUint32(16, true);
  let i = 24, o = 24;
  const varint = () => {
    let v = 0, scale = 1, b;
    do {
      if (i >= p.length) throw new Error('the table is truncated');
      b = p[i++];
      v += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    return v;
  };
  const put = (v) => {
    dv.setUint32(o, v % 4294967296, true);
    dv.setUint32(o + 4, Math.floor(v / 4294967296), true);
    o += 8;
  };
  for (let n = 0; n <= N; n++) {
    const count = varint();
    put(count);
    let key = 0;
    for (let k = 0; k < count; k++) {
      key += varint();
      put(key);
    }
  }
  if (i + 8 !== p.length) throw new Error('the table has trailing bytes');
  out.set(p.subarray(i, i + 8), o); // the checksum, as it was
  return out.subarray(0, o + 8);
}
