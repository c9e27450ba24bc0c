/**
 * Builds a ClientView from two consecutive world states (pure), for the practice host: every body
 * is placed between the previous and the current tick by `frac`, except across a teleport.
 * Input: previous and current WorldState, frac in [0, 1], the local id, tickrate, events, stats.
 * Invariant: positions never leave the segment between the two ticks' positions.
 */
import type { ClientView, NetStats, RemotePlayerView, ViewEvent } from '../arena/client/view-model';
import type { PlayerState, SimEvent, WorldState } from '../sim/types';

function lerpPos(prev: PlayerState | undefined, cur: PlayerState, frac: number): { x: number; y: number } {
  if (!prev || prev.teleportSeq !== cur.teleportSeq) return { x: cur.x, y: cur.y };
  return { x: prev.x + (cur.x - prev.x) * frac, y: prev.y + (cur.y - prev.y) * frac };
}

export function buildPracticeView(
  previous: WorldState,
  world: WorldState,
  frac: number,
  localId: number,
  tickrate: number,
  events: readonly { tick: number; event: SimEvent }[],
  stats: NetStats,
): ClientView {
  const before = new Map(previous.players.map((p) => [p.id, p]));
  let local: ClientView['local'] = null;
  const remotes: RemotePlayerView[] = [];
  for (const p of world.players) {
    const at = lerpPos(before.get(p.id), p, frac);
    if (p.id === localId) {
      local = { state: p, drawX: at.x, drawY: at.y, errorX: 0, errorY: 0 };
      continue;
    }
    remotes.push({
      id: p.id,
      x: at.x,
      y: at.y,
      vx: p.vx,
      vy: p.vy,
      aim: p.aim,
      health: p.health,
      alive: p.alive,
      crouch: p.crouch,
      weapon: p.weapon,
      teleportSeq: p.teleportSeq,
      kills: p.kills,
      deaths: p.deaths,
      extrapolating: false,
    });
  }
  const oldRockets = new Map(previous.projectiles.map((r) => [r.id, r]));
  const projectiles = world.projectiles.map((r) => {
    const o = oldRockets.get(r.id);
    return { id: r.id, owner: r.owner, x: o ? o.x + (r.x - o.x) * frac : r.x, y: o ? o.y + (r.y - o.y) * frac : r.y };
  });
  const viewEvents: ViewEvent[] = events.map((e) => ({ predicted: false, tick: e.tick, event: e.event }));
  return { localId, local, remotes, projectiles, events: viewEvents, stats, tickrate };
}
