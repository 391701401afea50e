import { PNG } from 'pngjs';

/**
 * Signature images for the upload tests: a real JPEG (Chromium's encoder, 120×48, with its ICC
 * profile segment), the same with an EXIF segment carrying a marker text, the same declaring a
 * huge frame, and PNGs drawn here.
 */

export const SIGNATURE_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAAwAHgDASIAAhEBAxEB/8QAGgABAAIDAQAAAAAAAAAAAAAAAAYHAwUIBP/EADsQAAEEAQIDBAQKCwAAAAAAAAEAAgMEBQYRBxIhCDFRcUFCYaETFBUiMmKBkaKxGFVWcnOCkpOUwdH/xAAWAQEBAQAAAAAAAAAAAAAAAAAAAQL/xAAcEQEAAwADAQEAAAAAAAAAAAAAAQIRMVFhEiH/2gAMAwEAAhEDEQA/AOqUREBERAREQEREBERAREQEUZ1rrnT2jKZnz2QjhkLeaOsw800v7rB1+07DxIVFO1dxC4w5lsGjY5cDp+vMHOtc5bsWncF8g+ke48jenUb7961FZn9Zm0Q6bRYaTJ46cDLczZ7LY2iWVrOQPeB1cG7nYE7nbc7IstMyIuduM/EzLZvUDtB8PWyy23v+AtWa5+e53rRsPqtHrO9hHQA72tfqUmcWHrrjHpHR9mWnatyXsjH0dVpNEjmHwc4kNB9m+48FWc/acdJIWY/ST5PAvu9SPIR/7Us4a8BsBgKkdnU0MWZyzgC9so5q8R8GsP0vN3f4BXBUq16cLYakEUETRsGRMDWgewBa2ses5afHOtftPx83Lc0nJHt3mO8HH7jGPzUhxnaS0lZIbeo5am70uMTJGj7Q7f3K6bNWvaby2YIpm920jA4e9RvKcO9H5QH47prEvce97KzY3H+ZoB96bXoy3bU43jJoHINBi1FWiPpbYY+Hb+poC39PW2lbuwqalwspPqsvRE/dzbqE5HgBoK24mGhbp7+ivbeR+PmWhudmjSz9zUy2ZhP13xPA/APzTKG2XH8v4b9bY/8AyWf9WvyOuNK45pdd1HiIdvVNuPmPkAdyqf8A0Y8P+0OQ/ssXvxnZr0tXkD7+Sy1wD1A9kbT57NJ+4hMr2bbputRcfdEYmJ3xO3Yys47o6kJA39rn8o28t1BLHE3iVxCYa2hNOSYylIeX47tzED+K8Bg+wb+BVv4HhXonBuY+jp2kZWdRJYBncD4gvJ2Pkpo0BrQ1oAAGwA9CbWOIMtPMqI0X2fqrbXypr/Iy5rJSHnfC2R3wfN9d5+e/3DzV40KVbH04qlCvFWqxN5Y4oWBjGDwAHQLOizNpnlqKxHAiIorxZunPkMPdp1LklGxPE6NlmNoLoiRtzAH0hV9wX4VwcPYbtm3YjvZi08sNlrSA2EHo0b9QT0LvbsOu25s5FdnMTI3RERRRERAREQEREBERAREQEREH/9k=',
  'base64',
);

/** The JPEG with an APP1 "Exif" segment right after SOI, carrying `marker` (metadata to strip). */
export function jpegWithExif(marker: string): Buffer {
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from(marker, 'latin1')]);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xffe1, 0);
  segment.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([SIGNATURE_JPEG.subarray(0, 2), segment, payload, SIGNATURE_JPEG.subarray(2)]);
}

/** The JPEG with its frame header rewritten to declare width × height (its data still 120×48). */
export function jpegDeclaring(width: number, height: number): Buffer {
  const bytes = Buffer.from(SIGNATURE_JPEG);
  for (let at = 2; at + 9 < bytes.length;) {
    const marker = bytes[at + 1]!;
    if (marker === 0xc0 || marker === 0xc2) {
      bytes.writeUInt16BE(height, at + 5);
      bytes.writeUInt16BE(width, at + 7);
      return bytes;
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header in the fixture');
}

/** A PNG of a dark diagonal stroke on white (opaque), `width` × `height`. */
export function signaturePng(width = 80, height = 40): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = Math.abs(Math.round((x * height) / width) - y) <= 2;
      png.data[i] = png.data[i + 1] = png.data[i + 2] = ink ? 20 : 255;
      png.data[i + 3] = 255;
    }
  return PNG.sync.write(png);
}

export const dataUrl = (bytes: Buffer, type: 'png' | 'jpeg'): string =>
  `data:image/${type};base64,${bytes.toString('base64')}`;
