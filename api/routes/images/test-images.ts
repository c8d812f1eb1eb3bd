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

/**
 * A PNG of `width`×`height` pixels with a transparent background and a bottle drawn upright in the middle, its glass
 * in `rgb` and a pale label: what a product photo looks like on a page (the stand-in photo source serves it).
 */
export function bottlePng(width: number, height: number, rgb: [number, number, number] = [40, 70, 50]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(6, 9); // colour type: RGBA
  // The bottle's half width at height y (0 top … 1 bottom), as a share of the picture's height.
  const halfWidth = (y: number) => {
    if (y < 0.06 || y > 0.96) return 0;
    if (y < 0.36) return 0.04;
    if (y < 0.46) return 0.04 + ((y - 0.36) / 0.1) * 0.08;
    return 0.12;
  };
  const rows: Buffer[] = [];
  for (let py = 0; py < height; py++) {
    const y = (py + 0.5) / height;
    const row = Buffer.alloc(1 + width * 4); // filter 0, then RGBA pixels (transparent by default)
    const half = halfWidth(y) * height;
    for (let px = 0; px < width; px++) {
      const dx = px + 0.5 - width / 2;
      if (Math.abs(dx) > half) continue;
      const label = y > 0.6 && y < 0.82 && Math.abs(dx) < half * 0.9;
      const shine = !label && dx < -half * 0.45 && dx > -half * 0.7;
      const colour = label ? [240, 232, 214] : shine ? rgb.map((c) => Math.min(255, c + 60)) : rgb;
      row.set([...colour, 255], 1 + px * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A lossless WebP of 1×1 pixel (a known minimal file). */
export function tinyWebp(): Buffer {
  return Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
}
