/**
 * The games this page can play, as the page's client session drives them: which netcode client
 * game runs (its wire, commands, prediction and view), the input that means "hands off", and how a
 * debug-API script (`window.rewind.input`) becomes that game's input. The page is the one place
 * (with the worker entries) that names the games; everything below it is the netcode's.
 *
 * Which game a lobby plays travels in the welcome's map name (docs/PROTOCOL.md "Other games on
 * the same netcode"): `pushball` is Pushball's pitch, any other name an arena map. So a joiner
 * learns it from the host, never from the link it was given.
 */
import type { ClientGame, ClientGameTypes } from '../client/client-game';
import { arenaClientGame } from '../arena/client/arena-client-game';
import type { ArenaClientTypes } from '../arena/client/arena-client-types';
import { pushballClientGame, type PushballClientTypes } from '../pushball/client/pushball-client-game';
import { arenaScriptInput, pushballScriptInput, type ScriptedInput } from './scripted-input';
import { WEAPON_KEEP, type PlayerId } from '../sim/types';
import type { Cvars } from '../config/cvars';
import { decodeCheckpoint } from '../arena/protocol/checkpoint-codec';
import { decodeCoreCheckpoint } from '../protocol/core-checkpoint-codec';
import type { DecodeResult } from '../protocol/wire';
import { PUSHBALL_COMMANDS } from '../pushball/protocol/pushball-commands';
import type { Channel } from '../transport/channel';
import type { Timers } from '../transport/conditioned-channel';
import { ClientSession, type SessionHooks } from './client-session';

export type { ScriptedInput } from './scripted-input';

/** The games of the site: what the start screen's "Game" choice and the worker entries name. */
export type GameChoice = 'arena' | 'pushball';

export const GAME_CHOICES: ReadonlyArray<{ id: GameChoice; label: string }> = [
  { id: 'arena', label: 'Arena shooter' },
  { id: 'pushball', label: 'Pushball (2–4 friends, one ball)' },
];

/** The map name a Pushball lobby's welcome carries (its one pitch). */
export const PUSHBALL_MAP_NAME = 'pushball';

/** A game's client types as the session needs them: its view carries the frame's new events. */
export type SessionTypes = ClientGameTypes & { view: { events: readonly unknown[] } };

/** One event of a game's view. */
export type ViewEventOf<T extends SessionTypes> = T['view']['events'][number];

/** A game as the client session plays it. */
export interface SessionGame<T extends SessionTypes> {
  readonly id: GameChoice;
  readonly client: ClientGame<T>;
  /** The input of a player who touches nothing. */
  readonly idle: T['input'];
  copyInput(input: T['input']): T['input'];
  /** The lobby's secrets a migration checkpoint of this game carries (its host-secrets blob), or why not. */
  lobbyKeyOf(checkpoint: Uint8Array): DecodeResult<Uint8Array>;
  /** A running script's input for this frame, read against the last view (null before the first). */
  scripted(spec: ScriptedInput, view: T['view'] | null): T['input'];
}

function lobbyKeyIn(r: DecodeResult<{ lobbyKey: Uint8Array }>): DecodeResult<Uint8Array> {
  return r.ok ? { ok: true, value: r.value.lobbyKey } : r;
}

export const ARENA_SESSION: SessionGame<ArenaClientTypes> = {
  id: 'arena',
  client: arenaClientGame,
  idle: { moveX: 0, moveY: 0, aim: 0, buttons: 0, weaponSelect: WEAPON_KEEP },
  copyInput: (input) => ({ ...input }),
  lobbyKeyOf: (bytes) => lobbyKeyIn(decodeCheckpoint(bytes)),
  scripted: arenaScriptInput,
};

export const PUSHBALL_SESSION: SessionGame<PushballClientTypes> = {
  id: 'pushball',
  client: pushballClientGame,
  idle: { moveX: 0, moveY: 0, buttons: 0 },
  copyInput: (input) => ({ ...input }),
  // Pushball migrates through the netcode's core checkpoint (src/server/core-migration.ts).
  lobbyKeyOf: (bytes) => lobbyKeyIn(decodeCoreCheckpoint(PUSHBALL_COMMANDS, bytes)),
  scripted: pushballScriptInput,
};

/** The session game of a choice. */
export function sessionGame(choice: GameChoice): SessionGame<ArenaClientTypes> | SessionGame<PushballClientTypes> {
  return choice === 'pushball' ? PUSHBALL_SESSION : ARENA_SESSION;
}

/** The game a lobby plays, from the map name its welcome (or checkpoint) carries. */
export function gameOfMap(mapName: string): GameChoice {
  return mapName === PUSHBALL_MAP_NAME ? 'pushball' : 'arena';
}

/** The start screen's choice from the page URL's `?game=` (anything else: the arena). */
export function gameFromQuery(search: string): GameChoice {
  return new URLSearchParams(search).get('game') === 'pushball' ? 'pushball' : 'arena';
}

/** A page's client session, whichever game its lobby plays. */
export type AnyClientSession = ClientSession<ArenaClientTypes> | ClientSession<PushballClientTypes>;

/** A new client session for `choice` (the other arguments as ClientSession's). */
export function newClientSession(
  choice: GameChoice,
  ...args: [PlayerId, number, Cvars, Channel, Timers, SessionHooks]
): AnyClientSession {
  return choice === 'pushball'
    ? new ClientSession(...args, PUSHBALL_SESSION)
    : new ClientSession(...args, ARENA_SESSION);
}

export function isArenaSession(c: AnyClientSession): c is ClientSession<ArenaClientTypes> {
  return c.game.id === 'arena';
}

export function isPushballSession(c: AnyClientSession): c is ClientSession<PushballClientTypes> {
  return c.game.id === 'pushball';
}
