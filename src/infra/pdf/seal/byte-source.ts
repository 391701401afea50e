import { readSync } from 'node:fs';

/**
 * Random access to the PDF being sealed. The parser only ever touches the trailer, the xref
 * sections and a handful of objects, so a file never has to be loaded whole: a 50 MB scan is
 * read a few kilobytes at a time.
 */
export interface ByteSource {
  readonly length: number;
  /** Up to `length` bytes from `offset`, fewer at the end of the data. May share memory with the source. */
  read(offset: number, length: number): Buffer;
}

export class MemorySource implements ByteSource {
  readonly length: number;

  constructor(private readonly bytes: Buffer) {
    this.length = bytes.length;
  }

  read(offset: number, length: number): Buffer {
    return this.bytes.subarray(offset, Math.min(this.bytes.length, offset + length));
  }
}

/**
 * Synchronous positional reads: each one is a single pread of a few KB that the page cache
 * answers in microseconds, and it lets the object parser stay synchronous.
 */
export class FileSource implements ByteSource {
  constructor(
    private readonly fd: number,
    readonly length: number,
  ) {}

  read(offset: number, length: number): Buffer {
    const size = Math.max(0, Math.min(length, this.length - offset));
    const buffer = Buffer.allocUnsafe(size);
    let filled = 0;
    while (filled < size) {
      const count = readSync(this.fd, buffer, filled, size - filled, offset + filled);
      if (count === 0) break;
      filled += count;
    }
    return buffer.subarray(0, filled);
  }
}
