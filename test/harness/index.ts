/** The simulated-match harness: a server and clients over conditioned links on a virtual clock. */
export { Match, DEFAULT_SERVER, type MatchOptions } from './match';
export { Link, type LinkSettings } from './link';
export type { HarnessClient } from './harness-client';
export { BotClient, type BotContext, type BotOptions, type BotScript, type CmdInput } from '../../src/bots/bot-client';
export { SnapshotReceiver, type HistoryPoint } from '../../src/bots/snapshot-receiver';
export { stateAt } from '../../src/bots/interpolate';
export { wander, aimAt, skirmish } from '../../src/bots/scripts';
export { openArena } from './arena';
export { recordServerTruth, type ServerTruth } from './server-truth';
