/** The simulated-match harness: a server and clients over conditioned links on a virtual clock. */
export { Match, DEFAULT_SERVER, type MatchOptions } from './match';
export { Link, type LinkSettings } from './link';
export type { HarnessClient } from './harness-client';
export { BotClient, type BotContext, type BotOptions, type BotScript, type CmdInput } from './bot-client';
export { SnapshotReceiver, type HistoryPoint } from './snapshot-receiver';
export { stateAt } from './interpolate';
export { openArena, wander, aimAt } from './scripts';
