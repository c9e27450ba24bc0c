/**
 * Which renderer draws a lobby's match: the arena's (src/game) or Pushball's (src/pushball/game),
 * chosen by the game the session's client plays (session-games.ts). Each gets its host contract
 * over the lobby session: names from the lobby list, one frame per drawn frame through the session's
 * client, leaving, the chat. Invariant: a renderer gets no handle on channels, peers or the worker.
 */
import { mountGame } from '../game/mount';
import type { ClientPoint } from '../game/pointer-tracker';
import { mountPushball, type PushballHost } from '../pushball/game';
import { createPushballSettingsForm, type PushballSettingsForm } from '../pushball/game/pushball-settings-form';
import { gameHostFor } from './game-host-adapter';
import type { LobbySession } from './lobby-session';
import { isArenaSession, isPushballSession } from './session-games';

/** A game's own lobby rules form beside the arena's (matchControls): Pushball's, on its host. */
export function lobbyRulesForm(doc: Document, session: LobbySession): PushballSettingsForm | null {
  return session.bots && isPushballSession(session.client) ? createPushballSettingsForm(doc, session.bots) : null;
}

/** What the page keeps of a mounted renderer. */
export interface MountedGame {
  destroy(): void;
}

/** The mount for `session`'s game into `screen` (throws RendererUnavailable without WebGL). */
export function matchMount(
  session: LobbySession,
  screen: HTMLElement,
  leave: () => void,
  pointer: ClientPoint | null,
): () => MountedGame {
  const client = session.client;
  if (isArenaSession(client))
    return () => mountGame(screen, gameHostFor(session, client, leave), { initialPointer: pointer });
  const host: PushballHost = {
    localId: client.localId,
    names: () => new Map(session.players().map((p) => [p.id, p.name])),
    frame: (nowMs, input) => client.frame(input, nowMs),
    leave,
    chat: session.chat,
    // Another match on the same rules, for everyone; only the lobby's host (now: a migration changes it) may start one.
    rematch: { allowed: () => session.isHost, start: () => session.startMatch() },
    replay: () => session.replay?.() ?? Promise.resolve(null),
  };
  return () => mountPushball(screen, host);
}
