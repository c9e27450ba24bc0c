/**
 * Watching a lobby by its link (issue 24): the spectator's side of a joined link. The unreliable
 * channel carries the host's spectator frames in and this page's acks out (SpectatorStream, the
 * acks also its keepalive); the frames grow a LiveReplay, which the replay viewer's playback (in
 * live mode) and renderer hosts draw. The reliable channel brings the lobby list (the names), the
 * watchers, chat (under the same limits as the players': the host's chat-relay.ts) and the kick.
 *
 * Inputs: the joined link (lobby/join.ts, hello with the watch bit), page timers. Outputs: the
 * playback (once the first frame arrived), chat, the players, `onEnd`. Invariants: nothing is sent
 * but acks, chat and leave; the session ends once, on a kick (its reason), the host's link
 * closing or its silence ('host-left'), or leaving (null).
 */
import { decodeControl, encodeControl } from '../protocol/control';
import type { ControlMessage, LobbyPlayer } from '../protocol/control-messages';
import type { Watcher } from '../protocol/watchers-codec';
import type { Joined } from '../lobby/join';
import type { DecodeResult } from '../protocol/wire';
import type { JoinFailure } from '../lobby/failures';
import { SpectatorStream } from '../client/spectator-stream';
import { LiveReplay } from '../client/live-replay';
import { ReplayPlayback } from '../client/replay-playback';
import { ChatLog } from './chat-log';
import type { OpenedReplay } from './replay-watch';
import { gameOfMap, sessionGame } from './session-games';

/** How far behind the newest frame the view is drawn: two frames at 30 a second, plus jitter. */
const VIEW_DELAY_S = 0.1;
/** Nothing from the host this long: it is gone (it sends 30 frames and a lobby list a second). */
const HOST_SILENCE_MS = 5000;

export interface SpectatorSession {
  readonly roomId: string;
  readonly clientId: number;
  readonly chat: ChatLog;
  readonly stream: SpectatorStream<{ tick: number }>;
  /** The live view (the replay viewer's playback of the growing replay), or null before the first frame. */
  watched(): OpenedReplay | null;
  players(): LobbyPlayer[];
  /** Called once, with the first frame's view ready to mount. */
  onFirstFrame(cb: (opened: OpenedReplay) => void): void;
  onEnd(cb: (failure: JoinFailure | null) => void): void;
  leave(): void;
}

/** The live view: the frames grow a LiveReplay; the playback (live mode) starts at the first frame. */
function liveView(j: Joined, stream: SpectatorStream<{ tick: number }>) {
  const choice = gameOfMap(j.settings.mapName);
  const game = sessionGame(choice).client;
  const { tickrate, mapName } = j.settings;
  const live = new LiveReplay(game.wire, { game: choice, map: mapName, tickrate, firstTick: 0 });
  const view = { live, opened: null as OpenedReplay | null, first: null as ((o: OpenedReplay) => void) | null };
  stream.onFrame = (frame) => {
    live.add(frame);
    if (view.opened) return;
    // A Replay with no frame has no world to show: the playback starts here.
    const playback = new ReplayPlayback(live.replay, game as never);
    playback.followLive(Math.round(VIEW_DELAY_S * tickrate));
    view.opened = { game: choice, playback } as OpenedReplay;
    view.first?.(view.opened);
  };
  return view;
}

const onDecoded = (m: DecodeResult<ControlMessage>, then: (m: ControlMessage) => void): void =>
  void (m.ok && then(m.value));

/** Starts watching over `j` (welcomed as a spectator); `now` is the page clock (ms). */
export function spectate(j: Joined, roomId: string, now: () => number = () => performance.now()): SpectatorSession {
  const game = sessionGame(gameOfMap(j.settings.mapName)).client;
  const stream = new SpectatorStream(game.wire, game.commands as SpectatorStream<{ tick: number }>['commands']);
  const view = liveView(j, stream);
  let [players, watchers]: [LobbyPlayer[], Watcher[]] = [[], []];
  const endListeners: Array<(f: JoinFailure | null) => void> = [];
  let ended = false;
  let heardMs = now();
  const send = (m: ControlMessage): void => j.link.reliable.send(encodeControl(m));
  // Names of players and (issue 24) of spectators too, once the lobby says them.
  const chat = new ChatLog(
    (text) => send({ type: 'chat', from: 0, text }),
    (id) => [...players, ...watchers].find((p) => p.id === id)?.name,
  );
  const finish = (failure: JoinFailure | null): void => {
    if (ended) return;
    ended = true;
    clearInterval(timer);
    j.link.close();
    j.peer.destroy();
    for (const cb of endListeners) cb(failure);
  };
  const onControl = (m: ControlMessage): void => {
    if (m.type === 'lobby') {
      players = m.players;
      view.live.roster(players);
    } else if (m.type === 'watchers') watchers = m.watchers;
    else if (m.type === 'chat') chat.receive(m.from, m.text);
    else if (m.type === 'kick') finish({ kind: 'kicked', reason: m.reason, text: m.text });
  };
  j.early.forEach(onControl);
  j.link.reliable.onMessage((bytes) => ((heardMs = now()), onDecoded(decodeControl(bytes), onControl)));
  j.link.unreliable.onMessage((bytes) => ((heardMs = now()), stream.onPacket(bytes, heardMs)));
  j.link.onClose(() => finish({ kind: 'host-left' }));
  // Acks (and the keepalive) at the frame rate; a silent host ends the watch.
  const timer = setInterval(() => {
    const t = now();
    if (t - heardMs > HOST_SILENCE_MS) return finish({ kind: 'host-left' });
    for (const bytes of stream.update(t)) j.link.unreliable.send(bytes);
  }, 1000 / 60);
  return {
    roomId,
    clientId: j.clientId,
    chat,
    stream,
    watched: () => view.opened,
    players: () => players,
    onFirstFrame: (cb) => {
      view.first = cb;
      if (view.opened) cb(view.opened);
    },
    onEnd: (cb) => void endListeners.push(cb),
    leave: () => {
      // A DataChannel sends what is queued before it closes: the host hears 'leave' first.
      if (!ended) send({ type: 'leave' });
      finish(null);
    },
  };
}
