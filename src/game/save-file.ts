/**
 * Saving bytes the page made as a file the player downloads (a replay): a Blob behind a temporary
 * object URL, clicked through an <a download>, then let go.
 */

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
