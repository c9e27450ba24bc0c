/** The netcode's unit of time: an integer simulation tick (seconds appear only at the edges). */
export type Tick = number;
