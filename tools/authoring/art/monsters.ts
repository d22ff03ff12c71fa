// The monsters, drawn from shapes in art pixels: a slime that squashes and stretches as it hops, a bat that
// flaps over its shadow, a skeleton that walks like the townsfolk (one art pixel of bob on each step). Each is
// drawn for the five facings from north round to south through the east; the three western facings are those
// mirrored. A view is told by where the face is: on the front (toward the viewer), on the side, or not shown
// (the back), with a 3/4 view between.
import { ArtFrame } from './artFrame.ts';
import { hex, type RGB } from './pixels.ts';

/** A frame in art pixels (the sheet's 52 × 72 at 2×); the feet stand on row GROUND - 1. */
export const ART_W = 26;
export const ART_H = 36;
const GROUND = 33;
const MID = 13;

/** How a facing shows the face: front 1 toward the viewer, 0 sideways, -1 away; side 0 none, 1 a 3/4 turn, 2 profile. */
interface View {
  front: -1 | 0 | 1;
  side: 0 | 1 | 2;
}

/** Facings 0 (N) to 4 (S) in the world's order; 5–7 are 3–1 mirrored. */
const VIEWS: readonly View[] = [
  { front: -1, side: 0 },
  { front: -1, side: 1 },
  { front: 0, side: 2 },
  { front: 1, side: 1 },
  { front: 1, side: 0 },
];

/** Walk columns: 0 and 2 the two steps, 1 standing (the idle pose). */
const BOB = [1, 0, 1];

export type MonsterPainter = (f: ArtFrame, view: View, column: number) => void;

const SHADOW: RGB = [0, 0, 0];

const slimeInk = {
  body: hex('#62c454'),
  dark: hex('#3b8f42'),
  light: hex('#c2f5ae'),
  out: hex('#163a1b'),
  eye: hex('#fbfbf2'),
  pupil: hex('#1b1b24'),
};

/** A green slime: a dome that squashes on one step and stretches tall on the other. */
const slime: MonsterPainter = (f, { front, side }, column) => {
  const shape = [
    { rx: 10.5, h: 10 },
    { rx: 9.5, h: 12 },
    { rx: 8, h: 15 },
  ][column];
  const c = slimeInk;
  const cx = MID + (side === 2 ? 0.5 : 0);
  f.ellipse(cx, GROUND, shape.rx, shape.h, c.body, GROUND);
  for (let y = GROUND - 3; y < GROUND; y++)
    for (let x = 0; x < f.width; x++) if (f.opaque(x, y)) f.set(x, y, c.dark);
  const top = GROUND - shape.h;
  const lean = side === 0 ? 0 : side === 1 ? 1 : 2;
  // The shine sits up and to the left; seen from behind it is all there is on the dome.
  f.ellipse(cx - shape.rx * 0.45 - lean * 0.5, top + shape.h * 0.3, 1.8, 1.3, c.light);
  f.set(cx + shape.rx * 0.35, GROUND - shape.h * 0.35, c.light);
  if (front < 0) {
    f.set(cx + 2 + lean, top + shape.h * 0.55, c.dark);
    f.set(cx - 3 + lean, top + shape.h * 0.7, c.dark);
    f.outline(c.out);
    return;
  }
  const eyeY = Math.round(top + shape.h * 0.42);
  const eyes = side === 0 ? [MID - 4, MID + 2] : side === 1 ? [MID - 2, MID + 4] : [MID + 5];
  for (const ex of eyes) {
    f.rect(ex, eyeY, 2, 3, c.eye);
    f.rect(ex + (side === 0 ? 0 : 1), eyeY + 1, 1, 2, c.pupil);
  }
  if (side < 2) {
    const mx = MID + (side === 1 ? 1 : -1);
    f.rect(mx, eyeY + 4, 2, 1, c.pupil);
    f.set(mx - 1, eyeY + 3, c.pupil);
    f.set(mx + 2, eyeY + 3, c.pupil);
  } else {
    f.rect(MID + 6, eyeY + 4, 2, 1, c.pupil);
  }
  f.outline(c.out);
};

const batInk = {
  body: hex('#5d3f8e'),
  wing: hex('#3c2866'),
  bone: hex('#8d6cc8'),
  out: hex('#140c22'),
  eye: hex('#ffd53d'),
  fang: hex('#f6f1e4'),
};

/** One wing from the shoulder (sx, sy) out to its tip, scalloped along the trailing edge; dir -1 left, 1 right. */
function wing(
  f: ArtFrame,
  sx: number,
  sy: number,
  reach: number,
  lift: number,
  dir: number,
  fill: RGB,
  bone: RGB,
) {
  const tipX = sx + dir * reach;
  const tipY = sy + lift;
  f.polygon(
    [
      [sx, sy - 2],
      [tipX, tipY],
      [tipX - dir * reach * 0.15, tipY + 3],
      [sx + dir * reach * 0.62, sy + 2 + lift * 0.2],
      [sx + dir * reach * 0.38, sy + 4],
      [sx + dir * reach * 0.15, sy + 3],
      [sx, sy + 4],
    ],
    fill,
  );
  f.line(sx, sy - 1, tipX, tipY, bone);
  f.line(sx + dir * reach * 0.35, sy, sx + dir * reach * 0.62, sy + 2 + lift * 0.2, bone);
}

/** A purple bat: wings up, level and down on the walk frames, flying over a small shadow. */
const bat: MonsterPainter = (f, { front, side }, column) => {
  const c = batInk;
  const by = [19, 18, 17][column];
  const lift = [-7, -1, 5][column];
  const shift = side === 1 ? 1 : side === 2 ? 2 : 0;
  const cx = MID + shift;
  if (side === 2) {
    // In profile the far wing shows above or below the body, the near one sweeps back.
    wing(f, cx - 1, by - 1, 7, lift - 1, -1, c.wing, c.wing);
    wing(f, cx, by, 10, lift, -1, c.wing, c.bone);
  } else {
    const reach = side === 1 ? 7 : 9;
    // From behind, the wing bones are on the far side of the membrane: they hardly show.
    const bones = front < 0 ? c.body : c.bone;
    wing(f, cx - 3, by, 9, lift, -1, c.wing, bones);
    wing(f, cx + 3, by, reach, lift, 1, c.wing, bones);
  }
  f.ellipse(cx, by + 1, 3.5, 4.5, c.body);
  f.ellipse(cx + (side === 2 ? 1 : 0), by - 3, 3, 2.8, c.body);
  const earL: [number, number][] = [
    [cx - 3, by - 4],
    [cx - 2.5, by - 9],
    [cx - 0.5, by - 5],
  ];
  const earR: [number, number][] = earL.map(([x, y]) => [2 * cx - x + (side === 2 ? 1 : 0), y]);
  if (side !== 2) f.polygon(earL, c.body);
  f.polygon(earR, c.body);
  if (front >= 0) {
    const eyes = side === 0 ? [cx - 2, cx + 1] : side === 1 ? [cx - 1, cx + 2] : [cx + 2];
    for (const ex of eyes) f.rect(ex, by - 4, 1 + (side === 2 ? 1 : 0), 2, c.eye);
    const fangs = side === 2 ? [cx + 2] : [cx - 1, cx + 1];
    for (const fx of fangs) f.set(fx, by - 1, c.fang);
  } else {
    f.line(cx, by - 1, cx, by + 4, c.wing);
  }
  f.outline(c.out);
  // Its shadow on the ground, under everything and outside the outline.
  for (let y = GROUND - 2; y < GROUND + 1; y++)
    for (let x = 0; x < f.width; x++) {
      const dx = (x + 0.5 - cx) / 5;
      const dy = (y + 0.5 - (GROUND - 1)) / 1.4;
      if (dx * dx + dy * dy <= 1 && !f.opaque(x, y)) f.set(x, y, SHADOW, 80);
    }
};

const boneInk = {
  bone: hex('#ede7d3'),
  shade: hex('#b9b098'),
  out: hex('#38332c'),
  socket: hex('#1d1a22'),
};

/** A skeleton: skull, ribs, arms swinging and legs striding, one art pixel of bob on each step. */
const skeleton: MonsterPainter = (f, { front, side }, column) => {
  const c = boneInk;
  const b = BOB[column];
  const sx = side === 1 ? 1 : side === 2 ? 1 : 0;
  const cx = MID + sx;
  const profile = side === 2;
  // Legs first (the body covers their tops).
  const hipY = 25 + b;
  if (profile) {
    const reach = [3, 0, -3][column];
    const legs = column === 1 ? [cx, cx - 1] : [cx + reach, cx - reach];
    for (const foot of legs) {
      f.line(cx, hipY, foot, GROUND - 1, c.bone);
      f.rect(foot, GROUND - 1, 2, 1, c.bone);
    }
  } else {
    const raise = [
      [1, 0],
      [0, 0],
      [0, 1],
    ][column];
    const feet = [cx - 2, cx + 2];
    feet.forEach((x, k) => {
      f.line(cx - 1 + 2 * k, hipY, x, GROUND - 1 - raise[k], c.bone);
      f.rect(k === 0 ? x - 1 : x, GROUND - 1 - raise[k], 2, 1, c.bone);
    });
  }
  // Pelvis, spine and ribs.
  f.rect(cx - (profile ? 1 : 2), hipY - 1, profile ? 3 : 5, 2, c.bone);
  f.line(profile ? cx - 1 : cx, 15 + b, profile ? cx - 1 : cx, hipY - 1, front < 0 ? c.bone : c.shade);
  for (const ry of [17, 19, 21]) {
    if (profile) f.line(cx - 1, ry + b, cx + 2, ry + b + 1, c.bone);
    else if (front < 0) f.line(cx - 2, ry + b, cx + 2, ry + b, c.shade);
    else f.line(cx - 3, ry + b, cx + 3, ry + b, c.bone);
  }
  // Arms: hanging at the sides, swinging against the stride.
  const swing = [1, 0, -1][column];
  if (profile) {
    const hx = cx + 1 + 3 * swing;
    f.line(cx + 1, 16 + b, hx, 23 + b, c.bone);
    f.rect(hx, 23 + b, 2, 2, c.shade);
  } else {
    for (const k of [-1, 1]) {
      const hy = 23 + b + (k === -1 ? swing : -swing);
      const hx = cx + k * 5;
      f.line(cx + k * 3, 16 + b, hx, hy, c.bone);
      f.rect(k < 0 ? hx - 1 : hx, hy, 2, 2, c.shade);
    }
  }
  // The skull: sockets and teeth toward the viewer, a bare dome from behind.
  const skullX = cx + (profile ? 1 : 0);
  f.ellipse(skullX, 9 + b, 4.6, 4.3, c.bone);
  f.rect(profile ? skullX - 1 : skullX - 2, 12 + b, profile ? 5 : 5, 3, c.bone);
  for (let x = 0; x < f.width; x++) if (f.opaque(x, 14 + b)) f.set(x, 14 + b, c.shade);
  if (front < 0) {
    f.line(skullX - 1, 6 + b, skullX, 9 + b, c.shade);
  } else if (profile) {
    f.rect(skullX + 2, 8 + b, 2, 2, c.socket);
    f.set(skullX + 4, 11 + b, c.socket);
    f.set(skullX + 1, 13 + b, c.socket);
    f.set(skullX + 3, 13 + b, c.socket);
  } else {
    const sockets = side === 0 ? [skullX - 3, skullX + 1] : [skullX - 2, skullX + 2];
    for (const s of sockets) f.rect(s, 8 + b, 2, 2, c.socket);
    f.set(skullX + (side === 1 ? 1 : 0), 11 + b, c.socket);
    for (const t of [-2, 0, 2]) f.set(skullX + t + (side === 1 ? 1 : 0), 13 + b, c.socket);
  }
  f.outline(c.out);
};

/** The monsters in sheet order: each kind's block of 3 walk columns × 8 facing rows. */
export const MONSTER_PAINTERS: readonly { kind: string; paint: MonsterPainter }[] = [
  { kind: 'slime', paint: slime },
  { kind: 'bat', paint: bat },
  { kind: 'skeleton', paint: skeleton },
];

/** One frame: `facing` in the world's order (0 = N, clockwise), `column` of the walk cycle. */
export function paintMonster(paint: MonsterPainter, facing: number, column: number): ArtFrame {
  const east = facing <= 4 ? facing : 8 - facing;
  const f = new ArtFrame(ART_W, ART_H);
  paint(f, VIEWS[east], column);
  return facing <= 4 ? f : f.mirrored();
}
