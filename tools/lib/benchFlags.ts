/**
 * The flags of the crowd benches (bench:crowd, bench:goals): `--name value` pairs, comma-separated lists and
 * `--json`. A flag the bench does not know, or one missing its value, is one sentence naming it (MovingAiError,
 * which runMain prints).
 */
import { MovingAiError } from './movingai.ts';

export interface BenchFlags {
  /** Each valued flag given, with its value. */
  values: Map<string, string>;
  json: boolean;
}

/** Reads `argv`, whose valued flags are `valued` (and `--json`); `usage` ends every sentence about a fault. */
export function readBenchFlags(
  argv: readonly string[],
  valued: readonly string[],
  usage: string,
): BenchFlags {
  const values = new Map<string, string>();
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--json') {
      json = true;
      continue;
    }
    if (!valued.includes(flag)) throw new MovingAiError(`unknown argument "${flag}" (${usage}).`);
    const value = argv[++i];
    if (value === undefined || value.startsWith('--'))
      throw new MovingAiError(`${flag} needs a value (${usage}).`);
    values.set(flag, value);
  }
  return { values, json };
}

/** The comma-separated items of `flag`, or of `fallback` when it was not given. */
export function listFlag(flags: BenchFlags, flag: string, fallback: string): string[] {
  return (flags.values.get(flag) ?? fallback).split(',').map((s) => s.trim());
}

/** `--moves`: a list of 8 and 4. */
export function movesFlag(flags: BenchFlags, fallback = '8,4'): (8 | 4)[] {
  return listFlag(flags, '--moves', fallback).map((m) => {
    if (m !== '8' && m !== '4') throw new MovingAiError(`--moves: "${m}" is not 8 or 4.`);
    return Number(m) as 8 | 4;
  });
}

/** Percentages above 0 and at most 100, from `flag`. */
export function percentFlag(flags: BenchFlags, flag: string, fallback: string): number[] {
  return listFlag(flags, flag, fallback).map((f) => {
    const n = Number(f);
    if (f === '' || !Number.isFinite(n) || n <= 0 || n > 100)
      throw new MovingAiError(`${flag}: "${f}" is not a percentage above 0 and at most 100.`);
    return n;
  });
}

/** A number of seconds above 0 from `flag`, or `fallback`. */
export function secondsFlag(flags: BenchFlags, flag: string, fallback: number): number {
  const v = flags.values.get(flag);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0)
    throw new MovingAiError(`${flag} must be a number of seconds above 0, got "${v}".`);
  return n;
}
