// What each frame cost, kept in fixed ring buffers (no allocation per frame): the time between frames, the
// game's own work (world ticks with their path scheduling, sprite and overlay updates, map chunks built and
// dropped) and the renderer's draw call time. The debug readout shows recent figures; benchmarks read the buffers through the page hook.

export const FRAME_WINDOW = 4096;

export interface FrameSample {
  /** Milliseconds since the previous frame. */
  frameMs: number[];
  /** The game's own work in that frame: ticks + sprites + overlay + map chunks. */
  ownMs: number[];
  /** Of which world ticks (movement, brains, path scheduling). */
  tickMs: number[];
  /** Of which the map view's chunks built and dropped as the camera moved. */
  mapMs: number[];
  /** The renderer's draw of the frame (CPU side: from Phaser's pre-render to post-render). */
  renderMs: number[];
  /** World ticks run in that frame. */
  ticks: number[];
}

export class FrameStats {
  readonly frameMs = new Float64Array(FRAME_WINDOW);
  readonly ownMs = new Float64Array(FRAME_WINDOW);
  readonly tickMs = new Float64Array(FRAME_WINDOW);
  readonly mapMs = new Float64Array(FRAME_WINDOW);
  readonly renderMs = new Float64Array(FRAME_WINDOW);
  readonly ticks = new Uint8Array(FRAME_WINDOW);
  /** Frames recorded since the last reset (the buffers hold the last FRAME_WINDOW of them). */
  count = 0;
  private readonly sorted = new Float64Array(FRAME_WINDOW);

  /** Records one frame's update figures; the renderer's time of the same frame follows with `render()`. */
  record(frameMs: number, ownMs: number, tickMs: number, ticks: number): void {
    const i = this.count % FRAME_WINDOW;
    this.frameMs[i] = frameMs;
    this.ownMs[i] = ownMs;
    this.tickMs[i] = tickMs;
    this.mapMs[i] = 0;
    this.renderMs[i] = 0;
    this.ticks[i] = ticks;
    this.count++;
  }

  /** The map view's work for the frame recorded last (it runs after the camera moved): counted as own work. */
  map(ms: number): void {
    if (this.count === 0) return;
    const i = (this.count - 1) % FRAME_WINDOW;
    this.mapMs[i] += ms;
    this.ownMs[i] += ms;
  }

  /** The renderer's time for the frame recorded last. */
  render(ms: number): void {
    if (this.count > 0) this.renderMs[(this.count - 1) % FRAME_WINDOW] = ms;
  }

  reset(): void {
    this.count = 0;
  }

  /** The q-quantile (0..1) of the last `n` frames of one buffer (n ≤ FRAME_WINDOW). */
  quantile(buf: Float64Array, q: number, n = Math.min(this.count, 120)): number {
    const k = Math.min(n, this.count, FRAME_WINDOW);
    if (k === 0) return 0;
    const end = this.count;
    for (let j = 0; j < k; j++) this.sorted[j] = buf[(end - k + j) % FRAME_WINDOW];
    const view = this.sorted.subarray(0, k);
    view.sort();
    return view[Math.min(k - 1, Math.floor(q * k))];
  }

  /** Mean of the last `n` frames of one buffer. */
  mean(buf: Float64Array, n = Math.min(this.count, 120)): number {
    const k = Math.min(n, this.count, FRAME_WINDOW);
    if (k === 0) return 0;
    let sum = 0;
    for (let j = this.count - k; j < this.count; j++) sum += buf[j % FRAME_WINDOW];
    return sum / k;
  }

  /** The recorded frames, oldest first, as plain arrays (for benchmarks; allocates). */
  sample(): FrameSample {
    const k = Math.min(this.count, FRAME_WINDOW);
    const out: FrameSample = { frameMs: [], ownMs: [], tickMs: [], mapMs: [], renderMs: [], ticks: [] };
    for (let j = this.count - k; j < this.count; j++) {
      const i = j % FRAME_WINDOW;
      out.frameMs.push(this.frameMs[i]);
      out.ownMs.push(this.ownMs[i]);
      out.tickMs.push(this.tickMs[i]);
      out.mapMs.push(this.mapMs[i]);
      out.renderMs.push(this.renderMs[i]);
      out.ticks.push(this.ticks[i]);
    }
    return out;
  }
}
