import zlib from 'node:zlib';

// Real, tiny images made from scratch for tests (no binary fixtures): each one is a valid file a browser shows.

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A PNG of `width`×`height` pixels in one RGB colour (8 bits per channel). */
export function tinyPng(width = 2, height = 1, rgb: [number, number, number] = [128, 0, 32]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]); // filter 0 + pixels
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function jpegSegment(marker: number, payload: number[]): number[] {
  const length = payload.length + 2;
  return [0xff, marker, length >> 8, length & 0xff, ...payload];
}

/**
 * A baseline JPEG of 8×8 mid-grey pixels: one component, quantisation 1, and Huffman tables with a single
 * one-bit code each (DC category 0, AC end-of-block), so the whole scan is the two bits '00'.
 */
export function tinyJpeg(): Buffer {
  const bytes = [
    0xff,
    0xd8, // SOI
    ...jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]), // APP0 'JFIF'
    ...jpegSegment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // DQT table 0
    ...jpegSegment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8 bits, 8×8, 1 component (id 1, 1×1, table 0)
    ...jpegSegment(0xc4, [0x00, 1, ...Array<number>(15).fill(0), 0x00]), // DHT DC 0: one code of length 1 → category 0
    ...jpegSegment(0xc4, [0x10, 1, ...Array<number>(15).fill(0), 0x00]), // DHT AC 0: one code of length 1 → EOB
    ...jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1 with tables 0/0, spectral 0–63
    0x3f, // '00' + padding ones
    0xff,
    0xd9, // EOI
  ];
  return Buffer.from(bytes);
}

/**
 * A PNG of a few dozen bytes whose header (IHDR) declares `width`×`height` pixels, with one tiny compressed row: what a
 * decompression bomb looks like to anything that reads the header only (100000×100000 would be 40 GB decoded).
 */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
