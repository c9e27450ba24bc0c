/**
 * The page's controller: start screen → (create | join) → lobby → match, and every failure to
 * the message screen with a way back. Owns the current LobbySession, its frame loop, the
 * mounted renderer, and publishes `window.rewind`.
 *
 * Inputs: the page config, the document/window. Outputs: screens in `root`, `window.rewind`.
 * Invariant: at most one session at a time; ending it (leave, kick, host left, failure) stops
 * the loop and the renderer before the next screen appears.
 */
import { mountGame, type GameHandle } from '../game/mount';
import { createPracticeHost } from '../game/practice-host';
import { failureText, type JoinFailure } from '../lobby/failures';
import { joinLobby } from '../lobby/join';
import { lobbyLink } from '../lobby/link';
import { newRoomId } from '../lobby/room-id';
import { createDebugApi, type AppState, type Phase } from './debug-api';
import { startFrameLoop } from './frame-loop';
import { gameHostFor } from './game-host-adapter';
import { createHostSession } from './host-session';
import { createJoinSession } from './join-session';
import type { LobbySession } from './lobby-session';
import type { PageConfig } from './page-config';
import { busyScreen, lobbyScreen, messageScreen, startScreen, type LobbyScreen } from './screens';
import { DEFAULT_MAP } from '../sim/map';
import { CVARS } from '../config/cvars';

export class App implements AppState {
  phase: Phase = 'start';
  session: LobbySession | null = null;
  link: string | null = null;
  lastError: string | null = null;
  private stopLoop: (() => void) | null = null;
  private game: GameHandle | null = null;
  private lobby: LobbyScreen | null = null;
  private readonly doc: Document;
  /** The pointer's last place on the page (client px), so a match's crosshair starts under it. */
  private pointerAt: { x: number; y: number } | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly win: Window,
    private readonly config: PageConfig,
  ) {
    this.doc = root.ownerDocument;
    (win as unknown as { rewind: unknown }).rewind = createDebugApi(this);
    // Closing the tab: say goodbye properly so the others see it at once, not after a timeout.
    win.addEventListener('pagehide', () => this.session?.leave());
    const notePointer = (e: PointerEvent): void => {
      this.pointerAt = { x: e.clientX, y: e.clientY };
    };
    win.addEventListener('pointermove', notePointer, { passive: true, capture: true });
    win.addEventListener('pointerdown', notePointer, { passive: true, capture: true });
  }

  showStart(): void {
    this.phase = 'start';
    this.show(
      startScreen(this.doc, {
        joinRoomId: this.config.joinRoomId,
        defaultName: this.config.defaultName,
        defaultMaxPlayers: this.config.cvars.sv_maxplayers,
        notices: this.config.notices,
        onCreate: (name, password, max) => void this.create(name, password, max),
        onJoin: (room, name, password) => void this.join(room, name, password),
        onPractice: (name) => this.practice(name),
      }),
    );
  }

  startMatch(): void {
    if (!this.session?.isHost) return;
    this.session.startMatch();
    this.enterMatch();
  }

  leave(): void {
    this.session?.leave();
  }

  /** Practice: the shared sim with scripted bots in this page, no lobby, no network, no worker. */
  private practice(name: string): void {
    this.phase = 'practice';
    const screen = this.doc.createElement('div');
    screen.id = 'match-screen';
    screen.style.cssText = 'position:fixed;inset:0';
    this.show(screen);
    const back = (): void => {
      this.game?.destroy();
      this.game = null;
      this.showStart();
    };
    this.game = mountGame(screen, createPracticeHost({ name, bots: 3, onLeave: back }), { pointerAt: this.pointerAt });
  }

  private show(el: HTMLElement): void {
    this.root.replaceChildren(el);
  }

  private async create(name: string, password: string, maxPlayers: number): Promise<void> {
    this.phase = 'connecting';
    this.show(busyScreen(this.doc, 'Starting the server and opening the lobby…'));
    const roomId = newRoomId();
    const max = Number.isFinite(maxPlayers) ? Math.min(Math.max(Math.round(maxPlayers), CVARS.sv_maxplayers.min), CVARS.sv_maxplayers.max) : CVARS.sv_maxplayers.default;
    const r = await createHostSession({ signaling: this.config.signaling, roomId, name, password, maxPlayers: max, cvars: this.config.cvars, mapName: DEFAULT_MAP.name });
    if (!r.ok) return this.fail(r.failure);
    const loc = this.win.location;
    this.enterLobby(r.session, lobbyLink({ origin: loc.origin, pathname: loc.pathname, search: loc.search }, roomId));
  }

  private async join(roomId: string, name: string, password: string): Promise<void> {
    this.phase = 'connecting';
    this.show(busyScreen(this.doc, `Joining lobby ${roomId}…`));
    const r = await joinLobby(this.config.signaling, roomId, name, password);
    if (!r.ok) return this.fail(r.failure);
    this.enterLobby(createJoinSession(r.joined, roomId, this.config.cvars), this.win.location.href);
  }

  private enterLobby(session: LobbySession, link: string): void {
    this.session = session;
    this.link = link;
    this.lastError = null;
    this.phase = 'lobby';
    this.stopLoop = startFrameLoop(this.win, () => {
      session.client.step();
      // Without a renderer someone still has to take the view each frame (debug API, events).
      if (!this.game) session.client.view();
    });
    session.onEnd((failure) => this.ended(failure));
    const lobby = lobbyScreen(this.doc, {
      isHost: session.isHost,
      link,
      localId: session.client.localId,
      started: session.started(),
      onStart: () => this.startMatch(),
      onKick: (id) => session.kick(id),
      onLeave: () => session.leave(),
      onEnterMatch: () => this.enterMatch(),
    });
    this.lobby = lobby;
    const refresh = (): void => {
      lobby.update(session.players(), session.started());
      if (!session.isHost && session.started() && this.phase === 'lobby') this.enterMatch();
    };
    session.onChange(refresh);
    refresh();
    if (this.phase === 'lobby') this.show(lobby.element);
  }

  private enterMatch(): void {
    const session = this.session;
    if (!session || this.phase === 'match') return;
    this.phase = 'match';
    const screen = this.doc.createElement('div');
    screen.id = 'match-screen';
    screen.style.cssText = 'position:fixed;inset:0';
    this.show(screen);
    if (this.config.render) this.game = mountGame(screen, gameHostFor(session, () => session.leave()), { pointerAt: this.pointerAt });
    else screen.textContent = 'Match running (render=0: no canvas).';
  }

  private teardown(): void {
    this.stopLoop?.();
    this.stopLoop = null;
    this.game?.destroy();
    this.game = null;
    this.lobby = null;
    this.session = null;
  }

  private ended(failure: JoinFailure | null): void {
    this.teardown();
    if (!failure) {
      this.link = null;
      return this.showStart();
    }
    this.fail(failure);
  }

  private fail(failure: JoinFailure): void {
    this.teardown();
    this.phase = 'ended';
    this.lastError = failureText(failure);
    this.show(
      messageScreen(this.doc, this.lastError, () => {
        // Back to a clean start screen: a failed join link should not immediately retry.
        this.win.location.hash = '';
        this.config.joinRoomId = null;
        this.showStart();
      }),
    );
  }
}
