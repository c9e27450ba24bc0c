/**
 * The spectator's bar (issue 24, DOM over the game's canvas, any game): that this page is
 * watching a live match and how many play, whom the camera follows (a player or a free camera:
 * the replay viewer's camera, replay-hosts.ts), and the way out. Key: F cycles whom to follow
 * (as in the replay viewer). No play/pause or timeline: the match is live.
 *
 * While the host is gone and the watch looks for the new one (a host migration) the status says
 * "The host left — finding the new host…" and the view holds its last frame.
 * Element ids (docs/DEBUG-API.md): #spectate-bar, #spectate-status, #spectate-follow,
 * #spectate-leave. Names go in as text only. `refresh()` once per drawn frame keeps it in step.
 */
import { el } from './dom-ui';

/** What the bar drives: the live playback's camera and the session. */
export interface SpectatorBarTarget {
  followed(): number | null;
  follow(id: number | null): void;
  /** Who plays in the frame shown (ids and names): the same array while that does not change. */
  players(): ReadonlyArray<{ id: number; name: string }>;
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
  const root = el(doc, 'div', {
    position: 'absolute',
    left: '8px',
    right: '8px',
    bottom: '8px',
    zIndex: '7',
    display: 'flex',
    alignItems: 'center',
    gap: '10px',
    padding: '6px 10px',
    background: 'rgba(13, 16, 32, 0.85)',
    border: '1px solid #5c6882',
    borderRadius: '8px',
    color: '#ebeef5',
    font: '13px system-ui, sans-serif',
  });
  root.id = 'spectate-bar';
  // The bar's pointers are its own (nothing under it takes them).
  root.addEventListener('pointerdown', (e) => e.stopPropagation());
  const status = el(doc, 'span', { flex: '1' });
  status.id = 'spectate-status';
  const follow = el(doc, 'select', { maxWidth: '180px' });
  follow.id = 'spectate-follow';
  follow.setAttribute('aria-label', 'Camera');
  follow.addEventListener('change', () => t.follow(follow.value === '' ? null : Number(follow.value)));
  const leave = el(doc, 'button', {}, 'Stop watching');
  Object.assign(leave, { id: 'spectate-leave', type: 'button' });
  leave.addEventListener('click', () => t.leave());
  root.append(status, follow, leave);

  let roster: ReadonlyArray<{ id: number; name: string }> | null = null;
  const refresh = (): void => {
    const players = t.players();
    const live = `Watching live · ${players.length} ${players.length === 1 ? 'player' : 'players'}`;
    status.textContent = t.reconnecting() ? 'The host left — finding the new host…' : live;
    if (players !== roster) {
      roster = players;
      follow.replaceChildren(
        Object.assign(el(doc, 'option', {}, 'Free camera'), { value: '' }),
        ...players.map((p) => Object.assign(el(doc, 'option', {}, `Follow ${p.name}`), { value: String(p.id) })),
      );
    }
    const f = t.followed();
    follow.value = f === null ? '' : String(f);
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
    if (e.key !== 'f' && e.key !== 'F') return;
    const ids = [null, ...t.players().map((p) => p.id)];
    t.follow(ids[(ids.indexOf(t.followed()) + 1) % ids.length] ?? null);
  };
  doc.addEventListener('keydown', onKey);
  refresh();
  return { element: root, refresh, destroy: () => doc.removeEventListener('keydown', onKey) };
}
