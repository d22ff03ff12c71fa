// Drives the world at its own fixed rate whatever the frame rate ("fix your timestep"): frame time goes into an
// accumulator, whole ticks come out, and what is left over is the interpolation alpha the renderer uses to
// place characters between the last two ticks. No Phaser here: it is plain arithmetic, tested on its own.

/** After a stall (a hidden tab, a debugger pause) the world does not race to catch up: at most this many ticks. */
export const MAX_TICKS_PER_FRAME = 5;

export class WorldClock {
  readonly tickMs: number;
  private acc = 0;
  /** Ticks the world has been stepped through this clock. */
  ticks = 0;
  /** Ticks dropped because a frame came too late (time the world did not live through). */
  dropped = 0;
  paused = false;
  /**
   * Held still from outside the game (`window.__RPG__.hold`, for a screenshot of one moment): no tick passes and
   * the picture stays where it is (alpha keeps its value), so letting go goes on from the same moment.
   */
  held = false;

  constructor(tickHz: number) {
    if (!(tickHz > 0)) throw new RangeError(`tickHz must be above 0, got ${tickHz}`);
    this.tickMs = 1000 / tickHz;
  }

  /**
   * Adds a frame's elapsed time and returns how many ticks to run now. Call `tickDone()` after each (or just
   * trust the count). While paused nothing accumulates, so unpausing does not burst.
   */
  advance(deltaMs: number): number {
    if (this.paused || this.held || !(deltaMs > 0)) return 0;
    this.acc += deltaMs;
    let n = Math.floor(this.acc / this.tickMs);
    this.acc -= n * this.tickMs;
    if (n > MAX_TICKS_PER_FRAME) {
      this.dropped += n - MAX_TICKS_PER_FRAME;
      n = MAX_TICKS_PER_FRAME;
    }
    this.ticks += n;
    return n;
  }

  /** How far the present lies between the last tick and the next, 0..1: the renderer's interpolation weight. */
  get alpha(): number {
    return this.paused ? 1 : Math.min(1, this.acc / this.tickMs);
  }

  reset(): void {
    this.acc = 0;
    this.ticks = 0;
    this.dropped = 0;
    this.paused = false;
    this.held = false;
  }
}
