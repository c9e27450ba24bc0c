/**
 * "Watch a replay": a file the player picked or dropped, read (at most MAX_REPLAY_BYTES), checked
 * whole (protocol/replay-reader.ts: a damaged or foreign file gets a sentence, never a broken
 * page), and mounted with its game's own renderer and the replay control bar. The replay's header
 * says which game it is; this page plays the arena's and Pushball's.
 */
import { arenaClientGame } from '../arena/client/arena-client-game';
import { ARENA_WIRE } from '../arena/protocol/arena-wire';
import { ReplayPlayback } from '../client/replay-playback';
import { mountGame } from '../game/mount';
import { createReplayControls, type ReplayControlsTarget } from '../game/replay-controls';
import { MAX_REPLAY_BYTES } from '../protocol/replay-format';
import { openReplay, peekReplayHeader } from '../protocol/replay-reader';
import type { DecodeResult } from '../protocol/wire';
import { pushballClientGame } from '../pushball/client/pushball-client-game';
import { mountPushball } from '../pushball/game';
import { PUSHBALL_WIRE } from '../pushball/protocol/pushball-wire';
import type { MountedGame } from './match-mount';
import {
  arenaReplayHost,
  pushballReplayHost,
  replayTarget,
  type ArenaPlayback,
  type PushballPlayback,
} from './replay-hosts';

export type OpenedReplay =
  { game: 'arena'; playback: ArenaPlayback } | { game: 'pushball'; playback: PushballPlayback };

/** The bytes of a replay file, checked and ready to play, or why not. Never throws. */
export function openReplayBytes(bytes: Uint8Array): DecodeResult<OpenedReplay> {
  const head = peekReplayHeader(bytes);
  if (!head.ok) return head;
  if (head.value.game === 'arena') {
    const r = openReplay(ARENA_WIRE, bytes);
    return r.ok ? { ok: true, value: { game: 'arena', playback: new ReplayPlayback(r.value, arenaClientGame) } } : r;
  }
  if (head.value.game === 'pushball') {
    const r = openReplay(PUSHBALL_WIRE, bytes);
    return r.ok
      ? { ok: true, value: { game: 'pushball', playback: new ReplayPlayback(r.value, pushballClientGame) } }
      : r;
  }
  return { ok: false, error: `it was recorded in "${head.value.game}", a game this page does not have` };
}

/** A picked or dropped file, read and opened. */
export async function loadReplayFile(file: Blob): Promise<DecodeResult<OpenedReplay>> {
  if (file.size > MAX_REPLAY_BYTES) return { ok: false, error: `larger than ${MAX_REPLAY_BYTES >> 20} MiB` };
  try {
    return openReplayBytes(new Uint8Array(await file.arrayBuffer()));
  } catch (err) {
    return { ok: false, error: `the file could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
}

/** What the page keeps of a replay on screen: the renderer and the control bar. */
export interface WatchedReplay extends MountedGame {
  readonly target: ReplayControlsTarget;
  readonly opened: OpenedReplay;
}

/** Mounts `opened` into `screen` with its game's renderer and the control bar (throws RendererUnavailable without WebGL). */
export function mountReplay(screen: HTMLElement, opened: OpenedReplay, leave: () => void): WatchedReplay {
  const doc = screen.ownerDocument;
  const target = replayTarget(opened.playback, leave);
  const game =
    opened.game === 'arena'
      ? mountGame(screen, arenaReplayHost(opened.playback, leave))
      : mountPushball(screen, pushballReplayHost(opened.playback, leave));
  const controls = createReplayControls(doc, target);
  screen.append(controls.element);
  let live = true;
  const tick = (): void => {
    if (!live) return;
    controls.refresh();
    doc.defaultView?.requestAnimationFrame(tick);
  };
  tick();
  return {
    target,
    opened,
    destroy() {
      live = false;
      controls.destroy();
      controls.element.remove();
      game.destroy();
    },
  };
}
