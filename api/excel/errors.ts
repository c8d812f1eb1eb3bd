import { PARTNER_MESSAGES as M } from '../contract/partner-rules';

/**
 * Why an uploaded file was refused as a whole (spec 001 §5, §8), before any row was saved:
 * - wrongType: not an Excel workbook by name or content → 400 'Fel filtyp'
 * - unreadable: an Excel container that cannot be read (corrupt, unsafe entry names) → 400
 * - tooComplex: too large once unpacked, too many entries, rows or cells, or too slow/large to parse → 413
 * - empty: no wine rows under the header → 400
 * - headersMissing: the header row lacks Namn, Beskrivning or Pris → 400
 */
export type ExcelErrorKind = 'wrongType' | 'unreadable' | 'tooComplex' | 'empty' | 'headersMissing';

/** A refused Excel file with its Swedish message (PARTNER_MESSAGES); the route maps `kind` to a status. */
export class ExcelFileError extends Error {
  constructor(
    readonly kind: ExcelErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ExcelFileError';
  }
}

export const wrongType = () => new ExcelFileError('wrongType', M.wrongFileType);
export const unreadable = () => new ExcelFileError('unreadable', M.fileUnreadable);
export const tooComplex = () => new ExcelFileError('tooComplex', M.fileTooComplex);
