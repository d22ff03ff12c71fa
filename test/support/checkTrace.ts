/**
 * A TypeScript port of the project's shared trace checker (`check-trace`, the movement-rule checker CI runs
 * on the sim's trace): it replays the JSON Lines trace against the static grid alone, never asking the world.
 * Rules: one character per tile at every moment (a step holds its target until arrival), every step to an
 * adjacent walkable tile, no diagonal past a blocked corner, arrivals only where a step went, respawns onto
 * free walkable tiles, a defeated character off the map (no event) until it respawns, events in tick order.
 */
export interface TraceSummary {
  characters: number;
  ticks: number;
  counts: Record<string, number>;
  problems: string[];
}

type Pos = readonly [number, number];

export function checkTrace(rows: readonly string[], lines: readonly string[]): TraceSummary {
  const H = rows.length;
  const W = H > 0 ? rows[0].length : 0;
  const blocked = (x: number, y: number) => !(x >= 0 && x < W && y >= 0 && y < H) || rows[y][x] !== '.';
  const key = (p: Pos) => `${p[0]},${p[1]}`;
  const problems: string[] = [];
  const head = JSON.parse(lines[0]);
  if (head.type !== 'header') return { characters: 0, ticks: 0, counts: {}, problems: ['no header line'] };
  const pos = new Map<number, Pos>();
  const moving = new Map<number, Pos>();
  const holder = new Map<string, number>();
  // Characters off the map (defeated) until they respawn.
  const away = new Set<number>();
  for (const c of head.chars) {
    const p: Pos = [c.x, c.y];
    pos.set(c.id, p);
    if (c.away === true) {
      away.add(c.id);
      continue;
    }
    if (holder.has(key(p)) || blocked(c.x, c.y))
      problems.push(`spawn ${c.id} on a taken or blocked tile ${p}`);
    pos.set(c.id, p);
    holder.set(key(p), c.id);
  }
  const counts: Record<string, number> = { step: 0, arrive: 0, catch: 0, respawn: 0, defeat: 0, state: 0 };
  let lastT = -1;
  for (let n = 1; n < lines.length && problems.length < 10; n++) {
    const e = JSON.parse(lines[n]);
    const where = `line ${n + 1} (t=${e.t}, ${e.id})`;
    counts[e.e] = (counts[e.e] ?? 0) + 1;
    if (e.t < lastT) problems.push(`${where}: events out of tick order`);
    lastT = e.t;
    const at = pos.get(e.id);
    if (e.id !== undefined && at === undefined) {
      problems.push(`${where}: unknown character`);
      continue;
    }
    if (away.has(e.id) && e.e !== 'respawn') {
      problems.push(`${where}: ${e.e} while defeated, off the map`);
      continue;
    }
    if (e.e === 'step') {
      const [fx, fy] = e.from as [number, number];
      const [tx, ty] = e.to as [number, number];
      const dx = tx - fx;
      const dy = ty - fy;
      if (moving.has(e.id)) problems.push(`${where}: steps again before arriving`);
      else if (fx !== at![0] || fy !== at![1])
        problems.push(`${where}: steps from ${e.from} but stands on ${at}`);
      else if (Math.max(Math.abs(dx), Math.abs(dy)) !== 1)
        problems.push(`${where}: jumps ${e.from} -> ${e.to}`);
      else if (blocked(tx, ty)) problems.push(`${where}: steps into blocked ${e.to}`);
      else if (dx && dy && (blocked(fx + dx, fy) || blocked(fx, fy + dy)))
        problems.push(`${where}: cuts a corner ${e.from} -> ${e.to}`);
      else if (holder.has(key([tx, ty])))
        problems.push(`${where}: steps into ${e.to}, held by ${holder.get(key([tx, ty]))}`);
      else {
        holder.set(key([tx, ty]), e.id);
        moving.set(e.id, [tx, ty]);
      }
    } else if (e.e === 'arrive') {
      const to = moving.get(e.id);
      if (!to || to[0] !== e.at[0] || to[1] !== e.at[1]) {
        problems.push(`${where}: arrives at ${e.at} without a step there`);
        continue;
      }
      holder.delete(key(at!));
      pos.set(e.id, to);
      moving.delete(e.id);
    } else if (e.e === 'defeat') {
      // It leaves the map: its tiles are free; it takes no step until it respawns.
      if (e.at[0] !== at![0] || e.at[1] !== at![1])
        problems.push(`${where}: defeated at ${e.at} but stands on ${at}`);
      holder.delete(key(at!));
      const m = moving.get(e.id);
      if (m) {
        holder.delete(key(m));
        moving.delete(e.id);
      }
      away.add(e.id);
    } else if (e.e === 'respawn') {
      const p: Pos = [e.at[0], e.at[1]];
      if (!away.delete(e.id)) holder.delete(key(at!));
      const m = moving.get(e.id);
      if (m) {
        holder.delete(key(m));
        moving.delete(e.id);
      }
      if (holder.has(key(p)) || blocked(p[0], p[1]))
        problems.push(`${where}: respawns onto a taken or blocked tile ${p}`);
      holder.set(key(p), e.id);
      pos.set(e.id, p);
    }
  }
  return { characters: pos.size, ticks: lastT + 1, counts, problems };
}
