/**
 * Watching a lobby by its link (issue 24): the spectator's side of a joined link. The unreliable
 * channel carries the host's spectator frames in and this page's acks out (SpectatorStream, the
 * acks also its keepalive); the frames grow a LiveReplay, which the replay viewer's playback (in
 * live mode) and renderer hosts draw. The reliable channel brings the lobby list (the names), the
 * watchers, chat (under the same limits as the players': the host's chat-relay.ts) and the kick.
 *
 * When the host's link closes or falls silent without a kick, the lobby may live on under a
 * successor (host migration): with `rejoin` the session watches the same link again (a fresh
 * hello with the watch bit, its password) every RETRY_MS for up to FOLLOW_MS, and carries its
 * stream, replay and view over to the new host, whose first frame is a key frame (it never sent
 * the frame this page acks).
 *
 * Inputs: the joined link (lobby/join.ts, hello with the watch bit), `rejoin`, page timers.
 * Outputs: the playback (once the first frame arrived), chat, the players and watchers, `onEnd`.
 * Invariants: nothing is sent but acks, chat and leave; only the current link's messages count;
 * the session ends once, on a kick (its reason), the host gone with no new one found in time
 * ('host-left'), or leaving (null).
 */
import { decodeControl, encodeControl } from '../protocol/control';
import type { ControlMessage, LobbyPlayer } from '../protocol/control-messages';
import type { Watcher } from '../protocol/watchers-codec';
import type { Joined, JoinResult } from '../lobby/join';
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
/** Following a host migration: how long to look for the new host, and how often to ask. */
const FOLLOW_MS = 30_000;
const RETRY_MS = 1000;

export interface SpectatorSession {
  readonly roomId: string;
  readonly clientId: number;
  readonly chat: ChatLog;
  readonly stream: SpectatorStream<{ tick: number }>;
  /** The live view (the replay viewer's playback of the growing replay), or null before the first frame. */
  watched(): OpenedReplay | null;
  players(): LobbyPlayer[];
  watchers(): Watcher[];
  /** The host is gone and the session is looking for the new one (a host migration). */
  reconnecting(): boolean;
  /** Hosts followed to a successor so far. */
  readonly follows: number;
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

/** One watch of a lobby, over its host's link, then each new host's (see the file comment). */
class Watch implements SpectatorSession {
  readonly chat: ChatLog;
  readonly stream: SpectatorStream<{ tick: number }>;
  private readonly view: ReturnType<typeof liveView>;
  private players_: LobbyPlayer[] = [];
  private watchers_: Watcher[] = [];
  private readonly endListeners: Array<(f: JoinFailure | null) => void> = [];
  private ended = false;
  private link: Joined;
  /** Bumped per link: a handler of an older link does nothing. */
  private generation = 0;
  private heardMs: number;
  private lostAtMs: number | null = null;
  follows = 0;
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    j: Joined,
    readonly roomId: string,
    private readonly rejoin: (() => Promise<JoinResult>) | null,
    private readonly now: () => number,
  ) {
    this.link = j;
    const game = sessionGame(gameOfMap(j.settings.mapName)).client;
    this.stream = new SpectatorStream(game.wire, game.commands as SpectatorStream<{ tick: number }>['commands']);
    this.view = liveView(j, this.stream);
    this.heardMs = now();
    // Names of players and (issue 24) of spectators, once the lobby says them.
    const nameOf = (id: number): string | undefined =>
      [...this.players_, ...this.watchers_].find((p) => p.id === id)?.name;
    this.chat = new ChatLog((text) => this.send({ type: 'chat', from: 0, text }), nameOf);
    this.bind(j);
    // Acks (and the keepalive) at the frame rate; a silent host is gone.
    this.timer = setInterval(() => this.everyFrame(), 1000 / 60);
  }

  get clientId(): number {
    return this.link.clientId;
  }

  private send(m: ControlMessage): void {
    this.link.link.reliable.send(encodeControl(m));
  }

  private bind(j: Joined): void {
    const gen = ++this.generation;
    this.link = j;
    this.heardMs = this.now();
    this.lostAtMs = null;
    const mine = (fn: () => void): void => void (gen === this.generation && fn());
    j.early.forEach((m) => this.onControl(m));
    j.link.reliable.onMessage((bytes) =>
      mine(() => ((this.heardMs = this.now()), onDecoded(decodeControl(bytes), (m) => this.onControl(m)))),
    );
    j.link.unreliable.onMessage((bytes) =>
      mine(() => ((this.heardMs = this.now()), this.stream.onPacket(bytes, this.heardMs))),
    );
    j.link.onClose(() => mine(() => this.hostGone()));
  }

  private onControl(m: ControlMessage): void {
    if (m.type === 'lobby') {
      this.players_ = m.players;
      this.view.live.roster(m.players);
    } else if (m.type === 'watchers') this.watchers_ = m.watchers;
    else if (m.type === 'chat') this.chat.receive(m.from, m.text);
    else if (m.type === 'kick') this.finish({ kind: 'kicked', reason: m.reason, text: m.text });
  }

  private everyFrame(): void {
    const t = this.now();
    if (this.lostAtMs === null && t - this.heardMs > HOST_SILENCE_MS) return this.hostGone();
    if (this.lostAtMs === null) for (const bytes of this.stream.update(t)) this.link.link.unreliable.send(bytes);
  }

  /** The host's link closed or fell silent (no kick): follow the lobby to its new host, or end. */
  private hostGone(): void {
    if (this.ended || this.lostAtMs !== null) return;
    if (!this.rejoin) return this.finish({ kind: 'host-left' });
    this.generation++;
    this.lostAtMs = this.now();
    this.link.link.close();
    this.link.peer.destroy();
    void this.follow();
  }

  private async follow(): Promise<void> {
    while (!this.ended && this.lostAtMs !== null && this.now() - this.lostAtMs < FOLLOW_MS) {
      const r = await this.rejoin!();
      if (this.ended) return r.ok ? (r.joined.link.close(), r.joined.peer.destroy()) : undefined;
      if (r.ok) return void ((this.follows += 1), this.bind(r.joined));
      // A kick or a refusal by the new host is an answer: stop there.
      if (r.failure.kind === 'rejected' || r.failure.kind === 'kicked') return this.finish(r.failure);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    this.finish({ kind: 'host-left' });
  }

  private finish(failure: JoinFailure | null): void {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.timer);
    this.link.link.close();
    this.link.peer.destroy();
    for (const cb of this.endListeners) cb(failure);
  }

  watched = (): OpenedReplay | null => this.view.opened;
  players = (): LobbyPlayer[] => this.players_;
  watchers = (): Watcher[] => this.watchers_;
  reconnecting = (): boolean => this.lostAtMs !== null && !this.ended;

  onFirstFrame(cb: (opened: OpenedReplay) => void): void {
    this.view.first = cb;
    if (this.view.opened) cb(this.view.opened);
  }

  onEnd(cb: (failure: JoinFailure | null) => void): void {
    this.endListeners.push(cb);
  }

  leave(): void {
    // A DataChannel sends what is queued before it closes: the host hears 'leave' first.
    if (!this.ended && this.lostAtMs === null) this.send({ type: 'leave' });
    this.finish(null);
  }
}

/**
 * Starts watching over `j` (welcomed as a spectator). `rejoin` watches the same lobby again (the
 * page's joinLobby with the watch bit): given, the watch follows a host migration. `now`: the page clock (ms).
 */
export function spectate(
  j: Joined,
  roomId: string,
  rejoin: (() => Promise<JoinResult>) | null = null,
  now: () => number = () => performance.now(),
): SpectatorSession {
  return new Watch(j, roomId, rejoin, now);
}
