/**
 * The game's colours as plain RGB triples (the renderer turns them into kaboom colours once).
 * Output: fixed palette entries and `playerColor(id, isLocal)`. Invariant: the local player's colour
 * is never used for anyone else, so a screenshot tells "me" from "them" (the e2e pixel checks use it).
 */

export type Rgb = readonly [number, number, number];

export const PALETTE = {
  background: [18, 20, 28] as Rgb,
  floor: [34, 38, 50] as Rgb,
  grid: [44, 49, 64] as Rgb,
  wall: [92, 104, 130] as Rgb,
  wallEdge: [140, 155, 190] as Rgb,
  spawn: [60, 68, 88] as Rgb,
  local: [64, 200, 255] as Rgb,
  text: [235, 238, 245] as Rgb,
  dimText: [150, 158, 175] as Rgb,
  healthGood: [90, 220, 120] as Rgb,
  healthLow: [240, 80, 70] as Rgb,
  tracer: [255, 236, 150] as Rgb,
  flash: [255, 210, 90] as Rgb,
  rocket: [255, 140, 60] as Rgb,
  explosion: [255, 120, 40] as Rgb,
  hitMarker: [255, 255, 255] as Rgb,
  damage: [255, 90, 90] as Rgb,
  hitboxServer: [255, 60, 220] as Rgb,
  rewindHit: [80, 255, 120] as Rgb,
  rewindMiss: [255, 70, 70] as Rgb,
  error: [255, 230, 0] as Rgb,
  panel: [10, 12, 18] as Rgb,
  plotPing: [120, 220, 255] as Rgb,
  plotIn: [140, 255, 140] as Rgb,
  plotOut: [255, 180, 120] as Rgb,
} as const;

/** Distinct warm hues for other players; the local player's cyan is not among them. */
const OTHERS: readonly Rgb[] = [
  [255, 96, 96],
  [255, 176, 64],
  [230, 230, 80],
  [200, 110, 255],
  [255, 120, 200],
  [150, 230, 90],
  [255, 150, 120],
  [190, 170, 255],
];

export function playerColor(id: number, isLocal: boolean): Rgb {
  if (isLocal) return PALETTE.local;
  const i = ((id % OTHERS.length) + OTHERS.length) % OTHERS.length;
  return OTHERS[i] ?? PALETTE.text;
}

/** Health bar colour: green when healthy, red when low, blended between. */
export function healthColor(health: number, max: number): Rgb {
  const t = Math.min(Math.max(max > 0 ? health / max : 0, 0), 1);
  const g = PALETTE.healthGood;
  const l = PALETTE.healthLow;
  return [Math.round(l[0] + (g[0] - l[0]) * t), Math.round(l[1] + (g[1] - l[1]) * t), Math.round(l[2] + (g[2] - l[2]) * t)];
}
