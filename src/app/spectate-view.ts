/**
 * The spectator's screen (issue 24): the live match drawn by its game's own renderer through the
 * replay viewer's hosts (replay-hosts.ts: every player, a free camera or one player followed, no
 * crosshair, no "You"), the lobby's chat (T opens it; the same limits as the players'), and the
 * spectator's bar (spectator-bar.ts: whom to follow, the way out).
 *
 * Inputs: the screen, the session and its live playback (spectator-session.ts). Output: what the
 * page keeps of it (destroy). Invariant: the renderer gets no handle on channels or peers.
 */
import { mountGame } from '../game/mount';
import { createSpectatorBar, type SpectatorBarTarget } from '../game/spectator-bar';
import { mountPushball } from '../pushball/game';
import { matchScreen, type WayOut } from './game-view';
import type { MountedGame } from './match-mount';
import { arenaReplayHost, framePlayers, pushballReplayHost } from './replay-hosts';
import type { OpenedReplay } from './replay-watch';
import type { SpectatorSession } from './spectator-session';

export type { SpectatorSession } from './spectator-session';

/** The bar's view of the live playback: who is in the frame shown, named by the lobby list (bots as the games name them). */
function barTarget(session: SpectatorSession, opened: OpenedReplay, leave: () => void): SpectatorBarTarget {
  const p = opened.playback;
  return {
    followed: () => p.followed,
    follow: (id) => p.follow(id),
    players: framePlayers(p),
    reconnecting: session.reconnecting,
    leave,
  };
}

/** Mounts the live view into `screen` (throws RendererUnavailable without WebGL). */
export function mountSpectator(
  screen: HTMLElement,
  session: SpectatorSession,
  opened: OpenedReplay,
  leave: () => void,
): MountedGame {
  const doc = screen.ownerDocument;
  const chat = session.chat;
  const game =
    opened.game === 'arena'
      ? mountGame(screen, { ...arenaReplayHost(opened.playback, leave), chat })
      : mountPushball(screen, { ...pushballReplayHost(opened.playback, leave), chat });
  const bar = createSpectatorBar(doc, barTarget(session, opened, leave));
  screen.append(bar.element);
  let live = true;
  const tick = (): void => {
    if (!live) return;
    bar.refresh();
    doc.defaultView?.requestAnimationFrame(tick);
  };
  tick();
  return {
    destroy() {
      live = false;
      bar.destroy();
      bar.element.remove();
      game.destroy();
    },
  };
}

/** Once the first frame is in: the match screen (`#match-screen`) with the live view, or why it cannot draw. */
export function showWhenLive(
  doc: Document,
  session: SpectatorSession,
  show: (el: HTMLElement) => void,
  showGame: (screen: HTMLElement, mount: () => MountedGame, wayOut: WayOut) => void,
): void {
  session.onFirstFrame((opened) => {
    const screen = matchScreen(doc);
    show(screen);
    const leave = (): void => session.leave();
    showGame(screen, () => mountSpectator(screen, session, opened, leave), { label: 'Stop watching', onClick: leave });
  });
}
