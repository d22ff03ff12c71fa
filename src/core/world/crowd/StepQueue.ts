import { growInt } from './growArrays.ts';
import { NONE, TileQueues, TOUCH, TOUCHED, VISIT } from './TileQueues.ts';

/**
 * The steps the crowd planner has committed and the order in which characters may enter each tile: the
 * execution side of docs/movement.md's plan. The planner commits whole transitions (every character moves at most
 * one tile, no two end on one tile, nobody swaps, no ring of followers, a diagonal's corners stay empty before
 * and after); characters then take their committed steps as fast as each can, keeping every tile's visits in
 * order. A tile's visitors wait in a queue (TileQueues.ts): a step into it may start only when every earlier
 * visitor has left it, and a diagonal past a corner only when the corner's earlier visitors have left (later
 * ones wait until the diagonal has started; touches do not wait for each other). This is an action dependency
 * graph (Hönig et al., 2019): its edges point from earlier transitions to later ones, so it has no cycle and
 * execution never deadlocks, however the characters' speeds and step lengths differ.
 *
 * A plan's order of visits is a guess at who gets there first; characters keep their own pace, so one planned
 * second may already stand at the tile while the first is still far away. It may then go first (`overtake`,
 * as in switchable action dependency graphs, Berndt et al. 2020) when that cannot close a cycle of waits: a
 * bounded search through the steps its leaving the tile waits for finds none of the overtaken one's.
 *
 * Everything lives in typed arrays with free lists: committing and taking steps allocate nothing once the
 * pools have grown to the crowd's size.
 */

/** Steps the overtaking check may look through before it gives up (and does not overtake). */
const OVERTAKE_SEARCH = 96;

export class StepQueue {
  /** Tile queues: per cell, a FIFO of entries. */
  private readonly tiles: TileQueues;
  // Committed steps (pooled): its number (per character, counting up), target tile, its visit entry, the
  // corners and their touches, the next step of the same character.
  private mvSeq = new Int32Array(256);
  private mvTo = new Int32Array(256);
  private mvVisit = new Int32Array(256);
  private mvTouchA = new Int32Array(256);
  private mvTouchB = new Int32Array(256);
  private mvCornerA = new Int32Array(256);
  private mvCornerB = new Int32Array(256);
  private mvNext = new Int32Array(256);
  /** The tick before which it may not start (-1: none), for a walker that stays on a tile until its turn. */
  private mvNotBefore = new Int32Array(256);
  private mvFree = NONE;
  private mvTop = 0;
  // Per character (by id): its queue of steps, the number of its next step and of its next commit.
  private qHead = new Int32Array(16).fill(NONE);
  private qTail = new Int32Array(16).fill(NONE);
  private qLen = new Int32Array(16);
  private seqHead = new Int32Array(16);
  /** The visit entry of the tile it stands on (NONE when it got there before the current plan). */
  private here = new Int32Array(16).fill(NONE);
  /** The visit entry of the tile it is stepping into. */
  private entering = new Int32Array(16).fill(NONE);
  // The overtaking check's work list and seen list (agent, step number) pairs.
  private todoWho = new Int32Array(OVERTAKE_SEARCH);
  private todoSeq = new Int32Array(OVERTAKE_SEARCH);
  private readonly width: number;
  /** Committed steps started or finished so far: it stands still only when nobody's plan can go on. */
  moves = 0;
  /** Steps started out of the plan's order (for tools). */
  overtakes = 0;

  constructor(cells: number, width: number) {
    this.tiles = new TileQueues(cells);
    this.width = width;
  }

  /** Makes room for character `id`. */
  grow(id: number): void {
    if (id < this.qHead.length) return;
    const n = Math.max(id + 1, this.qHead.length * 2);
    this.qHead = growInt(this.qHead, n, NONE);
    this.qTail = growInt(this.qTail, n, NONE);
    this.qLen = growInt(this.qLen, n, 0);
    this.seqHead = growInt(this.seqHead, n, 0);
    this.here = growInt(this.here, n, NONE);
    this.entering = growInt(this.entering, n, NONE);
  }

  /** Committed steps `id` has not started yet. */
  queued(id: number): number {
    return this.qLen[id];
  }

  /** The tile of `id`'s k-th committed step (0 = next), or -1. */
  peek(id: number, k: number): number {
    let m = this.qHead[id];
    for (let i = 0; i < k && m !== NONE; i++) m = this.mvNext[m];
    return m === NONE ? -1 : this.mvTo[m];
  }

  /** The tile of `id`'s next committed step, or -1. */
  next(id: number): number {
    const m = this.qHead[id];
    return m === NONE ? -1 : this.mvTo[m];
  }

  /**
   * Commits `id`'s step from `from` into the neighbouring `to` (after its other committed steps). A diagonal
   * also queues touches of its two corners.
   */
  commit(id: number, from: number, to: number, key = Number.POSITIVE_INFINITY, notBefore = -1): void {
    const m = this.newMove();
    const seq = this.seqHead[id] + this.qLen[id];
    this.mvSeq[m] = seq;
    this.mvTo[m] = to;
    this.mvNotBefore[m] = notBefore;
    this.mvVisit[m] = this.tiles.append(to, id, VISIT, seq, key);
    const w = this.width;
    const fx = from % w;
    const tx = to % w;
    if (fx !== tx && to - tx !== from - fx) {
      const a = from + (tx - fx);
      const b = to - (tx - fx);
      this.mvCornerA[m] = a;
      this.mvCornerB[m] = b;
      this.mvTouchA[m] = this.tiles.append(a, id, TOUCH, seq, key);
      this.mvTouchB[m] = this.tiles.append(b, id, TOUCH, seq, key);
    } else {
      this.mvCornerA[m] = NONE;
      this.mvCornerB[m] = NONE;
      this.mvTouchA[m] = NONE;
      this.mvTouchB[m] = NONE;
    }
    this.mvNext[m] = NONE;
    if (this.qTail[id] === NONE) this.qHead[id] = m;
    else this.mvNext[this.qTail[id]] = m;
    this.qTail[id] = m;
    this.qLen[id]++;
  }

  /** The tick before which `id`'s next committed step may not start (-1: none, or no step). */
  notBefore(id: number): number {
    const m = this.qHead[id];
    return m === NONE ? -1 : this.mvNotBefore[m];
  }

  /**
   * Whether `id` may start its next committed step now: every earlier visitor of the tile (and of a diagonal's
   * corners) has left, and nobody holds them (`occupant`: characters holding a tile from before the plan).
   */
  ready(id: number, occupant: Int32Array): boolean {
    const m = this.qHead[id];
    if (m === NONE) return false;
    const to = this.mvTo[m];
    if (this.tiles.head[to] !== this.mvVisit[m] || occupant[to] !== 0) return false;
    return this.cornersReady(m, occupant);
  }

  private cornersReady(m: number, occupant: Int32Array): boolean {
    const ta = this.mvTouchA[m];
    if (ta === NONE) return true;
    const a = this.mvCornerA[m];
    const b = this.mvCornerB[m];
    return (
      occupant[a] === 0 &&
      occupant[b] === 0 &&
      this.tiles.touchReady(a, ta) &&
      this.tiles.touchReady(b, this.mvTouchB[m])
    );
  }

  /**
   * `id` stands beside the free tile of its next step, waiting only for characters the plan sent through it
   * first who are not on their way in yet (each has a step to take before it): it goes first when that
   * cannot make anyone wait forever. Returns whether it may now start.
   */
  overtake(id: number, occupant: Int32Array): boolean {
    const m = this.qHead[id];
    if (m === NONE) return false;
    const tiles = this.tiles;
    const to = this.mvTo[m];
    const e = this.mvVisit[m];
    if (tiles.head[to] === e || occupant[to] !== 0 || !this.cornersReady(m, occupant)) return this.no(0);
    // It must leave the tile again by a committed step, or those it overtakes would wait for ever.
    if (this.mvNext[m] === NONE) return this.no(1);
    for (let x = tiles.head[to]; x !== e; x = tiles.next[x]) {
      if (tiles.kind[x] !== VISIT) return this.no(2);
      const who = tiles.who[x];
      if (tiles.seq[x] - this.seqHead[who] < 1) return this.no(3);
    }
    if (this.leavingWaitsFor(id, this.mvSeq[m] + 1, to, e, occupant)) return this.no(4);
    // Move its entry to the head of the tile's queue.
    this.tiles.toHead(to, e);
    this.overtakes++;
    return true;
  }

  /**
   * Whether `id`'s step number `seq` (its leaving tile `cell`) waits, directly or through others, on any step
   * of those whose visits stand before `mine` in `cell`'s queue, from their step into `cell` on. A bounded
   * search: when it runs out, the answer is yes (do not overtake).
   */
  private leavingWaitsFor(
    id: number,
    seq: number,
    cell: number,
    mine: number,
    occupant: Int32Array,
  ): boolean {
    const tiles = this.tiles;
    const head = tiles.head;
    const entNext = tiles.next;
    const entWho = tiles.who;
    const entSeq = tiles.seq;
    const entKind = tiles.kind;
    const todoWho = this.todoWho;
    const todoSeq = this.todoSeq;
    let n = 0;
    let k = 0;
    todoWho[n] = id;
    todoSeq[n++] = seq;
    while (k < n) {
      const who = todoWho[k];
      const s = todoSeq[k++];
      // Is this a step of someone overtaken, at or after its visit of `cell`?
      for (let x = head[cell]; x !== mine; x = entNext[x]) {
        if (entWho[x] === who && s >= entSeq[x]) return true;
      }
      if (s < this.seqHead[who]) continue; // already under way or done
      const mv = this.moveAt(who, s);
      if (mv === NONE) return true; // not committed yet: unknown
      // Its step before (its own step into `cell` is about to start, first in the queue: not a wait).
      if (s > this.seqHead[who] && !(who === id && s - 1 === seq - 1)) {
        if (n === OVERTAKE_SEARCH) return true;
        todoWho[n] = who;
        todoSeq[n++] = s - 1;
      }
      const checks = this.mvTouchA[mv] === NONE ? 1 : 3;
      for (let c = 0; c < checks; c++) {
        const t = c === 0 ? this.mvTo[mv] : c === 1 ? this.mvCornerA[mv] : this.mvCornerB[mv];
        const own = c === 0 ? this.mvVisit[mv] : c === 1 ? this.mvTouchA[mv] : this.mvTouchB[mv];
        // Someone standing there from before the plan: its first step.
        const o = occupant[t];
        if (o !== 0 && o !== who && this.here[o] === NONE && this.entering[o] === NONE) {
          if (n === OVERTAKE_SEARCH) return true;
          todoWho[n] = o;
          todoSeq[n++] = this.seqHead[o];
        }
        for (let x = head[t]; x !== own && x !== NONE; x = entNext[x]) {
          const kind = entKind[x];
          if (kind === TOUCHED || (c > 0 && kind !== VISIT)) continue;
          const y = entWho[x];
          // A visit is cleared when its visitor leaves (its next step), a touch when the diagonal starts.
          const need = kind === VISIT ? entSeq[x] + 1 : entSeq[x];
          if (n === OVERTAKE_SEARCH) return true;
          todoWho[n] = y;
          todoSeq[n++] = x === this.here[y] || x === this.entering[y] ? this.seqHead[y] : need;
        }
      }
    }
    return false;
  }

  readonly refusals = new Int32Array(5);
  private no(reason: number): false {
    this.refusals[reason]++;
    return false;
  }

  /** `id`'s committed step number `seq`, or NONE when it is not queued. */
  private moveAt(id: number, seq: number): number {
    let m = this.qHead[id];
    while (m !== NONE && this.mvSeq[m] !== seq) m = this.mvNext[m];
    return m;
  }

  /** `id` starts its next committed step (checked with `ready`): the corners are free for later visitors. */
  start(id: number): number {
    this.moves++;
    const m = this.qHead[id];
    const to = this.mvTo[m];
    if (this.mvTouchA[m] !== NONE) {
      this.tiles.kind[this.mvTouchA[m]] = TOUCHED;
      this.tiles.kind[this.mvTouchB[m]] = TOUCHED;
      this.tiles.dropDone(this.mvCornerA[m]);
      this.tiles.dropDone(this.mvCornerB[m]);
    }
    this.entering[id] = this.mvVisit[m];
    this.qHead[id] = this.mvNext[m];
    if (this.qHead[id] === NONE) this.qTail[id] = NONE;
    this.qLen[id]--;
    this.seqHead[id]++;
    this.freeMove(m);
    return to;
  }

  /**
   * `id`, standing on `v` with steps queued that it cannot take yet, steps into its straight neighbour `u` and
   * back before anything else (a walker shifting on its feet while it waits its turn). `u` must be free (nobody
   * on it or stepping in). The step out goes first in `u`'s queue and the step back next in `v`'s, so nobody
   * else enters `v` meanwhile and those queued for `u` wait for it to leave. Neither step waits for anyone but
   * the other, so no cycle of waits can close through them; others wait two steps longer at most. Start the
   * step out at once (`ready` holds).
   */
  shuffle(id: number, v: number, u: number): void {
    // The two steps come before those queued, which are numbered on by two.
    for (let m = this.qHead[id]; m !== NONE; m = this.mvNext[m]) {
      this.mvSeq[m] += 2;
      this.tiles.renumber(this.mvVisit[m], 2);
      if (this.mvTouchA[m] !== NONE) {
        this.tiles.renumber(this.mvTouchA[m], 2);
        this.tiles.renumber(this.mvTouchB[m], 2);
      }
    }
    const seq = this.seqHead[id];
    const out = this.newMove();
    const back = this.newMove();
    this.mvSeq[out] = seq;
    this.mvTo[out] = u;
    this.mvVisit[out] = this.tiles.insertAfter(u, NONE, id, seq);
    this.mvSeq[back] = seq + 1;
    this.mvTo[back] = v;
    this.mvVisit[back] = this.tiles.insertAfter(v, this.here[id], id, seq + 1);
    for (const m of [out, back]) {
      this.mvNotBefore[m] = -1;
      this.mvTouchA[m] = NONE;
      this.mvTouchB[m] = NONE;
      this.mvCornerA[m] = NONE;
      this.mvCornerB[m] = NONE;
    }
    this.mvNext[out] = back;
    this.mvNext[back] = this.qHead[id];
    if (this.qHead[id] === NONE) this.qTail[id] = back;
    this.qHead[id] = out;
    this.qLen[id] += 2;
  }

  /** Whether nobody is queued to enter or pass `cell`. */
  unclaimed(cell: number): boolean {
    return this.tiles.head[cell] === NONE;
  }

  /** `id` arrived, leaving tile `left`: the next visitor of `left` may come. */
  arrived(id: number, left: number): void {
    this.moves++;
    const e = this.here[id];
    if (e !== NONE) this.tiles.popHead(left, e);
    this.here[id] = this.entering[id];
    this.entering[id] = NONE;
  }

  /**
   * Drops every committed step nobody has started (a new plan begins from where everyone stands or is
   * stepping to). Steps under way finish; the tiles they hold are held, and later plans wait for them.
   */
  clear(): void {
    this.tiles.clear();
    this.qHead.fill(NONE);
    this.qTail.fill(NONE);
    this.qLen.fill(0);
    this.here.fill(NONE);
    this.entering.fill(NONE);
    this.mvFree = NONE;
    this.mvTop = 0;
  }

  /**
   * Forgets the committed steps of characters `ids` and every entry in the queues of tiles `cells` (a knot
   * untied: its members' steps never left its region).
   */
  forget(ids: ArrayLike<number>, cells: ArrayLike<number>): void {
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      if (id <= 0) continue;
      for (let m = this.qHead[id]; m !== NONE; ) {
        const next = this.mvNext[m];
        this.freeMove(m);
        m = next;
      }
      this.seqHead[id] += this.qLen[id];
      this.qHead[id] = NONE;
      this.qTail[id] = NONE;
      this.qLen[id] = 0;
      this.here[id] = NONE;
      this.entering[id] = NONE;
    }
    for (let k = 0; k < cells.length; k++) {
      const c = cells[k];
      this.tiles.empty(c);
    }
  }

  /**
   * Forgets the committed steps `id` has not started (its entries leave the tile queues); a step under way,
   * and the tile it stands on, stay in the queues until it leaves them.
   */
  forgetSteps(id: number): void {
    for (let m = this.qHead[id]; m !== NONE; ) {
      const next = this.mvNext[m];
      this.tiles.unlink(this.mvTo[m], this.mvVisit[m]);
      if (this.mvTouchA[m] !== NONE) {
        this.tiles.unlink(this.mvCornerA[m], this.mvTouchA[m]);
        this.tiles.unlink(this.mvCornerB[m], this.mvTouchB[m]);
      }
      this.freeMove(m);
      m = next;
    }
    this.seqHead[id] += this.qLen[id];
    this.qHead[id] = NONE;
    this.qTail[id] = NONE;
    this.qLen[id] = 0;
  }

  /**
   * `id` leaves the map (defeated) standing on `cell`, maybe stepping into `toCell`: its committed steps and its
   * places in those tiles' queues go, so nobody waits for it.
   */
  vanish(id: number, cell: number, toCell: number): void {
    this.forgetSteps(id);
    if (this.here[id] !== NONE) this.tiles.unlink(cell, this.here[id]);
    if (this.entering[id] !== NONE) this.tiles.unlink(toCell, this.entering[id]);
    this.here[id] = NONE;
    this.entering[id] = NONE;
  }

  private newMove(): number {
    const m = this.mvFree;
    if (m !== NONE) {
      this.mvFree = this.mvNext[m];
      return m;
    }
    if (this.mvTop === this.mvTo.length) this.growMoves();
    return this.mvTop++;
  }

  private freeMove(m: number): void {
    this.mvNext[m] = this.mvFree;
    this.mvFree = m;
  }

  private growMoves(): void {
    const n = this.mvTo.length * 2;
    this.mvSeq = growInt(this.mvSeq, n, 0);
    this.mvTo = growInt(this.mvTo, n, 0);
    this.mvVisit = growInt(this.mvVisit, n, 0);
    this.mvTouchA = growInt(this.mvTouchA, n, 0);
    this.mvTouchB = growInt(this.mvTouchB, n, 0);
    this.mvCornerA = growInt(this.mvCornerA, n, 0);
    this.mvCornerB = growInt(this.mvCornerB, n, 0);
    this.mvNext = growInt(this.mvNext, n, 0);
    this.mvNotBefore = growInt(this.mvNotBefore, n, 0);
  }
}
