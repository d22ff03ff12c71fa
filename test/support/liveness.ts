/**
 * Liveness, as the shared trace checker (`check-trace --stall S`) judges it: the longest time, in seconds, a
 * wandering or returning character went without starting a step (from when it began wandering or returning,
 * or its last step, to its next step, or the trace's end).
 */
export function longestStandSeconds(lines: readonly string[]): { seconds: number; id: number } {
  const head = JSON.parse(lines[0]);
  const hz: number = head.tickHz;
  const since = new Map<number, number>();
  let worst = 0;
  let worstId = 0;
  let lastT = 0;
  const note = (id: number, t: number) => {
    const s = since.get(id);
    if (s !== undefined && t - s > worst) {
      worst = t - s;
      worstId = id;
    }
  };
  for (let n = 1; n < lines.length; n++) {
    const e = JSON.parse(lines[n]);
    lastT = e.t;
    if (e.e === 'state') {
      note(e.id, e.t);
      if (e.state === 'wander' || e.state === 'return') since.set(e.id, e.t);
      else since.delete(e.id);
    } else if (e.e === 'step' || e.e === 'respawn') {
      note(e.id, e.t);
      if (since.has(e.id)) since.set(e.id, e.t);
    }
  }
  for (const id of since.keys()) note(id, lastT);
  return { seconds: worst / hz, id: worstId };
}
