/**
 * The spectators' server settings a migration checkpoint carries (issue 24): a host's sv_ cvars
 * travel in every checkpoint (name and value), so a successor's server reads `sv_maxspectators` and
 * `sv_spectator_delay` from them and its spectators keep their places and their delay. Untrusted
 * values are clamped by GameServer like any setting; a missing or non-numeric one is left out.
 */
import type { CheckpointCvar } from '../protocol/checkpoint-fields';
import type { ServerSettings } from './server-settings';

export function spectatorSettingsOf(
  cvars: readonly CheckpointCvar[],
): Pick<ServerSettings, 'maxSpectators' | 'spectatorDelayS'> {
  const num = (name: string): number | undefined => {
    const v = cvars.find((c) => c.name === name)?.value;
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  };
  const [maxSpectators, spectatorDelayS] = [num('sv_maxspectators'), num('sv_spectator_delay')];
  return {
    ...(maxSpectators !== undefined ? { maxSpectators } : {}),
    ...(spectatorDelayS !== undefined ? { spectatorDelayS } : {}),
  };
}
