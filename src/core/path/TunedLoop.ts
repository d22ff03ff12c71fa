import { OUTCOME_FOUND, OUTCOME_PARTIAL, type SearchOutcome } from './SearchOutcome.ts';
import type { TunedAStar } from './TunedAStar.ts';

const SQRT2 = Math.SQRT2;
/** The g of a cell no search has reached: any step improves on it. */
const UNSEEN_G = Number.POSITIVE_INFINITY;
/** The g of an expanded cell: no step improves on it. */
const CLOSED_G = Number.NEGATIVE_INFINITY;

/**
 * A*'s tuned loop, as TunedAStar's header describes it and tabulates its eight direction blocks: from the
 * start `TunedAStar.run` filed in the bands to the one goal, under the window's box `run` rewrote and with
 * the constants it worked out. Writes `out`; `run` puts back the g of every cell reached.
 */
export function tunedLoop(t: TunedAStar, maxExpanded: number, partial: boolean, out: SearchOutcome): void {
  const { space, moveMask, diagonalTerm, extra, scale } = t;
  const w = t.grid.width;
  const gx = t.goals.xs[0];
  const gy = t.goals.ys[0];
  const goal = gy * w + gx;
  // y by multiplying with 1/w (exact for any grid that fits in memory): an integer division is slow.
  const invW = 1 / w;
  const g = t.g!;
  const stepsOf = t.stepsOf!;
  const { bands, parent, expandedCells } = space;
  const { ringMask, head, mixed, bits, firstKey } = bands;
  const lastWord = ringMask >> 5;
  let { top, touchedCount, live, floor } = bands;
  let expanded = 0;
  // partial: the reached cell nearest the goal (its heuristic distance, then cost), as ClosestReached keeps it.
  let nearCell = -1;
  let nearDistance = Number.POSITIVE_INFINITY;
  let nearCost = Number.POSITIVE_INFINITY;
  let found = false;
  let goalCost = 0;
  let done = false;
  while (!done) {
    if (top + 8 > bands.cellOf.length) {
      bands.top = top;
      bands.touchedCount = touchedCount;
      bands.grow();
    }
    const cellOf = bands.cellOf;
    const nextOf = bands.nextOf;
    const gAt = bands.keyOf;
    const touched = bands.touched;
    // An expansion files at most 8 entries: while `top` is at most `room` they fit.
    const room = cellOf.length - 8;
    while (top <= room) {
      if (live === 0 || expanded >= maxExpanded) {
        out.limited = live !== 0;
        done = true;
        break;
      }
      // The first non-empty band at or after the floor (one must be: live > 0).
      const at = floor & ringMask;
      let wi = at >> 5;
      let word = bits[wi] & (-1 << (at & 31));
      while (word === 0) {
        wi = wi === lastWord ? 0 : wi + 1;
        word = bits[wi];
      }
      const r = (wi << 5) | (31 - Math.clz32(word & -word));
      floor += (r - at) & ringMask;
      // Its newest entry; in a mixed band, the one of least f.
      let e = head[r];
      let prev = -1;
      if (mixed[r] === 1) {
        bands.mixedPops++;
        let least = Number.POSITIVE_INFINITY;
        for (let k = e, p = -1; k !== -1; p = k, k = nextOf[k]) {
          const v = cellOf[k];
          const vy = ((v + 0.5) * invW) | 0;
          let dx = gx - (v - vy * w);
          if (dx < 0) dx = -dx;
          let dy = gy - vy;
          if (dy < 0) dy = -dy;
          const f = gAt[k] + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          if (f < least) {
            least = f;
            e = k;
            prev = p;
          }
        }
      }
      const after = nextOf[e];
      if (prev === -1) head[r] = after;
      else nextOf[prev] = after;
      if (head[r] === -1) {
        bits[wi] &= ~(1 << (r & 31));
        mixed[r] = 0;
      }
      const c = cellOf[e];
      const gc = g[c];
      // Not its cell's live entry: the cell was filed again, cheaper, or is closed.
      if (gc !== gAt[e]) continue;
      g[c] = CLOSED_G;
      live--;
      expandedCells[expanded++] = c;
      if (c === goal) {
        goalCost = gc;
        found = done = true;
        break;
      }
      const y = ((c + 0.5) * invW) | 0;
      const hx = gx - (c - y * w);
      const hy = gy - y;
      if (partial) {
        const dx = hx < 0 ? -hx : hx;
        const dy = hy < 0 ? -hy : hy;
        const d = dx + dy + diagonalTerm * (dx < dy ? dx : dy);
        if (d < nearDistance || (d === nearDistance && gc < nearCost)) {
          nearCell = c;
          nearDistance = d;
          nearCost = gc;
        }
      }
      // The open steps, straights first: each reaches its cell first or more cheaply, or is dropped.
      const open = stepsOf[c];
      const m = open & moveMask;
      const pen = open >> 8;
      if ((m & 1) !== 0) {
        const v = c - w;
        let ng = gc + 1;
        if ((pen & 1) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx;
          if (dx < 0) dx = -dx;
          let dy = hy + 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 2) !== 0) {
        const v = c + 1;
        let ng = gc + 1;
        if ((pen & 2) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx - 1;
          if (dx < 0) dx = -dx;
          let dy = hy;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 4) !== 0) {
        const v = c + w;
        let ng = gc + 1;
        if ((pen & 4) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx;
          if (dx < 0) dx = -dx;
          let dy = hy - 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 8) !== 0) {
        const v = c - 1;
        let ng = gc + 1;
        if ((pen & 8) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx + 1;
          if (dx < 0) dx = -dx;
          let dy = hy;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 16) !== 0) {
        const v = c - w + 1;
        let ng = gc + SQRT2;
        if ((pen & 16) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx - 1;
          if (dx < 0) dx = -dx;
          let dy = hy + 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 32) !== 0) {
        const v = c + w + 1;
        let ng = gc + SQRT2;
        if ((pen & 32) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx - 1;
          if (dx < 0) dx = -dx;
          let dy = hy - 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 64) !== 0) {
        const v = c + w - 1;
        let ng = gc + SQRT2;
        if ((pen & 64) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx + 1;
          if (dx < 0) dx = -dx;
          let dy = hy - 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
      if ((m & 128) !== 0) {
        const v = c - w - 1;
        let ng = gc + SQRT2;
        if ((pen & 128) !== 0) ng += extra;
        const gv = g[v];
        if (ng < gv) {
          if (gv === UNSEEN_G) live++;
          g[v] = ng;
          parent[v] = c;
          let dx = hx + 1;
          if (dx < 0) dx = -dx;
          let dy = hy + 1;
          if (dy < 0) dy = -dy;
          const f = ng + dx + dy + diagonalTerm * (dx < dy ? dx : dy);
          let band = Math.floor(f * scale);
          if (band < floor) band = floor;
          const r = band & ringMask;
          const hd = head[r];
          cellOf[top] = v;
          gAt[top] = ng;
          nextOf[top] = hd;
          if (hd === -1) {
            bits[r >> 5] |= 1 << (r & 31);
            firstKey[r] = f;
            touched[touchedCount++] = r;
          } else {
            const d = firstKey[r] - f;
            if (d > 1e-10 * f || d < -1e-10 * f) mixed[r] = 1;
          }
          head[r] = top++;
        }
      }
    }
  }
  bands.top = top;
  bands.touchedCount = touchedCount;
  bands.live = live;
  bands.floor = floor;
  out.expanded = expanded;
  space.expandedCount = expanded;
  if (found) {
    out.status = OUTCOME_FOUND;
    out.end = goal;
    out.cost = goalCost;
  } else if (partial && nearCell >= 0) {
    out.status = OUTCOME_PARTIAL;
    out.end = nearCell;
    out.cost = nearCost;
  }
}
