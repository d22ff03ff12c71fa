import { gunzipSync, unzlibSync } from 'fflate';
import { decompress as zstdDecompress } from 'fzstd';
import { describe } from './json.ts';
import { MapLoadError, mapError } from './MapLoadError.ts';

/** Where a block of tile data sits, for error sentences: `layer "Ground"` or `chunk (16, 0) of layer "Ground"`. */
export interface DataSite {
  file: string;
  where: string;
}

/**
 * Decodes one block of tile layer data (a whole finite layer or one chunk) into `count` raw gids, flip flags
 * still set. Tiled writes CSV as a JSON number list, or base64 of little-endian uint32s, optionally zlib, gzip or
 * zstd compressed. Every way this can go wrong becomes a MapLoadError naming the layer.
 */
export function decodeLayerData(
  data: unknown,
  encoding: unknown,
  compression: unknown,
  count: number,
  site: DataSite,
): Uint32Array {
  if (encoding === undefined || encoding === null || encoding === 'csv') {
    if (compression !== undefined && compression !== null && compression !== '') {
      throw fault(
        site,
        `is CSV but claims compression ${describe(compression)}; only base64 data can be compressed`,
      );
    }
    return decodeCsv(data, count, site);
  }
  if (encoding !== 'base64') {
    throw fault(site, `uses the unknown encoding ${describe(encoding)} (Tiled writes "csv" or "base64")`);
  }
  if (typeof data !== 'string')
    throw fault(site, `is marked base64 but its data is ${describe(data)}, not text`);
  const packed = decodeBase64(data, site);
  const bytes = inflate(packed, compression, count * 4, site);
  if (bytes.length !== count * 4) {
    throw fault(
      site,
      `decodes to ${bytes.length} bytes but its ${count} tiles need ${count * 4} (4 bytes per tile)`,
    );
  }
  const out = new Uint32Array(count);
  for (let i = 0, b = 0; i < count; i++, b += 4) {
    out[i] = (bytes[b] | (bytes[b + 1] << 8) | (bytes[b + 2] << 16) | (bytes[b + 3] << 24)) >>> 0;
  }
  return out;
}

function fault(site: DataSite, text: string): MapLoadError {
  return mapError(site.file, `the data of ${site.where} ${text}`);
}

function decodeCsv(data: unknown, count: number, site: DataSite): Uint32Array {
  let list: ArrayLike<unknown>;
  if (Array.isArray(data)) list = data;
  else if (typeof data === 'string') {
    // TMX-style CSV text inside JSON: hand-converted files do this.
    const trimmed = data.trim();
    list = trimmed === '' ? [] : trimmed.split(/\s*,\s*/).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  } else throw fault(site, `is ${describe(data)}, not a list of tile ids`);
  if (list.length !== count) {
    throw fault(site, `holds ${list.length} tiles but the layer needs ${count}`);
  }
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const v = list[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 0xffffffff) {
      throw fault(
        site,
        `has ${describe(v)} at position ${i}, not a tile id (a whole number from 0 to 4294967295)`,
      );
    }
    out[i] = v;
  }
  return out;
}

const B64 = new Int8Array(128).fill(-1);
for (let i = 0; i < 64; i++) {
  B64['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.charCodeAt(i)] = i;
}

/** Strict base64 (whitespace allowed, as TMX-converted data has line breaks): a wrong character is an error. */
export function decodeBase64(text: string, site: DataSite): Uint8Array {
  const s = /\s/.test(text) ? text.replace(/\s+/g, '') : text;
  let end = s.length;
  if (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  if (end > 0 && s.charCodeAt(end - 1) === 61) end--;
  if (end % 4 === 1 || (s.length !== end && s.length % 4 !== 0)) {
    throw fault(site, `is not valid base64 (its length ${s.length} cannot be base64)`);
  }
  const out = new Uint8Array((end * 3) >> 2);
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < end; i++) {
    const c = s.charCodeAt(i);
    const v = c < 128 ? B64[c] : -1;
    if (v < 0) {
      throw fault(site, `is not valid base64 (character ${describe(s[i])} at position ${i})`);
    }
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/**
 * Decompresses into a buffer one byte longer than needed, so a bomb or an over-long stream is caught by its
 * length and never allocates more than the layer's own size.
 */
function inflate(packed: Uint8Array, compression: unknown, need: number, site: DataSite): Uint8Array {
  if (compression === undefined || compression === null || compression === '') return packed;
  try {
    if (compression === 'zlib') return unzlibSync(packed, { out: new Uint8Array(need + 1) });
    if (compression === 'gzip') return gunzipSync(packed, { out: new Uint8Array(need + 1) });
    if (compression === 'zstd') return inflateZstd(packed, need, site);
  } catch (e) {
    if (e instanceof MapLoadError) throw e;
    const why = e instanceof Error && e.message ? ` (${e.message})` : '';
    throw fault(site, `is corrupt ${compression} data${why}`);
  }
  throw fault(
    site,
    `uses the unknown compression ${describe(compression)} (Tiled writes "zlib", "gzip" or "zstd")`,
  );
}

/**
 * fzstd sizes its window from the frame header (up to 2 GB), so the header is read here first: a frame that
 * declares its size must declare exactly the layer's size, and one that does not (zstd streamed from a pipe)
 * may not ask for a window over 128 MB, the limit zstd's own decoder applies unless told otherwise.
 */
const MAX_ZSTD_WINDOW = 1 << 27;

function inflateZstd(packed: Uint8Array, need: number, site: DataSite): Uint8Array {
  const header = readZstdHeader(packed);
  if (!header) throw fault(site, 'is corrupt zstd data (no zstd frame header)');
  if (header.contentSize !== undefined && header.contentSize !== need) {
    throw fault(
      site,
      `is zstd data of ${header.contentSize} bytes but the layer needs ${need} (4 bytes per tile)`,
    );
  }
  if (header.contentSize === undefined && header.windowSize > MAX_ZSTD_WINDOW) {
    throw fault(
      site,
      `is zstd data asking for a ${header.windowSize}-byte window, more than zstd allows by default`,
    );
  }
  return zstdDecompress(packed);
}

/** The frame content size (when declared) and window size of the first zstd frame, per RFC 8878 §3.1.1.1. */
function readZstdHeader(d: Uint8Array): { contentSize: number | undefined; windowSize: number } | undefined {
  if (d.length < 6 || d[0] !== 0x28 || d[1] !== 0xb5 || d[2] !== 0x2f || d[3] !== 0xfd) return undefined;
  const desc = d[4];
  const fcsFlag = desc >> 6;
  const single = (desc >> 5) & 1;
  const dictFlag = desc & 3;
  let p = 5;
  let windowSize = 0;
  if (!single) {
    const wd = d[p++];
    const base = 2 ** (10 + (wd >> 3));
    windowSize = base + (base / 8) * (wd & 7);
  }
  p += dictFlag === 3 ? 4 : dictFlag;
  const fcsBytes = fcsFlag === 0 ? single : 1 << fcsFlag;
  if (p + fcsBytes > d.length) return undefined;
  let contentSize: number | undefined;
  if (fcsBytes > 0) {
    contentSize = 0;
    for (let i = fcsBytes - 1; i >= 0; i--) contentSize = contentSize * 256 + d[p + i];
    if (fcsBytes === 2) contentSize += 256;
    windowSize = Math.max(windowSize, contentSize);
  }
  return { contentSize, windowSize };
}
