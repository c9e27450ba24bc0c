/**
 * The 'debug' control message (host → a client that asked, reliable; docs/PROTOCOL.md): lag
 * compensation made visible for sv_showhitboxes. The other players' hitboxes at a server tick and
 * what the server tested for the client's last hitscan shot, in the netcode's Hitbox shape
 * (hitbox.ts), so any game with lag compensation can send it. debug-codec.ts is its body's codec.
 */
import type { Hitbox } from './hitbox';
import type { PlayerId, Tick } from './ids';

/** How the server chose the view time it rewound a shot to (mirrors the lag compensator's answer). */
export type RewindAdjustmentWire = 'none' | 'estimate' | 'clamped';

/** What the server tested for one client's last hitscan shot (lag compensation made visible). */
export interface RewindDebugWire {
  /** Server tick the shot was fired on. */
  tick: Tick;
  /** View time the command claimed, and the one the server tested (ticks, on a 1/256 grid). */
  claimedViewTime: number;
  viewTime: number;
  adjustment: RewindAdjustmentWire;
  lagCompensated: boolean;
  /** The other players' hitboxes as the server tested them. */
  hitboxes: Hitbox[];
  hit: PlayerId | null;
}

/**
 * Host → client, reliable, about 10 times a second and only to a client whose 'settings' said
 * `debug: true`: the other players' hitboxes at server tick `tick` and the client's last rewind.
 */
export interface DebugMessage {
  type: 'debug';
  tick: Tick;
  hitboxes: Hitbox[];
  rewind: RewindDebugWire | null;
}
