/**
 * The ways into a lobby from the start screen: "Create lobby" (this page becomes the host and
 * gets the lobby link), joining one by its room id, and watching one (issue 24, a spectator). They
 * end in `enterLobby` with a MigratingSession (`enterWatch` with a SpectatorSession), or in `fail`
 * with what went wrong; the page controller (app.ts) owns the screens and the session, this file
 * only the steps between.
 */
import type { JoinFailure } from '../lobby/failures';
import { lobbyBrowserToken } from '../lobby/browser-token';
import { markSeated } from '../lobby/seat-token';
import { loadSeatKeyPair } from '../lobby/seat-key-pair';
import { seatKeyOf } from '../lobby/seat-key';
import type { SeatKeyPair } from '../lobby/seat-proof';
import { joinLobby } from '../lobby/join';
import { lobbyLink, type LobbyTarget } from '../lobby/link';
import { normalizeName } from '../lobby/player-name';
import { cryptoRandomBytes, newRoomId } from '../lobby/room-id';
import { signalingNotice, type SignalingState } from '../lobby/signaling-reconnect';
import { CVARS } from '../config/cvars';
import { DEFAULT_MAP } from '../sim/map';
import type { Phase } from './debug-api';
import { PUSHBALL_MAP_NAME, type GameChoice } from './session-games';
import { createHostSession } from './host-session';
import type { IceRefresher } from './ice-refresh';
import type { LobbySession } from './lobby-session';
import { MigratingSession, type MigrationContext } from './migrating-session';
import type { PageConfig } from './page-config';
import { canRunLobbies } from './page-checks';
import { pageStorage, tabStorage } from './remembered-name';
import { spectate, type SpectatorSession } from './spectator-session';
import { QUICK_JOIN } from './link-recovery';
import { busyScreen } from './screens';
import type { SignalingBanner } from './signaling-banner';

/** What the steps need of the page controller. */
export interface LobbyEntry {
  readonly win: Window;
  readonly doc: Document;
  readonly config: PageConfig;
  readonly ice: IceRefresher;
  readonly banner: SignalingBanner;
  readonly migrationBanner: SignalingBanner;
  setPhase(phase: Phase): void;
  show(el: HTMLElement): void;
  fail(failure: JoinFailure, keepLink?: boolean): void;
  enterLobby(session: LobbySession, link: string): void;
  /** Watching (issue 24): the spectator's session, joined. */
  enterWatch(session: SpectatorSession): void;
}

/** Create lobby: the host's server, its lobby link, and the host's own seat in it. */
export async function createLobby(
  app: LobbyEntry,
  name: string,
  password: string,
  maxPlayers: number,
  game: GameChoice = 'arena',
): Promise<void> {
  if (!canRunLobbies(app.win)) return app.fail({ kind: 'insecure-context' });
  app.setPhase('connecting');
  app.show(busyScreen(app.doc, 'Starting the server and opening the lobby…'));
  await app.ice.ensureFresh();
  const roomId = newRoomId();
  const max = Number.isFinite(maxPlayers)
    ? Math.min(Math.max(Math.round(maxPlayers), CVARS.sv_maxplayers.min), CVARS.sv_maxplayers.max)
    : CVARS.sv_maxplayers.default;
  const checked = normalizeName(name);
  if (!checked.ok) return app.fail({ kind: 'bad-name', problem: checked.problem });
  // The host's own seat key pair: a successor seats it there if this page comes back as a player.
  const seat = await loadSeatKeyPair(tabStorage(app.win)(), roomId, app.win.crypto);
  let session: MigratingSession | null = null;
  const onSignaling = (st: SignalingState): void => app.banner.show(signalingNotice(st));
  const r = await createHostSession({
    signaling: app.config.signaling,
    roomId,
    name: checked.name,
    password,
    maxPlayers: max,
    cvars: app.config.cvars,
    // The welcome's map name tells joiners which game this lobby plays (session-games.ts).
    mapName: game === 'pushball' ? PUSHBALL_MAP_NAME : DEFAULT_MAP.name,
    seatKey: await seatKeyOf(seat.publicRaw, app.win.crypto),
    onSignaling,
    onReplaced: () => session?.replaced(),
  });
  if (!r.ok) return app.fail(r.failure);
  const browserToken = await lobbyBrowserToken(pageStorage(app.win)(), cryptoRandomBytes, roomId, app.win.crypto);
  const ctx = migrationContext(app, { roomId, hostKey: r.hostKey }, checked.name, seat, browserToken);
  session = new MigratingSession(() => r.session, ctx);
  const loc = app.win.location;
  app.enterLobby(
    session,
    lobbyLink({ origin: loc.origin, pathname: loc.pathname, search: loc.search }, roomId, r.hostKey),
  );
}

/** Join a lobby by its room id (and the host's key from the link, when the page has it). */
export async function joinLobbyOf(app: LobbyEntry, roomId: string, name: string, password: string): Promise<void> {
  // Our own name rules first: a name the host would refuse is said at once, before any network.
  const checked = normalizeName(name);
  if (!checked.ok) return app.fail({ kind: 'bad-name', problem: checked.problem }, true);
  if (!canRunLobbies(app.win)) return app.fail({ kind: 'insecure-context' }, true);
  app.setPhase('connecting');
  app.show(busyScreen(app.doc, `Joining lobby ${roomId}…`));
  await app.ice.ensureFresh();
  const target = app.config.joinTarget?.roomId === roomId ? app.config.joinTarget : { roomId, hostKey: null };
  const browserToken = await lobbyBrowserToken(pageStorage(app.win)(), cryptoRandomBytes, roomId, app.win.crypto);
  const seat = await loadSeatKeyPair(tabStorage(app.win)(), roomId, app.win.crypto);
  const r = await joinLobby({
    signaling: app.config.signaling,
    target,
    name: checked.name,
    password,
    browserToken,
    seat,
    crypto: app.win.crypto,
    migration: true,
  });
  markSeated(tabStorage(app.win)(), roomId, r.ok);
  // A refusal keeps the link: Back shows its join form again (wrong password, lobby full…).
  if (!r.ok) return app.fail(r.failure, true);
  const session = new MigratingSession(
    (self) => self.joinSession(r.joined),
    migrationContext(app, target, checked.name, seat, browserToken),
  );
  app.enterLobby(session, app.win.location.href);
}

/**
 * Watch a lobby by its room id (issue 24): the same handshake with the hello's watch bit, no seat
 * (nothing marked seated); the host answers with spectator frames. If the host goes, the watch
 * follows the lobby to its new host by watching the same link again (spectator-session.ts).
 */
export async function watchLobbyOf(app: LobbyEntry, roomId: string, name: string, password: string): Promise<void> {
  const checked = normalizeName(name);
  if (!checked.ok) return app.fail({ kind: 'bad-name', problem: checked.problem }, true);
  if (!canRunLobbies(app.win)) return app.fail({ kind: 'insecure-context' }, true);
  app.setPhase('connecting');
  app.show(busyScreen(app.doc, `Opening lobby ${roomId} to watch…`));
  await app.ice.ensureFresh();
  const target = app.config.joinTarget?.roomId === roomId ? app.config.joinTarget : { roomId, hostKey: null };
  const browserToken = await lobbyBrowserToken(pageStorage(app.win)(), cryptoRandomBytes, roomId, app.win.crypto);
  const watch = (quick = {}): ReturnType<typeof joinLobby> =>
    joinLobby({
      signaling: app.config.signaling,
      target,
      name: checked.name,
      password,
      browserToken,
      seat: null,
      crypto: app.win.crypto,
      watch: true,
      ...quick,
    });
  const r = await watch();
  if (!r.ok) return app.fail(r.failure, true);
  app.setPhase('watching');
  // After a host migration the same link leads to the new host: watch it again (quick attempts).
  app.enterWatch(spectate(r.joined, roomId, () => watch(QUICK_JOIN)));
}

/** What a migration needs to join or claim this lobby again (migrating-session.ts). */
function migrationContext(
  app: LobbyEntry,
  target: LobbyTarget,
  name: string,
  seat: SeatKeyPair,
  browserToken: string,
): MigrationContext {
  return {
    signaling: app.config.signaling,
    target,
    name,
    browserToken,
    seat,
    crypto: app.win.crypto,
    cvars: app.config.cvars,
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    onSignaling: (st) => app.banner.show(signalingNotice(st)),
    onMigrating: (text) => app.migrationBanner.show(text),
  };
}
