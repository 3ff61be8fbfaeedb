import { describe, expect, it } from 'vitest';
import type { ChainDocumentType } from './chain-of-title.constants';
import { ChainDocumentFormSchema } from './chain-of-title.schema';
import { compareChainEntries, findChainGaps, type ChainEntry } from './chain-of-title.rules';

const TODAY = '2025-06-15';
let nextId = 0;

function doc(
  documentType: ChainDocumentType,
  effectiveDate: string | null,
  expiryDate: string | null = null,
  title: string = documentType,
): ChainEntry {
  nextId += 1;
  return { id: nextId, documentType, title, effectiveDate, expiryDate };
}

const kinds = (entries: ChainEntry[]) => findChainGaps(entries, TODAY).map((gap) => gap.kind);

describe('[CHAIN OF TITLE] gap rules', () => {
  it('flags an empty chain as having no proof of rights', () => {
    const gaps = findChainGaps([], TODAY);
    expect(gaps).toEqual([
      {
        kind: 'no_proof_of_rights',
        severity: 'problem',
        message: 'No proof of rights on file: there is no rights agreement or assignment.',
      },
    ]);
  });

  it('needs a rights agreement or an assignment: a copyright registration alone is no proof', () => {
    expect(kinds([doc('copyright_registration', '2020-01-01')])).toEqual(['no_proof_of_rights']);
    expect(kinds([doc('rights_agreement', '2020-01-01')])).toEqual([]);
    expect(kinds([doc('assignment', '2020-01-01')])).toEqual([]);
  });

  it('flags an expired option with no later lapse or reversion, naming the document and date', () => {
    const option = doc('option_agreement', '2022-01-01', '2024-01-01', 'Option to Reel Co');
    const gaps = findChainGaps([doc('rights_agreement', '2020-01-01'), option], TODAY);
    expect(gaps).toEqual([
      {
        kind: 'option_expired_unresolved',
        severity: 'problem',
        message:
          'The option agreement "Option to Reel Co" expired on 1 January 2024 and no option lapse or reversion is on file.',
        documentId: option.id,
      },
    ]);
  });

  it.each([['option_lapse'], ['reversion']] as const)(
    'accepts an expired option ended by a later %s',
    (ending) => {
      expect(
        kinds([
          doc('rights_agreement', '2020-01-01'),
          doc('option_agreement', '2022-01-01', '2024-01-01'),
          doc(ending, '2024-01-02'),
        ]),
      ).toEqual([]);
    },
  );

  it('does not count a lapse filed before the option as ending it', () => {
    expect(
      kinds([
        doc('rights_agreement', '2020-01-01'),
        doc('option_lapse', '2021-01-01'),
        doc('option_agreement', '2022-01-01', '2024-01-01'),
      ]),
    ).toEqual(['option_expired_unresolved']);
  });

  it('warns that a running option (not expired, or with no expiry) encumbers the rights', () => {
    const running = doc('option_agreement', '2025-01-01', '2026-12-31', 'Option to Big Studio');
    const gaps = findChainGaps([doc('assignment', '2019-05-01'), running], TODAY);
    expect(gaps).toEqual([
      {
        kind: 'option_running',
        severity: 'warning',
        message:
          'The rights are encumbered: the option agreement "Option to Big Studio" runs until 31 December 2026.',
        documentId: running.id,
      },
    ]);
    expect(kinds([doc('assignment', '2019-05-01'), doc('option_agreement', '2025-01-01')])).toEqual(
      ['option_running'],
    );
  });

  it('treats an option expiring today as still running', () => {
    expect(
      kinds([doc('assignment', '2019-05-01'), doc('option_agreement', '2025-01-01', TODAY)]),
    ).toEqual(['option_running']);
  });

  it('flags an expired grant with nothing after it, but not one followed by a new grant', () => {
    expect(kinds([doc('rights_agreement', '2015-01-01', '2020-01-01')])).toEqual(['grant_expired']);
    expect(
      kinds([doc('rights_agreement', '2015-01-01', '2020-01-01'), doc('assignment', '2020-01-01')]),
    ).toEqual([]);
    expect(
      kinds([doc('assignment', '2015-01-01', '2020-01-01'), doc('reversion', '2020-02-01')]),
    ).toEqual([]);
  });

  it('flags a document dated in the future', () => {
    const future = doc('assignment', '2030-01-01', null, 'Assignment to Heirs');
    const gaps = findChainGaps([doc('rights_agreement', '2020-01-01'), future], TODAY);
    expect(gaps).toEqual([
      {
        kind: 'future_dated',
        severity: 'warning',
        message: 'The assignment "Assignment to Heirs" is dated in the future (1 January 2030).',
        documentId: future.id,
      },
    ]);
  });

  it('lists problems before warnings', () => {
    expect(
      kinds([doc('option_agreement', '2025-01-01', '2026-01-01'), doc('other', '2031-01-01')]),
    ).toEqual(['no_proof_of_rights', 'option_running', 'future_dated']);
  });

  it('orders the timeline by effective date, undated last, then by filing order', () => {
    const a = doc('other', null);
    const b = doc('other', '2021-01-01');
    const c = doc('other', '2020-01-01');
    const d = doc('other', '2020-01-01');
    expect([a, b, d, c].sort(compareChainEntries).map((entry) => entry.id)).toEqual([
      c.id,
      d.id,
      b.id,
      a.id,
    ]);
  });
});

describe('[CHAIN OF TITLE] upload form schema', () => {
  const valid = {
    documentType: 'option_agreement',
    title: 'Option to Reel Co',
    parties: 'Ada Author\n  Reel Co Ltd  \n',
    effectiveDate: '2024-01-01',
    expiryDate: '2025-01-01',
    notes: '',
  };

  it('accepts a complete form', () => {
    expect(ChainDocumentFormSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ documentType: 'bribe' }, 'documentType', 'Please choose the type of document'],
    [{ title: '  ' }, 'title', 'Please enter a title'],
    [{ parties: '\n \n' }, 'parties', 'Please name at least one party'],
    [{ effectiveDate: '' }, 'effectiveDate', 'Please enter the date the document takes effect'],
    [{ effectiveDate: '2024-02-30' }, 'effectiveDate', 'Please enter a valid date'],
    [
      { expiryDate: '2023-12-31' },
      'expiryDate',
      'The expiry date cannot be before the effective date',
    ],
  ])('refuses %o with a message on %s', (change, field, message) => {
    const result = ChainDocumentFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    const issue = result.error?.issues.find((i) => i.path[0] === field);
    expect(issue?.message).toBe(message);
  });
});
