import { readFileSync, type Stats, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ReadText } from '../src/core/tiled/types.ts';

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
