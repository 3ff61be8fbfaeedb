import { fileTypeFromBuffer } from 'file-type';
import yauzl from 'yauzl';
import { DECK_EXTENSIONS } from '../offers.constants';

export type DeckExtension = (typeof DECK_EXTENSIONS)[number];

export const DECK_MIME_TYPES: Record<DeckExtension, string> = {
  '.pdf': 'application/pdf',
  '.ppt': 'application/vnd.ms-powerpoint',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.key': 'application/vnd.apple.keynote',
};

/** How many leading bytes the sniffer looks at (file-type's own sample size). */
export const SNIFF_BYTES = 4100;

export type DeckContainer = 'pdf' | 'ole2' | 'zip';

export function deckExtensionOf(filename: string): DeckExtension | null {
  const dot = filename.lastIndexOf('.');
  const extension = dot >= 0 ? filename.slice(dot).toLowerCase() : '';
  return (DECK_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as DeckExtension)
    : null;
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * The container the first bytes announce: PDF (%PDF), OLE2 compound file (old .ppt) or ZIP
 * (.pptx, Keynote). file-type reads the signatures; ZIP-based formats are told apart later
 * from the archive's entries, since file-type does not know Keynote.
 */
export async function sniffDeckContainer(head: Buffer): Promise<DeckContainer | null> {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'zip';
  const type = await fileTypeFromBuffer(head);
  if (type?.ext === 'pdf') return 'pdf';
  if (type?.ext === 'cfb' && head.subarray(0, 8).equals(OLE2_MAGIC)) return 'ole2';
  return null;
}

/** The names in a ZIP's central directory, without inflating anything (at most `limit`). */
export function zipEntryNames(file: string, limit = 10_000): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) {
        reject(openError ?? new Error('not a zip archive'));
        return;
      }
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (names.length >= limit) {
          zip.close();
          resolve(names);
        } else {
          zip.readEntry();
        }
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Does the file's content match its extension? The whole file is on disk at `file`. */
export async function deckMatchesExtension(
  extension: DeckExtension,
  container: DeckContainer,
  file: string,
): Promise<boolean> {
  switch (extension) {
    case '.pdf':
      return container === 'pdf';
    case '.ppt':
      return container === 'ole2';
    case '.pptx':
    case '.key': {
      if (container !== 'zip') return false;
      const names = await zipEntryNames(file).catch(() => [] as string[]);
      if (extension === '.pptx') {
        return (
          names.includes('[Content_Types].xml') && names.some((name) => name.startsWith('ppt/'))
        );
      }
      // Keynote: an Index/ folder of .iwa files (or Index.zip); Keynote '09: index.apxl.
      return names.some(
        (name) => name.startsWith('Index/') || name === 'Index.zip' || name === 'index.apxl',
      );
    }
  }
}
