/**
 * Saving bytes the page made as a file the player downloads (a replay): a Blob behind a temporary
 * object URL, clicked through an <a download>, then let go. The name says what it is and when.
 */

/** A file name for a replay of `game` recorded at `when`: rewind-arena-2026-11-28-2215.rwnd. */
export function replayFileName(game: string, when: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  const date = `${when.getFullYear()}-${two(when.getMonth() + 1)}-${two(when.getDate())}`;
  const safe = game.replace(/[^a-z0-9-]/gi, '').toLowerCase() || 'match';
  return `rewind-${safe}-${date}-${two(when.getHours())}${two(when.getMinutes())}.rwnd`;
}

export function saveBytes(doc: Document, bytes: Uint8Array, name: string): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  doc.body.append(a);
  a.click();
  a.remove();
  // The download has taken the blob by the next task; the URL is not needed after.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
