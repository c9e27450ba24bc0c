/**
 * ReplayFeed: what the listen server tells the worker's replay recorder (issue 24). The worker
 * records the world itself; only the page knows who is called what and what was said, so the
 * lobby starts the recording under its map, passes the roster whenever who is in the lobby changes
 * (the lobby list goes out every second: an unchanged one is not recorded again) and each chat
 * line every player received.
 */
import type { LobbyPlayer } from '../protocol/control-messages';
import type { PlayerId } from '../protocol/ids';
import type { ServerWorkerApi } from './worker-api';

type RecorderApi = Pick<ServerWorkerApi, 'startRecording' | 'recordRoster' | 'recordChat'>;

export class ReplayFeed {
  /** The roster last recorded (JSON of its ids and names). */
  private recorded = '';

  /** `record` false: nothing is recorded (no call reaches the worker). */
  constructor(
    private readonly api: RecorderApi,
    map: string,
    private readonly record = true,
  ) {
    if (record) void api.startRecording(map);
  }

  roster(players: readonly LobbyPlayer[]): void {
    if (!this.record) return;
    const names = players.map((p) => ({ id: p.id, name: p.name }));
    const key = JSON.stringify(names);
    if (key === this.recorded) return;
    this.recorded = key;
    void this.api.recordRoster(names);
  }

  chat(from: PlayerId, text: string): void {
    if (this.record) void this.api.recordChat(from, text);
  }
}
