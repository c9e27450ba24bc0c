/**
 * The page's controller: start screen → (create | join) → lobby → match, and every failure to
 * the message screen with a way back. Owns the current LobbySession, its frame loop, the
 * mounted renderer, and publishes `window.rewind`. A tab that was in a lobby when it reloaded
 * joins it again by itself, to its old seat (seat-token.ts; the seat key pair proves it: seat-key-pair.ts).
 *
 * Inputs: the page config, the document/window. Outputs: screens in `root`, `window.rewind`.
 * Invariant: at most one session at a time; ending it (leave, kick, host left, failure) stops
 * the loop and the renderer before the next screen appears. The name is remembered across
 * reloads; a failure while joining keeps the lobby link, so "Back" shows its join form again.
 */
import { createChatBox, type ChatBox } from '../game/chat-box';
import { mountGame } from '../game/mount';
import { matchScreen, mountGameView, type WayOut } from './game-view';
import type { ClientPoint } from '../game/pointer-tracker';
import { createPracticeHost } from '../game/practice-host';
import { failureHelp, failureText, type JoinFailure } from '../lobby/failures';
import { markSeated, wasSeated } from '../lobby/seat-token';
import { linkWarnings } from '../lobby/link-warnings';
import { createDebugApi, type AppState, type Phase } from './debug-api';
import { startFrameLoop } from './frame-loop';
import { lobbyRulesForm, matchMount, type MountedGame } from './match-mount';
import { createLobby, joinLobbyOf, watchLobbyOf, type LobbyEntry } from './lobby-entry';
import { showWhenLive, type SpectatorSession } from './spectate-view';
import type { LobbySession } from './lobby-session';
import { loadPageConfig, type PageConfig } from './page-config';
import { canRunLobbies, pageProblems } from './page-checks';
import { watchLinkFailures } from './lobby-notices';
import { IceRefresher } from './ice-refresh';
import { loadName, pageStorage, saveName, tabStorage } from './remembered-name';
import { lobbyScreen, messageScreen, startScreen, type HelpLink, type LobbyScreen } from './screens';
import { signalingBanner } from './signaling-banner';
import { gameFromQuery, type GameChoice } from './session-games';
import { loadReplayFile, mountReplay, type WatchedReplay } from './replay-watch';

export class App implements AppState {
  phase: Phase = 'start';
  session: LobbySession | null = null;
  link: string | null = null;
  lastError: string | null = null;
  /** Shown in place of the game when this browser cannot draw it (no WebGL); null while it draws. */
  renderError: string | null = null;
  private stopLoop: (() => void) | null = null;
  /** The lobby's watchers (link failures on the host, fresh TURN credentials), stopped on teardown. */
  private stopWatches: Array<() => void> = [];
  private readonly ice: IceRefresher;
  private game: MountedGame | null = null;
  /** The replay being watched (its controls and playback, for the debug API), or null. */
  watched: WatchedReplay | null = null;
  spectator: SpectatorSession | null = null;
  private lobby: LobbyScreen | null = null;
  private lobbyChat: ChatBox | null = null;
  /** Where the mouse last was, so the match's crosshair starts there (issue 12). */
  private pointer: ClientPoint | null = null;
  private readonly doc: Document;
  private readonly banner;
  /** "Alice's connection was lost — finding the new host…" while a host migration runs. */
  private readonly migrationBanner;
  /** What "Create lobby" and joining need of this controller (lobby-entry.ts). */
  private readonly entry: LobbyEntry;
  /** The page is going away (reload, tab closed): leaving now is not the player's choice. */
  private unloading = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly win: Window,
    private readonly config: PageConfig,
  ) {
    this.doc = root.ownerDocument;
    this.banner = signalingBanner(this.doc);
    this.migrationBanner = signalingBanner(this.doc, 'migration-status');
    const holders = (): PageConfig['signaling'][] => [this.config.signaling, this.config.defaultSignaling];
    this.ice = new IceRefresher(
      holders,
      async () => (await loadPageConfig(new URL(win.location.href), win.fetch.bind(win))).signaling.iceServers,
      () => Date.now() / 1000,
    );
    this.entry = {
      win,
      doc: this.doc,
      config,
      ice: this.ice,
      banner: this.banner,
      migrationBanner: this.migrationBanner,
      setPhase: (phase) => void (this.phase = phase),
      show: (el) => this.show(el),
      fail: (failure, keepLink) => this.fail(failure, keepLink),
      enterLobby: (session, link) => this.enterLobby(session, link),
      enterWatch: (session) => {
        this.spectator = session;
        session.onEnd((failure) => ((this.spectator = null), this.ended(failure)));
        showWhenLive(this.doc, session, (el) => this.show(el), this.showGame.bind(this));
      },
    };
    (win as unknown as { rewind: unknown }).rewind = createDebugApi(this);
    // Closing the tab: say goodbye properly so the others see it at once, not after a timeout.
    win.addEventListener('pagehide', () => {
      this.unloading = true;
      (this.session ?? this.spectator)?.leave();
    });
    const track = (e: PointerEvent): void => {
      if (e.pointerType !== 'touch') this.pointer = { clientX: e.clientX, clientY: e.clientY };
    };
    win.addEventListener('pointermove', track, { passive: true });
    win.addEventListener('pointerdown', track, { passive: true });
  }

  showStart(): void {
    this.phase = 'start';
    const target = this.config.joinTarget;
    const name = this.config.defaultName || loadName(pageStorage(this.win));
    // Reloaded in a lobby: back to the seat at once, with the name it had (no form, no password).
    if (target && name && canRunLobbies(this.win) && wasSeated(tabStorage(this.win)(), target.roomId))
      return void joinLobbyOf(this.entry, target.roomId, name, '');
    const warnings = target
      ? linkWarnings(this.config.signaling, this.config.defaultSignaling, target.hostKey)
      : { sentences: [], serversDiffer: false };
    this.show(
      startScreen(this.doc, {
        joinRoomId: this.config.joinRoomId,
        defaultName: name,
        defaultMaxPlayers: this.config.cvars.sv_maxplayers,
        notices: this.config.notices,
        problems: pageProblems(this.win),
        linkWarnings: warnings.sentences,
        onUsePageServers: warnings.serversDiffer ? () => (this.config.signaling = this.config.defaultSignaling) : null,
        defaultGame: gameFromQuery(this.win.location.search),
        onCreate: (name, password, max, game) => void createLobby(this.entry, this.remember(name), password, max, game),
        onJoin: (room, name, password) => void joinLobbyOf(this.entry, room, this.remember(name), password),
        onWatch: (room, name, password) => void watchLobbyOf(this.entry, room, this.remember(name), password),
        onPractice: (name) => this.practice(this.remember(name)),
        onWatchReplay: (file) => void this.watch(file),
        onForgetLink: () => this.forgetLink(),
      }),
    );
  }

  /** Host: start the match (with the lobby form's rules when given) and enter it. */
  startMatch(rules?: Readonly<Record<string, unknown>>): void {
    if (!this.session?.isHost) return;
    this.session.startMatch(rules);
    this.enterMatch();
  }

  leave(): void {
    (this.session ?? this.spectator)?.leave();
  }

  private remember(name: string): string {
    saveName(pageStorage(this.win), name);
    // A ?name= in the URL was a one-off: from now on the typed name is the default.
    this.config.defaultName = name;
    return name;
  }

  private forgetLink(): void {
    this.win.location.hash = '';
    this.config.joinRoomId = null;
    this.showStart();
  }

  /** Practice: the shared sim with scripted bots in this page, no lobby, no network, no worker. */
  private practice(name: string): void {
    const host = (back: () => void) => createPracticeHost({ name, bots: 3, onLeave: back });
    this.offline('practice', (screen, back) => mountGame(screen, host(back), { initialPointer: this.pointer }));
  }

  /** A replay file: checked whole, then played with its game's renderer (replay-watch.ts), or why not. */
  private async watch(file: File): Promise<void> {
    const opened = await loadReplayFile(file);
    if (!opened.ok) return this.message(`This replay cannot be played: ${opened.error}.`, () => this.showStart());
    this.offline('replay', (screen, back) => (this.watched = mountReplay(screen, opened.value, back)));
  }

  /** A screen without a lobby (practice, a replay): `mount` draws it; Back returns to the start screen. */
  private offline(phase: Phase, mount: (screen: HTMLElement, back: () => void) => MountedGame): void {
    this.phase = phase;
    const screen = matchScreen(this.doc);
    this.show(screen);
    const back = (): void => {
      this.game?.destroy();
      this.game = null;
      this.watched = null;
      this.renderError = null;
      this.showStart();
    };
    this.showGame(screen, () => mount(screen, back), { label: 'Back to the start screen', onClick: back });
  }

  /** The game in `screen`, or the message that this browser cannot draw it (game-view.ts). */
  private showGame(screen: HTMLElement, mount: () => MountedGame, wayOut: WayOut): void {
    const view = mountGameView(screen, mount, wayOut);
    this.game = view.game;
    this.renderError = view.error;
  }

  private show(el: HTMLElement): void {
    this.root.replaceChildren(el);
  }

  private enterLobby(session: LobbySession, link: string): void {
    this.session = session;
    this.link = link;
    this.lastError = null;
    this.phase = 'lobby';
    // The renderer's frames drive the client once it draws (GameHost.frame); this loop stands in
    // whenever none has run for a while: in the lobby, without a canvas or WebGL, in a hidden tab.
    this.stopLoop = startFrameLoop(this.win, () => session.client.idleFrame());
    session.onEnd((failure) => this.ended(failure));
    const lobby = lobbyScreen(this.doc, {
      isHost: session.isHost,
      link,
      localId: session.client.localId,
      started: session.started(),
      controls: session.matchControls,
      rulesForm: lobbyRulesForm(this.doc, session),
      onStart: (rules) => this.startMatch(rules),
      onKick: (id) => session.kick(id),
      successorChoice: {
        isChosen: (id) => session.chosenSuccessors?.().includes(id) ?? false,
        choose: (id, yes) => session.chooseSuccessor?.(id, yes),
      },
      onLeave: () => session.leave(),
      onEnterMatch: () => this.enterMatch(),
    });
    this.lobby = lobby;
    this.stopWatches.push(
      watchLinkFailures(() => session.hostCounters(), lobby),
      this.ice.keepFresh(),
    );
    this.lobbyChat = createChatBox(this.doc, this.doc, session.chat, 'lobby');
    lobby.element.insertBefore(this.lobbyChat.element, lobby.element.querySelector('#lobby-status'));
    const refresh = (): void => {
      lobby.update(session.players(), session.started(), session.watchers?.());
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
    this.lobbyChat?.destroy();
    this.lobbyChat = null;
    const screen = matchScreen(this.doc);
    this.show(screen);
    const leave = (): void => session.leave();
    if (this.config.render)
      this.showGame(screen, matchMount(session, screen, leave, this.pointer), {
        label: 'Leave the match',
        onClick: leave,
      });
    else screen.textContent = 'Match running (render=0: no canvas).';
  }

  private teardown(): void {
    for (const stop of this.stopWatches.splice(0)) stop();
    this.stopLoop?.();
    this.stopLoop = null;
    this.game?.destroy();
    this.game = null;
    this.renderError = null;
    this.lobbyChat?.destroy();
    this.lobbyChat = null;
    this.lobby = null;
    this.session = null;
    this.banner.remove();
    this.migrationBanner.remove();
  }

  private ended(failure: JoinFailure | null): void {
    const roomId = this.session?.roomId;
    // Left on purpose, kicked, or the lobby ended: a reload starts afresh. Unloading: it comes back.
    if (roomId && !this.unloading) markSeated(tabStorage(this.win)(), roomId, false);
    this.teardown();
    if (!failure) {
      this.link = null;
      return this.showStart();
    }
    this.fail(failure);
  }

  /** `keepLink`: the failure was a refusal to join, so Back returns to the link's join form. */
  private fail(failure: JoinFailure, keepLink = false): void {
    this.teardown();
    // After a refusal Back shows the link's join form (nothing is retried until Join is clicked
    // again); after a lobby ended (host left, kicked) it shows a clean create form.
    this.message(failureText(failure), () => (keepLink ? this.showStart() : this.forgetLink()), failureHelp(failure));
  }

  /** The message screen (`lastError` says it too), with a way back. */
  private message(text: string, back: () => void, help: HelpLink | null = null): void {
    this.phase = 'ended';
    this.lastError = text;
    this.show(messageScreen(this.doc, text, back, help));
  }
}
