/**
 * The contract between the renderer (src/game) and the page's wiring (src/app): everything the
 * game screen needs, and nothing about transport. The wiring implements it for a real match over
 * WebRTC; tests and a practice mode can implement it over a local server.
 */
import type { ClientView, InputSample } from '../arena/client/view-model';
import type { CvarIssue, Cvars } from '../config/cvars';
import type { Hitbox, PlayerId } from '../sim/types';
import type { MatchRules } from '../sim/match-types';
import type { LeaveChoice } from './menu';
import type { CheckpointInfo } from './net-graph-model';

/** What the host's server tested for the local player's last lag-compensated shot (debug overlay). */
export interface RewindDebug {
  /** Server tick the shot was fired on, and the view time it was rewound to (ticks, fractional). */
  tick: number;
  viewTime: number;
  hitboxes: Hitbox[];
  hit: PlayerId | null;
  /** The view time the shot's command claimed, and how the server settled on `viewTime` (when known). */
  claimedViewTime?: number;
  adjustment?: 'none' | 'estimate' | 'clamped';
  /** False when sv_lagcompensation was 0: the hitboxes are the live ones (when known). */
  lagCompensated?: boolean;
}

/** One chat line as shown: who said it (name at the time), the text, or a notice from the lobby itself. */
export interface ChatLine {
  from: PlayerId;
  name: string;
  text: string;
  /** A notice from the host (a warning, a join), not a player's words. */
  system: boolean;
}

/** The lobby's chat as the screens see it (src/app keeps the log; text only, never markup). */
export interface ChatFeed {
  /** Sends a line (the host relays it to everyone, this page included, if it accepts it). */
  send(text: string): void;
  /** The newest lines, oldest first (bounded). */
  lines(): readonly ChatLine[];
  /** Called for each new line; returns the unsubscribe function. */
  onLine(cb: (line: ChatLine) => void): () => void;
}

/** The host's hand on the match (the lobby's host only): rules for the next match, and bots. */
export interface MatchControls {
  /** The rules last used or chosen (what the forms start with). */
  rules(): MatchRules;
  /** Starts the next match for everyone with these rules (untrusted: the server clamps them). */
  start(rules: Partial<Record<keyof MatchRules, unknown>>): void;
  addBot(): Promise<void> | void;
  removeBot(): Promise<void> | void;
  botCount(): number;
}

export interface GameHost {
  readonly localId: PlayerId;
  /** Player names by id (text only: never interpret as HTML). */
  names(): ReadonlyMap<PlayerId, string>;
  /** Round-trip times in ms by id, for the scoreboard. */
  pings(): ReadonlyMap<PlayerId, number>;
  /**
   * One frame, called exactly once per drawn frame: `input` (sampled for this frame) drives the
   * commands owed at `nowMs`, then the view to draw is returned (its events are new since the last
   * frame). Input goes in before the view comes out, so a key pressed for this frame moves the local
   * player in this frame's view whenever a command (a tick) is owed.
   */
  frame(nowMs: number, input: InputSample): ClientView;
  cvars(): Readonly<Cvars>;
  /** Sets a cvar live; returns the problem (clamped, unknown) to show, or null. */
  setCvar(name: string, value: number | string): CvarIssue | null;
  /** Host-time hitboxes of the other players (sv_showhitboxes), when available. */
  serverHitboxes(): Hitbox[] | null;
  /** The rewind the server did for the local player's last shot, when available. */
  lastRewind(): RewindDebug | null;
  /** Leave the match and go back to the start screen. */
  leave(): void;
  /** Ends the kill-cam now (Space, or a tap on its Skip button); absent where there are none. */
  skipKillCam?(): void;
  /**
   * The host of a running match with a successor: the ways to leave it ("Hand the match to
   * <name>", "End the match for everyone"); empty or absent: Leave leaves at once.
   */
  leaveChoices?(): LeaveChoice[];
  /** Host migration's line in the net graph: checkpoint age and interval; null or absent: no line. */
  checkpoint?(): CheckpointInfo | null;
  /** The lobby's chat, when there is one (not in practice). */
  chat?: ChatFeed;
  /** The host's match controls (end screen); null or absent on joiners and in practice. */
  matchControls?(): MatchControls | null;
  /** The replay of the match (the host's end screen offers it for download); absent: none. */
  replay?(): Promise<Uint8Array | null>;
  /** This is a replay being watched, not a match being played (the end screen waits for nobody). */
  readonly watching?: boolean;
}
