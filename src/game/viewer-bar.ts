/**
 * What the two viewers' bars share (DOM): the replay viewer's (replay-controls.ts) and the
 * spectator's (spectator-bar.ts). The bar along the bottom of the canvas, and its camera choice:
 * a select of "Free camera" and "Follow <name>" per player, kept in step with whom the camera
 * follows, and F cycling through them (shown in the select at once). Names go in as text only.
 */
import { el } from './dom-ui';

/** Whom the camera follows, and who could be followed (the same array while that does not change). */
export interface CameraChoice {
  followed(): number | null;
  follow(id: number | null): void;
  players(): ReadonlyArray<{ id: number; name: string }>;
}

/** The bar element (id `id`), whose pointers are its own (a touch stick or the aim under it must not take them). */
export function viewerBar(doc: Document, id: string): HTMLElement {
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
  root.id = id;
  root.addEventListener('pointerdown', (e) => e.stopPropagation());
  return root;
}

/**
 * The camera select (id `id`, `maxWidth` wide), its `refresh` to call once per drawn frame, and
 * `next` for F: the next camera after the one in use (free camera, then each player in turn),
 * shown in the select at once, not at the next drawn frame (which a hidden tab may never draw).
 */
export function cameraSelect(
  doc: Document,
  id: string,
  maxWidth: string,
  t: CameraChoice,
): { select: HTMLSelectElement; refresh(): void; next(): void } {
  const select = el(doc, 'select', { maxWidth });
  select.id = id;
  select.setAttribute('aria-label', 'Camera');
  select.addEventListener('change', () => t.follow(select.value === '' ? null : Number(select.value)));
  let roster: ReadonlyArray<{ id: number; name: string }> | null = null;
  const refresh = (): void => {
    const players = t.players();
    if (players !== roster) {
      roster = players;
      select.replaceChildren(
        Object.assign(el(doc, 'option', {}, 'Free camera'), { value: '' }),
        ...players.map((p) => Object.assign(el(doc, 'option', {}, `Follow ${p.name}`), { value: String(p.id) })),
      );
    }
    const f = t.followed();
    select.value = f === null ? '' : String(f);
  };
  const next = (): void => {
    const ids = [null, ...t.players().map((p) => p.id)];
    t.follow(ids[(ids.indexOf(t.followed()) + 1) % ids.length] ?? null);
    refresh();
  };
  return { select, refresh, next };
}
