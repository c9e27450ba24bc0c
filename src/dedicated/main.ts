/**
 * `npm run host`: the headless dedicated host's entry point. Parses the command line and the
 * environment (src/dedicated/options.ts), installs the Node WebRTC and WebSocket globals PeerJS
 * needs (before anything imports PeerJS, hence the dynamic import), runs the lobby, and turns
 * SIGTERM/SIGINT into a clean shutdown that tells every joiner why (before the lobby is up, e.g.
 * while it waits for the PeerServer, a signal just stops the retries).
 *
 * Exit codes: 0 after a clean stop, 1 when the host could not start, 2 for bad options.
 */
import { parseDedicatedOptions, USAGE } from './options';
import { installWebRtcGlobals } from './webrtc-globals';

function log(line: string): void {
  process.stdout.write(`${new Date().toISOString()} ${line}\n`);
}

async function main(): Promise<number> {
  const parsed = parseDedicatedOptions(process.argv.slice(2), process.env);
  if (parsed.help) return (process.stdout.write(USAGE + '\n'), 0);
  for (const n of parsed.notices) log(`note: ${n}`);
  if (parsed.errors.length > 0) {
    for (const e of parsed.errors) process.stderr.write(`error: ${e}\n`);
    process.stderr.write(`\n${USAGE}\n`);
    return 2;
  }
  const globals = installWebRtcGlobals(parsed.options.icePorts);
  const { runDedicatedHost } = await import('./run-host');
  const { RetryAborted } = await import('./signaling-retry');
  // A signal before the lobby is up (e.g. while the PeerServer is away) stops the retries; after, it stops the lobby.
  const early = new AbortController();
  let onSignal = (signal: string): void => (log(`stopped by ${signal} before the lobby opened`), early.abort());
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  let host;
  try {
    host = await runDedicatedHost(parsed.options, log, {
      lastSocketError: globals.lastSocketError,
      signal: early.signal,
    });
  } catch (err) {
    if (err instanceof RetryAborted) return 0;
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const running = host;
  onSignal = (signal: string): void => void running.stop(`The server was stopped by its operator (${signal}).`);
  await running.stopped;
  return 0;
}

void main().then((code) => process.exit(code));
