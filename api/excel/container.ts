import { createInflateRaw } from 'node:zlib';
import { tooComplex, unreadable, wrongType } from './errors';

// Checks an uploaded Excel file's container BEFORE SheetJS sees it (README 'Partner portal'): what kind of file it
// is by its first bytes, and for .xlsx (a zip) its central directory: entry count, entry names, and the true
// unpacked size of every entry (inflated as a stream on zlib's thread pool and thrown away, never held), so a zip
// bomb is refused with a clear answer and nothing is parsed or created.

/** The two containers of Excel files: .xlsx is a zip (OOXML), .xls an OLE compound file (BIFF8). */
export type ExcelContainer = 'zip' | 'cfb';

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** Limits of an .xlsx's zip. A 10 MB workbook of 40,000 wines unpacks to about 100 MB in ~15 entries. */
export interface ZipLimits {
  /** Most entries (files) in the zip. */
  maxEntries: number;
  /** Most bytes all entries may unpack to, together. */
  maxUnpackedBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = { maxEntries: 1000, maxUnpackedBytes: 200 * 1024 * 1024 };

/** The container `bytes` start with (zip local header 'PK\x03\x04' or the CFB signature D0CF11E0A1B11AE1), or null. */
export function detectContainer(bytes: Buffer): ExcelContainer | null {
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === ZIP_LOCAL) return 'zip';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(CFB_SIGNATURE)) return 'cfb';
  return null;
}

/** One entry of the central directory. */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** What the directory claims; the inspection measures the real size. */
  declaredSize: number;
  localHeaderOffset: number;
}

/** Where the End Of Central Directory record starts (searched backwards over a possible comment), or -1. */
function findEnd(bytes: Buffer): number {
  const last = bytes.length - 22;
  const first = Math.max(0, last - 0xffff);
  for (let i = last; i >= first; i--) if (bytes.readUInt32LE(i) === ZIP_END) return i;
  return -1;
}

const u64 = (bytes: Buffer, at: number) => Number(bytes.readBigUInt64LE(at));

/** A name that could write outside the workbook or is not a plain relative path: '..' parts, absolute, '\', NUL. */
function unsafeName(name: string): boolean {
  return name.startsWith('/') || name.includes('\\') || name.includes('\0') || /^[a-z]:/i.test(name) || name.split('/').includes('..');
}

/**
 * Reads the zip's central directory (zip64 records included).
 * @throws ExcelFileError unreadable (no or broken directory, unsafe names), tooComplex (more than `maxEntries`)
 */
export function readCentralDirectory(bytes: Buffer, maxEntries: number): ZipEntry[] {
  const end = findEnd(bytes);
  if (end < 0) throw unreadable();
  let count = bytes.readUInt16LE(end + 10);
  let size = bytes.readUInt32LE(end + 12);
  let offset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = end - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) throw unreadable();
    const at = u64(bytes, locator + 8);
    if (at + 56 > bytes.length || bytes.readUInt32LE(at) !== ZIP64_END) throw unreadable();
    count = u64(bytes, at + 32);
    size = u64(bytes, at + 40);
    offset = u64(bytes, at + 48);
  }
  if (count > maxEntries) throw tooComplex();
  if (offset + size > bytes.length) throw unreadable();

  const entries: ZipEntry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > bytes.length || bytes.readUInt32LE(p) !== ZIP_CENTRAL) throw unreadable();
    const method = bytes.readUInt16LE(p + 10);
    let compressedSize = bytes.readUInt32LE(p + 20);
    let declaredSize = bytes.readUInt32LE(p + 24);
    const nameLength = bytes.readUInt16LE(p + 28);
    const extraLength = bytes.readUInt16LE(p + 30);
    const commentLength = bytes.readUInt16LE(p + 32);
    let localHeaderOffset = bytes.readUInt32LE(p + 42);
    const nameEnd = p + 46 + nameLength;
    if (nameEnd + extraLength + commentLength > bytes.length) throw unreadable();
    const name = bytes.toString('utf8', p + 46, nameEnd);
    // Zip64 extra field (0x0001): the 8-byte values of the fields that hold 0xFFFFFFFF, in this order.
    for (let e = nameEnd; e + 4 <= nameEnd + extraLength; ) {
      const id = bytes.readUInt16LE(e);
      const length = bytes.readUInt16LE(e + 2);
      if (id === 0x0001) {
        let q = e + 4;
        const read = () => {
          if (q + 8 > e + 4 + length) throw unreadable();
          const v = u64(bytes, q);
          q += 8;
          return v;
        };
        if (declaredSize === 0xffffffff) declaredSize = read();
        if (compressedSize === 0xffffffff) compressedSize = read();
        if (localHeaderOffset === 0xffffffff) localHeaderOffset = read();
      }
      e += 4 + length;
    }
    if (unsafeName(name)) throw unreadable();
    entries.push({ name, method, compressedSize, declaredSize, localHeaderOffset });
    p = nameEnd + extraLength + commentLength;
  }
  return entries;
}

/** The entry's compressed bytes, found through its local header. */
function entryData(bytes: Buffer, entry: ZipEntry): Buffer {
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== ZIP_LOCAL) throw unreadable();
  const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
  const end = start + entry.compressedSize;
  if (end > bytes.length) throw unreadable();
  return bytes.subarray(start, end);
}

/** Inflates `data` (raw deflate) as a stream, counting and dropping the output; stops once `budget` bytes are passed. */
function measureInflated(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw();
    let total = 0;
    let settled = false;
    const finish = (err: Error | null, value = 0) => {
      if (settled) return;
      settled = true;
      if (err) reject(err);
      else resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        finish(tooComplex());
        inflate.destroy();
      }
    });
    inflate.on('error', () => finish(unreadable()));
    inflate.on('end', () => finish(null, total));
    inflate.end(data);
  });
}

/** What the inspection found out about an .xlsx. */
export interface ZipFacts {
  entries: number;
  /** Bytes all entries unpack to, measured. */
  unpackedBytes: number;
}

/**
 * Inspects an .xlsx before parsing: the central directory must be readable with at most `maxEntries` safe names
 * and hold a workbook (xl/workbook.xml, or .bin); every entry is inflated as a stream to measure its real size
 * (the directory's figures can lie), stopping as soon as the running total passes `maxUnpackedBytes`.
 * @throws ExcelFileError wrongType (a zip but no workbook: a .docx renamed), unreadable, tooComplex
 */
export async function inspectXlsx(bytes: Buffer, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipFacts> {
  const entries = readCentralDirectory(bytes, limits.maxEntries);
  if (!entries.some((e) => /^xl\/workbook\.(xml|bin)$/i.test(e.name))) throw wrongType();
  // The directory's own claim already over the limit: refused without inflating anything.
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > limits.maxUnpackedBytes) throw tooComplex();
  let unpacked = 0;
  for (const entry of entries) {
    const data = entryData(bytes, entry);
    const budget = limits.maxUnpackedBytes - unpacked;
    if (entry.method === 0) unpacked += data.length;
    else if (entry.method === 8) unpacked += await measureInflated(data, budget);
    else throw unreadable();
    if (unpacked > limits.maxUnpackedBytes) throw tooComplex();
  }
  return { entries: entries.length, unpackedBytes: unpacked };
}
