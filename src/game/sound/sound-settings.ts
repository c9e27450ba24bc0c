/**
 * The player's sound settings (volume and mute), remembered in the browser (pure apart from the
 * Storage passed in, so tests use an in-memory one).
 *
 * Input: a Storage-like object (localStorage in the page; may be null or throw when storage is
 * blocked) and edits from the settings panel. Output: settings that are always valid.
 * Invariants: volume is a number in 0..1 (anything else read back is clamped, or the default when
 * not a number); a storage that throws or holds junk never breaks the game, it only forgets.
 */
import type { KeyValueStore } from '../../lobby/browser-token';

export const SOUND_KEY = 'rewind-arena.sound';
export const DEFAULT_VOLUME = 0.7;

export interface SoundSettings {
  volume: number;
  muted: boolean;
}

export type { KeyValueStore } from '../../lobby/browser-token';

export function clampVolume(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return DEFAULT_VOLUME;
  return Math.min(Math.max(n, 0), 1);
}

export function defaultSoundSettings(): SoundSettings {
  return { volume: DEFAULT_VOLUME, muted: false };
}

export function loadSoundSettings(store: KeyValueStore | null): SoundSettings {
  try {
    const raw = store?.getItem(SOUND_KEY);
    if (!raw) return defaultSoundSettings();
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return defaultSoundSettings();
    const o = parsed as { volume?: unknown; muted?: unknown };
    return { volume: clampVolume(o.volume), muted: o.muted === true };
  } catch {
    return defaultSoundSettings();
  }
}

/** Saves; returns false when the browser refused (private mode, quota): the setting still applies now. */
export function saveSoundSettings(store: KeyValueStore | null, s: SoundSettings): boolean {
  try {
    if (!store) return false;
    store.setItem(SOUND_KEY, JSON.stringify({ volume: clampVolume(s.volume), muted: s.muted }));
    return true;
  } catch {
    return false;
  }
}

/** The master gain the settings give (0 when muted). */
export function masterGain(s: SoundSettings): number {
  return s.muted ? 0 : clampVolume(s.volume);
}
