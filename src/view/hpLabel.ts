// The HUD's hit-point label. It must fit its bar whatever the hit points: the browser bench and long looks at
// a crowd give the player a billion, which written out ran past the bar's end.

/** A whole number as it fits the bar: as written below 100,000, else in thousands or millions (rounded down). */
export function compactCount(n: number): string {
  const v = Math.max(0, Math.floor(n));
  if (v < 100_000) return String(v);
  if (v < 100_000_000) return `${Math.floor(v / 1000)}k`;
  return `${Math.floor(v / 1_000_000)}M`;
}

/** "HP 37 / 100"; hit points below 0 read as 0. */
export function hpLabel(hp: number, maxHp: number): string {
  return `HP ${compactCount(hp)} / ${compactCount(maxHp)}`;
}
