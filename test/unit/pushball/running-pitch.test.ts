// RunningPitch, Pushball's prediction context: the snapshot's world run forward with the server's
// own stepPitch, one tick per own command. When the others really are neutral it is the server's
// world, bit for bit; a replay restarts it; a gap repeats the last command; a step that does not
// follow stops it (no ball prediction) until a fresh context.
import { describe, expect, it } from 'vitest';
import { MAX_GAP, MAX_RUN, RunningPitch } from '../../../src/pushball/client/running-pitch';
import { stepPitch, type PitchWorld, type PushCmd } from '../../../src/pushball/sim';
import { cmd, pitchWith, playing, withBall, withPlayer } from './helpers';

const ME = 1;
// Two players in play, the ball rolling toward the own player: contacts and a kick happen.
const base: PitchWorld = withBall(
  withPlayer(withPlayer(playing(pitchWith([ME, 2])), ME, { x: 400, y: 300 }), 2, { x: 700, y: 200, vx: -120, vy: 40 }),
  { x: 480, y: 305, vx: -200, vy: 0 },
);
const at = (c: PushCmd, tick: number): PushCmd => ({ ...c, tick });
const walkAndKick = (tick: number): PushCmd => at(cmd(90, 5, 1), tick);

/** The server's worlds after each tick when only the own player sends commands. */
function server(cmds: PushCmd[]): PitchWorld[] {
  const worlds: PitchWorld[] = [];
  let w = base;
  for (const c of cmds) {
    w = stepPitch(w, new Map([[ME, c]])).world;
    worlds.push(w);
  }
  return worlds;
}

describe('RunningPitch', () => {
  it("is the server's world, tick after tick, when the others really are neutral", () => {
    const cmds = Array.from({ length: 90 }, (_, i) => walkAndKick(base.tick + 1 + i));
    const truth = server(cmds);
    const run = new RunningPitch(base);
    let kicks = 0;
    cmds.forEach((c, i) => {
      run.advance(ME, c);
      expect(run.world).toEqual(truth[i]);
      expect(run.ballAt(c.tick)).toEqual(truth[i]!.ball);
      if (run.kicked(ME)) kicks++;
    });
    expect(kicks).toBeGreaterThan(0);
    expect(run.ballAt(base.tick)).toEqual(base.ball);
    expect(run.player(ME)).toEqual(truth[89]!.players.find((p) => p.id === ME));
  });

  it('restarts from the snapshot when a step for the tick after it arrives (a replay)', () => {
    const run = new RunningPitch(base);
    for (let t = 1; t <= 6; t++) run.advance(ME, walkAndKick(base.tick + t));
    const first = at(cmd(-127, 0), base.tick + 1);
    run.advance(ME, first);
    expect(run.tick).toBe(base.tick + 1);
    expect(run.world).toEqual(server([first])[0]);
    expect(run.ballAt(base.tick + 2)).toBeUndefined();
  });

  it('steps a gap in the own commands with the last command, as the server repeats it', () => {
    const c1 = at(cmd(127, 0), base.tick + 1);
    const c4 = at(cmd(0, 127), base.tick + 4);
    const run = new RunningPitch(base);
    run.advance(ME, c1);
    run.advance(ME, c4);
    expect(run.tick).toBe(base.tick + 4);
    expect(run.world).toEqual(server([c1, at(c1, base.tick + 2), at(c1, base.tick + 3), c4])[3]);
    // A run whose first command comes late holds that command over the gap.
    const late = new RunningPitch(base);
    late.advance(ME, c4);
    expect(late.world).toEqual(server([at(c4, base.tick + 1), at(c4, base.tick + 2), at(c4, base.tick + 3), c4])[3]);
  });

  it('stops on a step that does not follow, until a replay restarts it', () => {
    const run = new RunningPitch(base);
    run.advance(ME, walkAndKick(base.tick + 1));
    run.advance(ME, walkAndKick(base.tick + 2));
    run.advance(ME, walkAndKick(base.tick + 2)); // a tick already run
    expect(run.valid).toBe(false);
    expect(run.ballAt(base.tick + 1)).toBeUndefined();
    expect(run.player(ME)).toBeUndefined();
    run.advance(ME, walkAndKick(base.tick + 3));
    expect(run.valid).toBe(false);
    run.advance(ME, walkAndKick(base.tick + 1));
    expect(run.valid).toBe(true);
    const far = new RunningPitch(base);
    far.advance(ME, walkAndKick(base.tick + 2 + MAX_GAP));
    expect(far.valid).toBe(false);
    // A step for the snapshot's own tick or before is no prediction either.
    const old = new RunningPitch(base);
    old.advance(ME, walkAndKick(base.tick));
    expect(old.valid).toBe(false);
  });

  it('stops a run that goes on MAX_RUN ticks past its snapshot: a replay steps the pitch a bounded number of times', () => {
    const run = new RunningPitch(base);
    for (let t = 1; t <= MAX_RUN; t++) run.advance(ME, walkAndKick(base.tick + t));
    expect(run.valid).toBe(true);
    expect(run.ballAt(base.tick + MAX_RUN)).toBeDefined();
    run.advance(ME, walkAndKick(base.tick + MAX_RUN + 1));
    expect(run.valid).toBe(false);
    expect(run.tick).toBe(base.tick + MAX_RUN);
  });
});
