import jsQRModule from 'jsqr';

// A CommonJS bundle whose types declare an ES default: under NodeNext the import is the module
// object, whose `default` is the decoder.
const jsQR = jsQRModule.default;

/**
 * Reads the QR code the web app draws (`src/web/app/qr-code.tsx`: an SVG whose one path is a unit
 * square per dark module, `M{x} {y}h1v1h-1z`) with jsQR, a decoder written independently of the
 * encoder the app uses, so a test proves what a phone's camera would read, not what the encoder
 * was asked to write.
 */
export function decodeQrSvg(viewBox: string, path: string): string | null {
  const side = Number(viewBox.split(' ')[2]);
  const scale = 8;
  const width = side * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const at = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
  }
  return jsQR(pixels, width, width)?.data ?? null;
}
