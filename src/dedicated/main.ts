/**
 * `npm run host`: the headless dedicated host's entry point. Parses the command line and the
 * environment (src/dedicated/options.ts), installs the Node WebRTC and WebSocket globals PeerJS
 * needs (before anything imports PeerJS, hence the dynamic import), runs the lobby, and turns
 * SIGTERM/SIGINT into a clean shutdown that tells every joiner why.
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
  if (parsed.help) return process.stdout.write(USAGE + '\n'), 0;
  for (const n of parsed.notices) log(`note: ${n}`);
  if (parsed.errors.length > 0) {
    for (const e of parsed.errors) process.stderr.write(`error: ${e}\n`);
    process.stderr.write(`\n${USAGE}\n`);
    return 2;
  }
  installWebRtcGlobals(parsed.options.icePorts);
  const { runDedicatedHost } = await import('./run-host');
  let host;
  try {
    host = await runDedicatedHost(parsed.options, log);
  } catch (err) {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
  const running = host;
  const onSignal = (signal: string): void => void running.stop(`The server was stopped by its operator (${signal}).`);
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  process.once('SIGINT', () => onSignal('SIGINT'));
  await running.stopped;
  return 0;
}

void main().then((code) => process.exit(code));
