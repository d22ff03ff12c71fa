/** Per-character arrays grown to `n` entries, the old ones copied over and the new ones set to `fill`. */

export function growInt(a: Int32Array, n: number, fill: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(n).fill(fill);
  b.set(a);
  return b;
}

export function growFloat(a: Float64Array, n: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(n);
  b.set(a);
  return b;
}

export function growBytes(a: Uint8Array, n: number): Uint8Array<ArrayBuffer> {
  const b = new Uint8Array(n);
  b.set(a);
  return b;
}
