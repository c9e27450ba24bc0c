/**
 * The start screen's way into a replay: "Watch a replay" (`#watch-replay`) opens the file picker
 * (`#replay-file`, .rwnd files), and a file dropped anywhere on the start screen is taken the same
 * way (the screen shows `drop-target` while one is dragged over it).
 */
import { button, h } from './dom';

/** The button and its hidden file input; `onFile` gets the chosen file. */
export function replayPicker(doc: Document, onFile: (file: File) => void): HTMLElement {
  const file = h(doc, 'input', {
    id: 'replay-file',
    attrs: { type: 'file', accept: '.rwnd,application/octet-stream' },
  });
  file.hidden = true;
  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (f) onFile(f);
    file.value = '';
  });
  const open = button(doc, 'watch-replay', 'Watch a replay', () => file.click());
  return h(doc, 'div', { id: 'replay-picker' }, [open, file]);
}

/** Takes a file dropped on `target` (the first one) as a replay to watch. */
export function acceptReplayDrops(target: HTMLElement, onFile: (file: File) => void): void {
  const over = (e: DragEvent): void => {
    if (!e.dataTransfer?.types.includes('Files')) return;
    e.preventDefault();
    target.classList.add('drop-target');
  };
  target.addEventListener('dragenter', over);
  target.addEventListener('dragover', over);
  target.addEventListener('dragleave', () => target.classList.remove('drop-target'));
  target.addEventListener('drop', (e) => {
    target.classList.remove('drop-target');
    const f = e.dataTransfer?.files[0];
    if (!f) return;
    e.preventDefault();
    onFile(f);
  });
}
