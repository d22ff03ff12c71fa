import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { ReadText } from '../src/core/tiled/types.ts';

/** Files larger than this are not maps: refuse before reading them into memory. */
const MAX_FILE_BYTES = 256 * 1024 * 1024;

/**
 * The Node ReadText for the Tiled loader (tools, tests): reads a path or a `file:` URL as UTF-8 and fails with a
 * short reason ("no such file") the loader puts into its one-sentence error.
 */
export const readTextFile: ReadText = async (url) => {
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new Error('it is a directory, not a file');
    if (info.size > MAX_FILE_BYTES)
      throw new Error(`it is ${info.size} bytes, too large for a map or tileset`);
    return await readFile(path, 'utf8');
  } catch (e) {
    throw new Error(reason(e));
  }
};

function reason(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a file';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  return e instanceof Error ? e.message : String(e);
}
