/**
 * The replay viewer's control bar (DOM, over the game's canvas, any game): play / pause, speed
 * (0.25-4×), a timeline to seek on with a marker at every kill (or goal), the time, whom the
 * camera follows (a player or a free camera), and the way back. Keys: Space plays or pauses,
 * "," and "." step 5 s back and forth, F cycles whom to follow.
 *
 * Element ids (docs/DEBUG-API.md): #replay-controls, #replay-play, #replay-speed, #replay-timeline,
 * #replay-markers (one `.replay-marker` per marker, data-tick), #replay-time, #replay-follow,
 * #replay-leave. Names go in as text only. `refresh()` once per drawn frame keeps it in step;
 * its own clicks and keys show their effect at once.
 */
import { el } from './dom-ui';
import { cameraSelect, viewerBar } from './viewer-bar';

/** What the bar drives: a ReplayPlayback plus what the page knows of the replay. */
export interface ReplayControlsTarget {
  readonly firstTick: number;
  readonly lastTick: number;
  readonly tickrate: number;
  tick(): number;
  paused(): boolean;
  speed(): number;
  followed(): number | null;
  play(): void;
  pause(): void;
  setSpeed(speed: number): void;
  seek(tick: number): void;
  follow(id: number | null): void;
  /** Who is in the match at the playback time (ids and names): the same array while that does not change. */
  players(): ReadonlyArray<{ id: number; name: string }>;
  /** Moments worth a marker on the timeline (kills, goals). */
  markers(): ReadonlyArray<{ tick: number; label: string }>;
  leave(): void;
}

export interface ReplayControls {
  element: HTMLElement;
  refresh(): void;
  destroy(): void;
}

export const PLAYBACK_SPEEDS = [0.25, 0.5, 1, 2, 4] as const;
const SEEK_STEP_S = 5;

/** m:ss of `ticks` at `tickrate`. */
function timeText(ticks: number, tickrate: number): string {
  const s = Math.max(0, Math.floor(ticks / tickrate));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function timeline(doc: Document, t: ReplayControlsTarget): { box: HTMLElement; range: HTMLInputElement } {
  const box = el(doc, 'div', { position: 'relative', flex: '1 1 auto', minWidth: '120px' });
  const range = el(doc, 'input', { width: '100%' });
  Object.assign(range, { id: 'replay-timeline', type: 'range', min: String(t.firstTick), max: String(t.lastTick) });
  range.step = 'any';
  range.setAttribute('aria-label', 'Time in the match');
  range.addEventListener('input', () => t.seek(Number(range.value)));
  const marks = el(doc, 'div', { position: 'absolute', left: '0', right: '0', top: '-6px', height: '6px' });
  marks.id = 'replay-markers';
  const span = Math.max(1, t.lastTick - t.firstTick);
  for (const m of t.markers()) {
    const mark = el(doc, 'span', {
      position: 'absolute',
      left: `${(100 * (m.tick - t.firstTick)) / span}%`,
      width: '2px',
      height: '6px',
      background: '#ff5d73',
    });
    mark.className = 'replay-marker';
    mark.dataset['tick'] = String(m.tick);
    mark.title = m.label;
    marks.append(mark);
  }
  box.append(marks, range);
  return { box, range };
}

export function createReplayControls(doc: Document, t: ReplayControlsTarget): ReplayControls {
  const root = viewerBar(doc, 'replay-controls');
  const play = el(doc, 'button', { minWidth: '64px' }, 'Pause');
  Object.assign(play, { id: 'replay-play', type: 'button' });
  const speed = el(doc, 'select', {});
  speed.id = 'replay-speed';
  speed.setAttribute('aria-label', 'Speed');
  for (const s of PLAYBACK_SPEEDS) speed.append(Object.assign(el(doc, 'option', {}, `${s}×`), { value: String(s) }));
  speed.value = String(t.speed());
  const { box, range } = timeline(doc, t);
  const time = el(doc, 'span', { minWidth: '84px', textAlign: 'right' });
  time.id = 'replay-time';
  const camera = cameraSelect(doc, 'replay-follow', '160px', t);
  const leave = el(doc, 'button', {}, 'Back to the start screen');
  Object.assign(leave, { id: 'replay-leave', type: 'button' });
  leave.addEventListener('click', () => t.leave());
  root.append(play, speed, box, time, camera.select, leave);

  const refresh = (): void => {
    play.textContent = t.paused() ? 'Play' : 'Pause';
    if (doc.activeElement !== range) range.value = String(t.tick());
    time.textContent = `${timeText(t.tick() - t.firstTick, t.tickrate)} / ${timeText(t.lastTick - t.firstTick, t.tickrate)}`;
    camera.refresh();
  };
  // A click or a key shows its effect at once, not at the next drawn frame (which a hidden tab may never draw).
  const togglePlay = (): void => (t.paused() ? t.play() : t.pause());
  play.addEventListener('click', () => (togglePlay(), refresh()));
  speed.addEventListener('change', () => (t.setSpeed(Number(speed.value)), refresh()));
  const onKey = (e: KeyboardEvent): void => {
    if (e.target instanceof HTMLInputElement && e.target.type === 'text') return;
    if (e.key === 'f' || e.key === 'F') return camera.next(); // the select shows it at once
    if (e.key === ' ') (togglePlay(), e.preventDefault());
    else if (e.key === ',' || e.key === '.') t.seek(t.tick() + (e.key === ',' ? -1 : 1) * SEEK_STEP_S * t.tickrate);
    else return;
    refresh();
  };
  doc.addEventListener('keydown', onKey);
  refresh();
  return { element: root, refresh, destroy: () => doc.removeEventListener('keydown', onKey) };
}
