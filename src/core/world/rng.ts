/**
 * The world's only source of chance: sfc32 (Chris Doty-Humphrey's small fast counter generator), seeded
 * through splitmix32 so nearby seeds give unrelated streams. Same seed, same numbers, on every engine:
 * only 32-bit integer arithmetic, no Math.random, no clock.
 */
/** The seeds people give a world (the page's `?seed=`, the tools' `--seed`), as words: every 32-bit whole number. */
export const SEED_RANGE = 'from -2147483648 to 4294967295';

/** Whether `text` is such a seed: a whole number, signed or not, that fits in 32 bits. */
export function isSeedText(text: string): boolean {
  const t = text.trim();
  if (!/^-?\d+$/.test(t)) return false;
  const n = Number(t);
  return n >= -2_147_483_648 && n <= 4_294_967_295;
}

export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = 1;
    // The first outputs of a freshly seeded sfc32 are correlated with the seed: skip them.
    for (let i = 0; i < 12; i++) this.nextU32();
  }

  nextU32(): number {
    const t = (((this.a + this.b) >>> 0) + this.d) >>> 0;
    this.d = (this.d + 1) >>> 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) >>> 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) >>> 0;
    this.c = (this.c + t) >>> 0;
    return t;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** An integer in [0, n), n ≥ 1. */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** An integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
}
