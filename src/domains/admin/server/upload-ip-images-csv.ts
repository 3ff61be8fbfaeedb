import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { AppError } from '@/shared/errors';
import { hasControlCharacters } from '@/shared/text';
import {
  IMAGE_TYPES,
  UPLOAD_IP_IMAGES_COLUMNS,
  UPLOAD_IP_IMAGES_MAX_ROWS,
  UPLOAD_IP_IMAGES_MESSAGES as MESSAGES,
  type IpImageType,
} from '../upload-ip-images.schema';

/** One CSV row as written, with what is wrong with it (null when it can be acted on). */
export interface IpImageRow {
  /** Its row in a spreadsheet: the header is row 1. */
  row: number;
  title: string;
  author: string;
  imageFile: string;
  imageType: string;
  problem: string | null;
}

const FIELD_MAX = 300;

/** `Image File`, ` image-file ` and `IMAGE_FILE` all name the column image_file. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/** The name an image is looked up by: its base name (a path in the CSV is forgiven), any case. */
export const imageKey = (fileName: string) =>
  path.posix.basename(fileName.trim().replaceAll('\\', '/')).toLowerCase();

export const isIpImageType = (value: string): value is IpImageType =>
  (IMAGE_TYPES as readonly string[]).includes(value);

function problemOf(row: Omit<IpImageRow, 'problem' | 'row'>): string | null {
  const missing = (['title', 'author', 'imageFile'] as const).filter((key) => !row[key]);
  if (missing.length > 0) {
    const names = missing.map((key) => (key === 'imageFile' ? 'image_file' : key));
    return `Missing ${names.join(', ')}`;
  }
  if (!isIpImageType(row.imageType)) return 'image_type must be cover or gallery';
  const values = [row.title, row.author, row.imageFile];
  if (values.some((value) => value.length > FIELD_MAX)) {
    return `Values can be at most ${FIELD_MAX} characters`;
  }
  if (values.some(hasControlCharacters)) return 'Values must not contain control characters';
  return null;
}

/**
 * The bulk upload's CSV (columns title, author, image_file, image_type in any order, any
 * case; other columns ignored), parsed by csv-parse. A CSV that cannot be read, lacks a
 * column or has no rows is refused as a whole; a bad row is reported on its own.
 */
export function parseIpImagesCsv(text: string): IpImageRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: UPLOAD_IP_IMAGES_MAX_ROWS + 2,
    });
  } catch (error) {
    const detail = error instanceof Error ? `: ${error.message}` : '';
    throw new AppError('VALIDATION', `${MESSAGES.badCsv}${detail}`, {
      fields: { csv: MESSAGES.badCsv },
      cause: error,
    });
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map(columnName);
  const at = Object.fromEntries(
    UPLOAD_IP_IMAGES_COLUMNS.map((name) => [name, columns.indexOf(name)]),
  );
  if (!header || Object.values(at).some((index) => index < 0)) {
    throw new AppError('VALIDATION', MESSAGES.missingColumns, {
      fields: { csv: MESSAGES.missingColumns },
    });
  }
  const dataRows = rows.filter((cells) => cells.some((cell) => cell !== ''));
  if (dataRows.length === 0) {
    throw new AppError('VALIDATION', MESSAGES.noRows, { fields: { csv: MESSAGES.noRows } });
  }
  if (dataRows.length > UPLOAD_IP_IMAGES_MAX_ROWS) {
    throw new AppError('VALIDATION', MESSAGES.tooManyRows, {
      fields: { csv: MESSAGES.tooManyRows },
    });
  }
  return rows.flatMap((cells, index) => {
    if (!cells.some((cell) => cell !== '')) return [];
    const fields = {
      title: cells[at.title] ?? '',
      author: cells[at.author] ?? '',
      imageFile: cells[at.image_file] ?? '',
      imageType: (cells[at.image_type] ?? '').toLowerCase(),
    };
    return [{ row: index + 2, ...fields, problem: problemOf(fields) }];
  });
}
