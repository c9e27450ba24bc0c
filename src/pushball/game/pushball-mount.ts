/**
 * Mounts Pushball's game screen: `mountPushball(root, host)` puts a canvas (kaboom on WebGL,
 * `global: false`, through src/game's mountCanvas), a "Leave the match" button, the touch controls
 * and, when the host has chat, the chat box into `root`; then every frame samples the input, hands
 * it to `host.frame(clock(), input)` and draws the view it returns (pushball-frame.ts).
 *
 * No WebGL: a `RendererUnavailable` (src/game/renderer-start.ts) is thrown, nothing left in `root`.
 * Esc or the button calls `host.leave()` (once). Output: a handle whose `destroy()` quits kaboom,
 * removes every listener and element it added and `window.pushballGame`; `info()` describes the
 * last frame (pushball-info.ts). Invariants: nothing outside `root` is touched except
 * `window.pushballGame`; names reach the canvas through the safe text path only; after destroy no
 * host method is called again.
 */
import { createChatBox, type ChatBox } from '../../game/chat-box';
import { canvasPixel } from '../../game/debug-api';
import { el } from '../../game/dom-ui';
import { mountCanvas, pickDensity } from '../../game/game-canvas';
import type { PadLike } from '../../game/gamepad';
import { createKit } from '../../game/render-kit';
import { PitchPhase } from '../sim';
import type { PushballView } from '../client/pushball-client-game';
import { createReplayButton } from '../../game/replay-button';
import { createColors } from './pushball-colors';
import { drawPushball, newScreen, screenInfo, updatePushball } from './pushball-frame';
import type { PushballHost } from './pushball-host';
import type { PushballRenderInfo } from './pushball-info';
import { createPushballTouch } from './pushball-touch';

export interface PushballMountOptions {
  /** Page clock in ms (default performance.now). */
  clock?: () => number;
  /** Canvas pixels per CSS pixel (default: `?density=` from the URL, else min(devicePixelRatio, 2)). */
  pixelDensity?: number;
  /** Publish `window.pushballGame` (default true). */
  debugApi?: boolean;
}

export interface PushballHandle {
  destroy(): void;
  info(): PushballRenderInfo;
}

/** `window.pushballGame`: what the end-to-end tests read. */
export interface PushballDebugApi {
  info(): PushballRenderInfo;
  /** RGBA of the canvas at CSS pixel (x, y) from its top-left corner, or null outside it. */
  pixel(x: number, y: number): [number, number, number, number] | null;
}

export const LEAVE_BUTTON_ID = 'pushball-leave';
export const REMATCH_BUTTON_ID = 'pushball-rematch';

function gamepads(): readonly (PadLike | null)[] | null {
  return typeof navigator.getGamepads === 'function' ? navigator.getGamepads() : null;
}

/** A button over the canvas at `top` px from the top right corner. */
function cornerButton(doc: Document, id: string, label: string, top: number, onClick: () => void): HTMLButtonElement {
  const b = el(
    doc,
    'button',
    {
      position: 'absolute',
      top: `${top}px`,
      right: '8px',
      zIndex: '6',
      padding: '6px 12px',
      font: '600 13px system-ui, sans-serif',
      color: '#ebeef5',
      background: 'rgba(13, 16, 32, 0.8)',
      border: '1px solid #5c6882',
      borderRadius: '6px',
      cursor: 'pointer',
    },
    label,
  );
  b.type = 'button';
  b.id = id;
  b.dataset['testid'] = id;
  b.addEventListener('click', onClick);
  // Its touch is the button's, not a stick's on the wrapper under it.
  b.addEventListener('pointerdown', (e) => e.stopPropagation());
  return b;
}

/** "Play again": the host starts the next match once this one is over (joiners follow: the snapshots say so). */
function rematchButton(doc: Document, host: PushballHost, isLive: () => boolean) {
  const element = cornerButton(doc, REMATCH_BUTTON_ID, 'Play again', 48, () => {
    if (isLive() && host.rematch?.allowed()) host.rematch.start();
  });
  element.hidden = true;
  return {
    element,
    update(view: PushballView | null): void {
      element.hidden = !host.rematch?.allowed() || view?.rules?.phase !== PitchPhase.Ended;
    },
  };
}

/** The host's "Download replay", under "Play again" and shown with it (a match is over); null without a replay. */
function replayBox(doc: Document, host: PushballHost): HTMLElement | null {
  if (!host.replay) return null;
  const box = createReplayButton(doc, 'pushball', () => host.replay!());
  Object.assign(box.style, { position: 'absolute', top: '80px', right: '8px', zIndex: '6', textAlign: 'right' });
  box.hidden = true;
  return box;
}

function installDebugApi(api: PushballDebugApi): () => void {
  const slot = window as unknown as { pushballGame?: PushballDebugApi };
  slot.pushballGame = api;
  return () => {
    if (slot.pushballGame === api) delete slot.pushballGame;
  };
}

export function mountPushball(root: HTMLElement, host: PushballHost, opts: PushballMountOptions = {}): PushballHandle {
  const doc = root.ownerDocument;
  const { wrapper, canvas, k } = mountCanvas(root, pickDensity(opts.pixelDensity));
  wrapper.dataset['testid'] = 'pushball-game';
  wrapper.style.cursor = 'default';
  const clock = opts.clock ?? (() => performance.now());
  let live = true;
  let left = false;
  const leave = (): void => {
    if (!live || left) return;
    left = true;
    host.leave();
  };
  const touch = createPushballTouch(doc, wrapper, () => chat?.isOpen() ?? false);
  const chat: ChatBox | null = host.chat ? createChatBox(doc, wrapper, host.chat, 'match') : null;
  if (chat) wrapper.append(chat.element);
  if (!host.watching) wrapper.append(cornerButton(doc, LEAVE_BUTTON_ID, 'Leave the match', 8, leave));
  const rematch = rematchButton(doc, host, () => live);
  wrapper.append(rematch.element);
  const replay = replayBox(doc, host);
  if (replay) wrapper.append(replay);
  const kit = createKit(k);
  const blocked = (): boolean => chat?.isOpen() ?? false;
  const s = newScreen({ k, kit, colors: createColors(kit), host, pads: gamepads, touch, blocked });
  k.onUpdate(() => {
    if (!live) return;
    updatePushball(s, clock());
    chat?.refresh(clock());
    rematch.update(s.view);
    if (replay) replay.hidden = rematch.element.hidden;
  });
  k.onDraw(() => {
    if (live) drawPushball(s);
  });
  const onKeyDown = (e: KeyboardEvent): void => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    leave();
  };
  wrapper.addEventListener('keydown', onKeyDown);
  canvas.focus();
  const info = (): PushballRenderInfo => screenInfo(s);
  const removeDebug =
    opts.debugApi === false ? () => undefined : installDebugApi({ info, pixel: (x, y) => canvasPixel(canvas, x, y) });
  return {
    info,
    destroy() {
      if (!live) return;
      live = false;
      wrapper.removeEventListener('keydown', onKeyDown);
      removeDebug();
      chat?.destroy();
      touch.destroy();
      k.quit();
      wrapper.remove();
    },
  };
}
