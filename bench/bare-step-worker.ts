/**
 * The server-tick bench's bare stepWorld, in a worker thread of its own (server-tick.bench.ts):
 * a V8 isolate whose compiled code and heap only this lane uses. In the bench's own thread the
 * bare step shares its compiled code with the servers' steps and its heap with their garbage, and
 * its median moved 2.5 × between otherwise equal runs (25 to 65 µs at 32 players).
 *
 * Messages in: { players } once, then { from, to, keepFrom } per turn. Out, per turn: the samples
 * kept in it ({ cpu, wall, onCore }, µs). CPU time is the process's, as in the other lanes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { bareLane, measured, readerOf, runTurn, type Lane } from './tick-lanes';

interface Turn {
  from: number;
  to: number;
  keepFrom: number;
}

const port = parentPort;
if (!port) throw new Error('bare-step-worker.ts runs as a worker thread');
const lane: Lane = bareLane((workerData as { players: number }).players);
const read = readerOf('cpu');
port.on('message', (t: Turn) => {
  const out = lane.out;
  Object.assign(out, measured());
  runTurn(lane, t.from, t.to, t.keepFrom, read, null);
  port.postMessage({ cpu: out.tickUs, wall: out.tickWallUs, onCore: out.tickOnCoreUs });
});
