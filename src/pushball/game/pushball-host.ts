/**
 * The contract between Pushball's renderer (src/pushball/game) and the page that runs a match:
 * who the local player is, the names to draw, one call per drawn frame (input in, view out), and
 * leaving. Nothing about transport: the page implements it over a NetClient, tests over anything.
 */
import type { ChatFeed } from '../../game/game-host';
import type { PushballView, PushInput } from '../client/pushball-client-game';

export interface PushballHost {
  readonly localId: number;
  /** Player names by id (text only: never interpreted as markup). */
  names(): ReadonlyMap<number, string>;
  /** One call per drawn frame: input sampled this frame in, the view to draw out. */
  frame(nowMs: number, input: PushInput): PushballView;
  /** Leave the match and go back to the start screen. */
  leave(): void;
  /** The next match: whether this page may start it now (the lobby's host), and starting it; offered once a match is over. */
  rematch?: { allowed(): boolean; start(): void };
  /** A replay is watched, not a match played: no ping, no controls hint, no "Leave the match" (the replay bar has Back). */
  readonly watching?: boolean;
  /** The replay of the match (the host's "Download replay" once it is over); absent: none. */
  replay?(): Promise<Uint8Array | null>;
  /** The lobby's chat, when there is one: the renderer shows a chat box (T opens it). */
  chat?: ChatFeed;
}
