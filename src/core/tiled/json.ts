import { mapError } from './MapLoadError.ts';

/** A JSON object read from an untrusted file. */
export type Json = Record<string, unknown>;

export function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A required integer field within [min, max]; the fault names what it belongs to. */
export function intField(
  obj: Json,
  key: string,
  file: string,
  what: string,
  min: number,
  max: number,
): number {
  const v = obj[key];
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw mapError(file, `${what} has no whole-number "${key}" (found ${describe(v)})`);
  }
  if (v < min || v > max) throw mapError(file, `${what} has "${key}" ${v}, outside ${min}..${max}`);
  return v;
}

/** An optional finite number field, or `fallback`. */
export function numberOr(obj: Json, key: string, fallback: number): number {
  const v = obj[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

export function stringOr(obj: Json, key: string, fallback: string): string {
  const v = obj[key];
  return typeof v === 'string' ? v : fallback;
}

/** A short description of an unexpected value, for error sentences. */
export function describe(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'string') return v.length > 24 ? `"${v.slice(0, 24)}…"` : `"${v}"`;
  if (typeof v === 'object') return 'an object';
  return String(v);
}
