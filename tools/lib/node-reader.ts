import { readFileSync, type Stats, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import type { LoadedMap, ReadText } from '../../src/core/tiled/index.ts';
import { loadTiledMap, XmlError, type XmlParser } from '../../src/core/tiled/index.ts';

/** Files larger than this are not maps, tilesets or scenarios: refuse before reading them into memory. */
export const MAX_FILE_BYTES = 256 * 1024 * 1024;

/**
 * The Node ReadText for the Tiled loader (tools, tests): reads a path or a `file:` URL as UTF-8 and fails with a
 * short reason ("no such file") the loader puts into its one-sentence error. Only a regular file under the size
 * cap is read (a device such as /dev/zero would never end), and only text.
 */
export const readTextFile: ReadText = async (url) => {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  let bytes: Buffer;
  try {
    refuseUnlessTextFile(await stat(path));
    bytes = await readFile(path);
  } catch (e) {
    throw new Error(reason(e));
  }
  return decodeText(bytes);
};

/** The same checks, synchronously, for the tools that read Moving AI files. Throws an Error with a short reason. */
export function readTextFileSync(path: string): string {
  let bytes: Buffer;
  try {
    refuseUnlessTextFile(statSync(path));
    bytes = readFileSync(path);
  } catch (e) {
    throw new Error(reason(e));
  }
  return decodeText(bytes);
}

function refuseUnlessTextFile(info: Stats): void {
  if (info.isDirectory()) throw new Error('it is a directory, not a file');
  if (!info.isFile()) throw new Error('it is a device, a pipe or a socket, not a regular file');
  if (info.size > MAX_FILE_BYTES) {
    throw new Error(
      `it is ${info.size} bytes, more than the ${MAX_FILE_BYTES / 1024 / 1024} MB a map file may be`,
    );
  }
}

/** UTF-8 text, or a short reason: binary files are refused before their bytes reach a message. */
function decodeText(bytes: Buffer): string {
  if (bytes.includes(0)) throw new Error('it holds binary data, not text');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Error('it is not UTF-8 text');
  }
}

function reason(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a file';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  return e instanceof Error ? e.message : String(e);
}

/**
 * The Node XmlParser for the Tiled loader (TMX maps, TSX tilesets, TX templates): @xmldom/xmldom, a W3C DOMParser,
 * stopping at the first error with its line. In the page the loader uses the browser's own DOMParser.
 */
export const nodeXml: XmlParser = {
  parseFromString(text) {
    // The first error xmldom reports, in its own words, and where: what the sentence says.
    let first: { message: string; line?: number } | undefined;
    const parser = new DOMParser({
      onError(level, message, context) {
        if (level === 'warning') return;
        const line = (context as { locator?: { lineNumber?: unknown } }).locator?.lineNumber;
        first ??= { message, line: typeof line === 'number' && line > 0 ? line : undefined };
        // A fatal error stops parsing by itself; an error would be recovered from: stop here instead.
        if (level === 'error') throw new XmlError(message, first.line);
      },
    });
    try {
      return parser.parseFromString(text, 'text/xml') as unknown as ReturnType<XmlParser['parseFromString']>;
    } catch (e) {
      const line = (e as { locator?: { lineNumber?: unknown } }).locator?.lineNumber;
      if (first)
        throw new XmlError(first.message, first.line ?? (typeof line === 'number' ? line : undefined));
      throw new XmlError(
        e instanceof Error ? e.message : String(e),
        typeof line === 'number' ? line : undefined,
      );
    }
  },
};

/**
 * Loads a Tiled map (JSON or TMX) from the file system: the loader with Node's file reader and XML parser.
 * `warn`: the tools pass true to print the map's warnings (a missing template, a spawn moved off a wall) on
 * stderr, one line each.
 */
export async function loadMapFile(
  path: string,
  opts: { name?: string; warn?: boolean } = {},
): Promise<LoadedMap> {
  const map = await loadTiledMap(path, readTextFile, { name: opts.name, xml: nodeXml });
  if (opts.warn) for (const warning of map.warnings) process.stderr.write(`${warning}\n`);
  return map;
}
