/**
 * The view a frame draws, built from a NetClient's parts after the frame's commands were issued:
 * the netcode's part (`FrameParts`: the own entity predicted and smoothed, every section's entities
 * at the render time, the events since the last frame, the net graph's numbers, the rules block)
 * handed to the game, which makes its renderer's view of it (`ClientGame.view`). Building it moves
 * the interpolation delay and records the render time drawn, which the next frame's commands claim
 * as their view time.
 */
import type { ClientGameTypes, FrameParts } from './client-game';
import type { ClientParts } from './client-parts';
import { netStatsOf } from './net-client-stats';
import type { NetStats } from './net-stats';

export function buildFrameView<T extends ClientGameTypes>(p: ClientParts<T>, nowMs: number): T['view'] {
  p.lastNowMs = nowMs;
  p.clock.advance(nowMs);
  p.advanceInterp(nowMs);
  const renderTick = p.renderTickAt();
  p.drawnRenderTick = renderTick;
  const parts: FrameParts<T> = {
    localId: p.clientId,
    local: p.local.draw(p.localSource(), nowMs),
    remotes: p.remotes.sample(renderTick, nowMs, p.cvars),
    events: p.events.take(),
    stats: statsOf(p),
    tickrate: p.tickrate,
    rules: p.match,
    streamTick: p.clock.isSynced ? p.clock.streamTick : p.inbox.newestTick,
    commandTick: p.clock.isSynced ? p.clock.commandTick : 0,
    predicted: p.cvars.cl_predict === 1 ? p.predictor.context : null,
  };
  return p.game.view(parts);
}

/** The net graph's numbers as of the newest time the client was handed. */
export function statsOf<T extends ClientGameTypes>(p: ClientParts<T>): NetStats {
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
