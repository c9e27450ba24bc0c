/**
 * The "Sound" section of the settings panel (DOM): a volume slider (0-100 %) and a mute box. An
 * edit applies at once and is saved in the browser (localStorage), so the next visit keeps it.
 * Input: the document, the game's SoundCues and the store. Invariants: text only; the controls
 * carry `data-testid="sound-volume"` and `"sound-mute"`; `refresh` re-reads the current settings.
 */
import { el } from '../dom-ui';
import type { SoundCues } from '../sound';
import { clampVolume, saveSoundSettings, type KeyValueStore } from './sound-settings';

export interface SoundSection {
  element: HTMLElement;
  refresh(): void;
}

export function createSoundSection(
  doc: Document,
  sound: Pick<SoundCues, 'settings' | 'setSettings'>,
  store: KeyValueStore | null,
): SoundSection {
  const section = el(doc, 'section', { margin: '12px 0' });
  section.dataset['testid'] = 'sound-settings';
  section.append(
    el(doc, 'h3', { margin: '0 0 2px', fontSize: '16px' }, 'Sound'),
    el(doc, 'div', { fontSize: '12px', color: '#969eaf', marginBottom: '6px' }, 'Remembered in this browser.'),
  );
  const row = el(doc, 'label', { display: 'flex', alignItems: 'center', gap: '10px', margin: '6px 0' });
  const volume = el(doc, 'input', { width: '180px' });
  volume.type = 'range';
  volume.min = '0';
  volume.max = '100';
  volume.step = '1';
  volume.dataset['testid'] = 'sound-volume';
  const shown = el(doc, 'span', { color: '#969eaf', fontSize: '12px', minWidth: '3em' });
  row.append(el(doc, 'span', {}, 'Volume'), volume, shown);
  const muteRow = el(doc, 'label', { display: 'flex', alignItems: 'center', gap: '10px', margin: '6px 0' });
  const mute = el(doc, 'input', {});
  mute.type = 'checkbox';
  mute.dataset['testid'] = 'sound-mute';
  muteRow.append(mute, el(doc, 'span', {}, 'Mute'));
  section.append(row, muteRow);
  const refresh = (): void => {
    const s = sound.settings();
    volume.value = String(Math.round(s.volume * 100));
    shown.textContent = `${Math.round(s.volume * 100)} %`;
    mute.checked = s.muted;
  };
  const apply = (): void => {
    const next = { volume: clampVolume(Number(volume.value) / 100), muted: mute.checked };
    sound.setSettings(next);
    saveSoundSettings(store, next);
    refresh();
  };
  volume.addEventListener('input', apply);
  mute.addEventListener('change', apply);
  refresh();
  return { element: section, refresh };
}
