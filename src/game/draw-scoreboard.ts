/**
 * The scoreboard (held Tab): one row per player with name, kills, deaths and ping, best first.
 * Input: Kit, FrameInfo, names and pings from the GameHost. Invariant: the local player's row is
 * highlighted; names are drawn as text only.
 */
import type { PlayerId } from '../sim/types';
import { scoreboardRows, type ScoreSource } from './hud-model';
import { fillRect, text, type FrameInfo, type Kit } from './render-kit';

const ROW = 24;
const WIDTH = 460;

export function drawScoreboard(
  kit: Kit,
  f: FrameInfo,
  pings: ReadonlyMap<PlayerId, number>,
  names: ReadonlyMap<PlayerId, string>,
): void {
  const players: ScoreSource[] = f.view.remotes.slice();
  if (f.view.local) players.push(f.view.local.state);
  const rows = scoreboardRows(players, f.view.localId, names, pings);
  // Up to 32 rows: shrink them (not below 14 px) so the board fits a 720-pixel-high screen.
  const row = Math.max(14, Math.min(ROW, Math.floor((f.cam.viewH - 100) / Math.max(1, rows.length))));
  const size = Math.min(16, row - 4);
  const h = 60 + rows.length * row;
  const x = (f.cam.viewW - WIDTH) / 2;
  const y = Math.max(20, (f.cam.viewH - h) / 2);
  fillRect(kit, x, y, WIDTH, h, kit.color('panel'), 0.85);
  const dim = kit.color('dimText');
  text(kit, 'player', x + 16, y + 16, 14, dim);
  text(kit, 'kills', x + 250, y + 16, 14, dim);
  text(kit, 'deaths', x + 320, y + 16, 14, dim);
  text(kit, 'ping', x + 400, y + 16, 14, dim);
  let ry = y + 44;
  for (const r of rows) {
    const color = r.isLocal ? kit.color('local') : kit.color('text');
    text(kit, f.name(r.id), x + 16, ry, size, color);
    text(kit, String(r.kills), x + 250, ry, size, color);
    text(kit, String(r.deaths), x + 320, ry, size, color);
    text(kit, r.ping === null ? '-' : `${r.ping}`, x + 400, ry, size, color);
    ry += row;
  }
}
