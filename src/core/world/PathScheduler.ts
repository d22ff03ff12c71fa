/**
 * One queue for every path search the world makes, served at the start of each tick under a budget of
 * node expansions (deterministic, unlike a time budget: the same run spends the same budget tick for tick).
 *
 * - Dedup: a character has at most one request queued; asking again only updates what it asks for, since
 *   the search reads the character's goal when it runs, not when it was asked.
 * - Priority: the player first (a click is answered on the next tick whatever the budget), then the shared
 *   chase field, then characters making way for others (a stuck corridor waits on them), then everyone else
 *   in the order they asked.
 * - Budget: requests run while this tick's spending is under the budget; a search that overshoots is paid
 *   back by the following ticks (debt), so the average never exceeds the budget and one busy tick is all
 *   a crowd can cost.
 */
export const Urgency = { Player: 0, Yield: 1, Normal: 2 } as const;
export type Urgency = (typeof Urgency)[keyof typeof Urgency];

/** Runs one request for character `id` (or the chase field when id is 0) and returns the nodes it expanded. */
export type RunRequest = (id: number) => number;

class Ring {
  private buf: Int32Array;
  private head = 0;
  size = 0;
  constructor(capacity: number) {
    this.buf = new Int32Array(Math.max(4, capacity));
  }
  push(v: number): void {
    if (this.size === this.buf.length) {
      const grown = new Int32Array(this.buf.length * 2);
      for (let i = 0; i < this.size; i++) grown[i] = this.buf[(this.head + i) % this.buf.length];
      this.buf = grown;
      this.head = 0;
    }
    this.buf[(this.head + this.size++) % this.buf.length] = v;
  }
  shift(): number {
    const v = this.buf[this.head];
    this.head = (this.head + 1) % this.buf.length;
    this.size--;
    return v;
  }
}

export class PathScheduler {
  /** Node expansions a tick may spend. */
  budget: number;
  /** Expansions already spent beyond earlier budgets, paid back before anything but the player runs. */
  debt = 0;
  /** Totals since the world began, for tools. */
  requests = 0;
  expansions = 0;
  private readonly queues = [new Ring(8), new Ring(64), new Ring(256)];
  /** Per character: the urgency it is queued at, or -1. Indexed by id. */
  private queuedAt = new Int8Array(64).fill(-1);
  private fieldWanted = false;

  constructor(budget: number) {
    this.budget = budget;
  }

  isQueued(id: number): boolean {
    return id < this.queuedAt.length && this.queuedAt[id] >= 0;
  }

  /** Queue a search for character `id`; a request already queued at a lower urgency moves up. */
  request(id: number, urgency: Urgency): void {
    if (id >= this.queuedAt.length) {
      const grown = new Int8Array(Math.max(id + 1, this.queuedAt.length * 2)).fill(-1);
      grown.set(this.queuedAt);
      this.queuedAt = grown;
    }
    const at = this.queuedAt[id];
    if (at >= 0 && at <= urgency) return;
    // A stale entry left in a slower queue is skipped when it comes up (queuedAt no longer matches).
    this.queuedAt[id] = urgency;
    this.queues[urgency].push(id);
  }

  /** Ask for the chase field to be rebuilt (it runs after the player's request, before the others). */
  requestField(): void {
    this.fieldWanted = true;
  }

  /** Drop whatever character `id` asked for (it left the world, or no longer needs it). */
  cancel(id: number): void {
    if (id < this.queuedAt.length) this.queuedAt[id] = -1;
  }

  /** Serve this tick's requests. */
  serve(run: RunRequest): void {
    let spent = this.debt;
    spent += this.drain(Urgency.Player, run, Number.POSITIVE_INFINITY);
    if (this.fieldWanted && spent < this.budget) {
      this.fieldWanted = false;
      spent += this.count(run(0));
    }
    spent += this.drain(Urgency.Yield, run, this.budget - spent);
    spent += this.drain(Urgency.Normal, run, this.budget - spent);
    this.debt = Math.max(0, spent - this.budget);
  }

  private drain(urgency: Urgency, run: RunRequest, allowance: number): number {
    const q = this.queues[urgency];
    let spent = 0;
    while (q.size > 0 && spent < allowance) {
      const id = q.shift();
      if (this.queuedAt[id] !== urgency) continue;
      this.queuedAt[id] = -1;
      spent += this.count(run(id));
    }
    return spent;
  }

  private count(expanded: number): number {
    this.requests++;
    this.expansions += expanded;
    return expanded;
  }
}
