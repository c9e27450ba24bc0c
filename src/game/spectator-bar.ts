/**
 * The spectator's bar (issue 24, DOM over the game's canvas, any game): that this page is
 * watching a live match and how many play, whom the camera follows (a player or a free camera:
 * the replay viewer's camera, replay-hosts.ts), and the way out. Key: F cycles whom to follow
 * (as in the replay viewer). No play/pause or timeline: the match is live.
 *
 * While the host is gone and the watch looks for the new one (a host migration) the status says
 * "The host left — finding the new host…" and the view holds its last frame.
 * Element ids (docs/DEBUG-API.md): #spectate-bar, #spectate-status, #spectate-follow,
 * #spectate-leave. Names go in as text only. `refresh()` once per drawn frame keeps it in step;
 * F shows its effect at once.
 */
import { el } from './dom-ui';
import { cameraSelect, viewerBar, type CameraChoice } from './viewer-bar';

/** What the bar drives: the live playback's camera and the session. */
export interface SpectatorBarTarget extends CameraChoice {
  /** The host is gone and the watch is looking for the new one (a host migration). */
  reconnecting(): boolean;
  leave(): void;
}

export interface SpectatorBar {
  element: HTMLElement;
  refresh(): void;
  destroy(): void;
}

export function createSpectatorBar(doc: Document, t: SpectatorBarTarget): SpectatorBar {
  const root = viewerBar(doc, 'spectate-bar');
  const status = el(doc, 'span', { flex: '1' });
  status.id = 'spectate-status';
  const camera = cameraSelect(doc, 'spectate-follow', '180px', t);
  const leave = el(doc, 'button', {}, 'Stop watching');
  Object.assign(leave, { id: 'spectate-leave', type: 'button' });
  leave.addEventListener('click', () => t.leave());
  root.append(status, camera.select, leave);

  const refresh = (): void => {
    const players = t.players();
    const live = `Watching live · ${players.length} ${players.length === 1 ? 'player' : 'players'}`;
    status.textContent = t.reconnecting() ? 'The host left — finding the new host…' : live;
    camera.refresh();
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
    if (e.key === 'f' || e.key === 'F') camera.next();
  };
  doc.addEventListener('keydown', onKey);
  refresh();
  return { element: root, refresh, destroy: () => doc.removeEventListener('keydown', onKey) };
}
