/**
 * A QR code of the lobby link, drawn into a canvas in this page by the `qrcode` npm library (no
 * network, no markup: it paints pixels, so it works under a strict Content-Security-Policy).
 * Friends point a phone camera at the host's screen and land on the join form.
 *
 * Inputs: the document, the link. Output: a canvas (`#lobby-qr`, with the link as its accessible
 * label) that is filled asynchronously; if encoding fails the canvas stays hidden.
 */
import QRCode from 'qrcode';

export const QR_SIZE_PX = 168;

export function linkQrCode(doc: Document, link: string): HTMLCanvasElement {
  const canvas = doc.createElement('canvas');
  canvas.id = 'lobby-qr';
  canvas.setAttribute('role', 'img');
  canvas.setAttribute('aria-label', `QR code of the lobby link ${link}`);
  canvas.title = 'Scan to join this lobby';
  Object.assign(canvas.style, {
    display: 'block',
    width: `${QR_SIZE_PX}px`,
    height: `${QR_SIZE_PX}px`,
    imageRendering: 'pixelated',
    borderRadius: '4px',
  });
  QRCode.toCanvas(canvas, link, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_SIZE_PX,
    color: { dark: '#0c0e14', light: '#ffffff' },
  }).then(
    () => (canvas.dataset['ready'] = '1'),
    () => (canvas.hidden = true),
  );
  return canvas;
}
