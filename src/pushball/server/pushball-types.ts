/**
 * The types Pushball brings to the netcode's server table (ServerGame, src/server/server-game.ts):
 * its world, command and events (the sim's), the rules block every snapshot carries, the host's
 * match-start request and answer, a migration checkpoint's game part and the stats report.
 *
 * Everything here is plain data. The rules block holds integers only (ticks, goals, ids, the phase),
 * so a codec can carry it field by field with no rounding.
 */
import type { ServerGameTypes } from '../../server/server-game';
import type { PitchPhase, PitchWorld, PushEvent, SanitizedPushCmd, SettingIssue } from '../sim';
import type { PushballWireTypes } from '../protocol/pushball-wire';
import type { PushballRulesBlock } from '../protocol/rules-block';

/** What the factory reads of the server's settings (a ServerSettings object fits). */
export interface PushballServerSettings {
  /** Ticks per second; the sim clamps it into 20..128. */
  tickrate: number;
  /** Varies the bots' play between servers (integer; default 0). */
  seed?: number;
  /** The first match's settings (the sim's defaults when missing). */
  goalsToWin?: number;
  matchSeconds?: number;
}

/** The match settings a host may choose (the tickrate is the server's, fixed at creation). */
export interface PushballMatchSettings {
  goalsToWin: number;
  /** Whole seconds of play (the clock stops outside play). */
  matchSeconds: number;
}

/** Untrusted: any field may be missing (keeps the current match's value) or junk (clamped, reported). */
export type PushballStartRequest = Partial<Record<keyof PushballMatchSettings | 'tickrate', unknown>>;

/** The settings the new match uses, and each requested value that was not used as given. */
export interface PushballStarted {
  settings: PushballMatchSettings;
  issues: SettingIssue[];
}

export type { PushballRulesBlock } from '../protocol/rules-block';

/** A migration checkpoint's game part: with it a fresh game continues the match bit for bit. */
export interface PushballCore {
  world: PitchWorld;
  /** Bot ids, ascending: they keep playing (their commands come from the world, the tick and the seed). */
  bots: number[];
  seed: number;
  seq: number;
}

/** The game's part of the stats report. */
export interface PushballReport {
  players: number;
  bots: number;
  seq: number;
  phase: PitchPhase;
  scores: [number, number];
  clockTicksLeft: number;
}

export interface PushballTypes extends ServerGameTypes {
  world: PitchWorld;
  wire: PushballWireTypes;
  cmd: SanitizedPushCmd;
  event: PushEvent;
  rules: PushballRulesBlock;
  startRequest: PushballStartRequest;
  started: PushballStarted;
  core: PushballCore;
  report: PushballReport;
}
