/**
 * The view a frame draws (`ClientView`), built from a NetClient's parts after the frame's commands
 * were issued: the own player predicted and smoothed, everyone else at the render time (stream time
 * minus the interpolation delay), the rockets, the events since the last frame, the net graph's
 * numbers and the match. Building it moves the interpolation delay and records the render time
 * drawn, which the next frame's commands claim as their view time.
 */
import { buildMatchView } from './match-view';
import type { ClientParts } from './client-parts';
import { netStatsOf } from './net-client-stats';
import type { ClientView, NetStats } from './view-model';

export function buildFrameView(p: ClientParts, nowMs: number): ClientView {
  p.lastNowMs = nowMs;
  p.clock.advance(nowMs);
  p.advanceInterp(nowMs);
  const renderTick = p.renderTickAt();
  p.drawnRenderTick = renderTick;
  const { remotes, projectiles } = p.remotes.sample(renderTick, nowMs, p.cvars);
  return {
    localId: p.clientId,
    local: p.local.draw(p.localSource(), nowMs),
    remotes,
    projectiles,
    events: p.events.take(),
    stats: statsOf(p),
    tickrate: p.tickrate,
    match: matchViewOf(p),
  };
}

/** The net graph's numbers as of the newest time the client was handed. */
export function statsOf(p: ClientParts): NetStats {
  return netStatsOf({
    nowMs: p.lastNowMs,
    tickrate: p.tickrate,
    cvars: p.cvars,
    clock: p.clock,
    tracker: p.tracker,
    interpDelayMs: p.interpDelaySeconds * 1000,
    extrapolating: p.remotes.extrapolating,
    serverTick: p.inbox.newestTick,
    commandTick: p.outbox.lastIssuedTick,
    renderTick: p.drawnRenderTick ?? 0,
  });
}

function matchViewOf(p: ClientParts): ClientView['match'] {
  if (!p.match) return null;
  const now = p.clock.isSynced ? p.clock.streamTick : p.inbox.newestTick;
  const pickups = p.cvars.cl_predict === 1 ? p.predictor.context.pickups : p.match.pickups;
  return buildMatchView(p.match, p.clientId, now, p.tickrate, pickups);
}
