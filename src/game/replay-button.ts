/**
 * "Download replay": the host's button on a match's end screen (arena and Pushball). It asks the
 * page for the replay the host's worker recorded of the match that just ended and saves it as a
 * file (save-file.ts); a line beside it says when there is none or it failed.
 * The button has id `download-replay`; its status line `download-replay-status`.
 */
import { el } from './dom-ui';
import { replayFileName } from '../protocol/replay-format';
import { saveBytes } from './save-file';

/** Where the replay comes from: the host's session (null when it recorded none). */
export type ReplaySource = () => Promise<Uint8Array | null>;

export function createReplayButton(doc: Document, game: string, source: ReplaySource): HTMLElement {
  const wrap = el(doc, 'div', { margin: '8px 0' });
  const button = el(doc, 'button', {}, 'Download replay');
  Object.assign(button, { id: 'download-replay', type: 'button' });
  const status = el(doc, 'span', { marginLeft: '10px', color: '#969eaf' });
  status.id = 'download-replay-status';
  button.addEventListener('click', () => {
    button.disabled = true;
    status.textContent = 'Preparing…';
    source()
      .then((bytes) => {
        if (!bytes || bytes.length === 0) {
          status.textContent = 'No replay was recorded.';
          return;
        }
        saveBytes(doc, bytes, replayFileName(game, new Date()));
        status.textContent = `Saved (${Math.max(1, Math.round(bytes.length / 1024))} KB).`;
      })
      .catch((err: unknown) => {
        status.textContent = `The replay could not be saved: ${err instanceof Error ? err.message : String(err)}`;
      })
      .finally(() => {
        button.disabled = false;
      });
  });
  // Its touch is the button's (a stick under it must not take it).
  button.addEventListener('pointerdown', (e) => e.stopPropagation());
  wrap.append(button, status);
  return wrap;
}
