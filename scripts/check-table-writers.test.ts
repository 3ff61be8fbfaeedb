import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  findTableDefinitions,
  findTableWriteViolations,
  formatViolations,
  ownerOf,
  readSources,
  type SourceFile,
} from './check-table-writers';

const root = path.resolve(import.meta.dirname, '..');

/** A tiny source tree: two rooms and the platform, each with a table of its own. */
const tables: SourceFile[] = [
  {
    path: 'src/domains/accounts/server/accounts.tables.ts',
    text: "export const users = pgTable('users', { id: integer('id') });",
  },
  {
    path: 'src/domains/listings/server/listings.tables.ts',
    text: "export const listings = pgTable(\n  'listings',\n  { id: integer('id') },\n);",
  },
  {
    path: 'src/server/mail/mail.tables.ts',
    text: "export const mailOutbox = pgTable('mail_outbox', { id: integer('id') });",
  },
];

describe('[PLATFORM] one writer per table', () => {
  it('finds no table written outside its room in src/', () => {
    const violations = findTableWriteViolations(readSources(root));
    expect(formatViolations(violations), 'tables written outside their room').toBe('');
  });

  it('knows every table and its owner', () => {
    const definitions = findTableDefinitions(readSources(root));
    const owners = Object.fromEntries(definitions.map((table) => [table.sqlName, table.owner]));
    expect(owners).toMatchObject({
      users: 'accounts',
      listings: 'listings',
      favourites: 'favourites',
      sessions: 'platform',
      mail_outbox: 'platform',
    });
  });

  it('catches a planted write of another room’s table, by Drizzle and by raw SQL', () => {
    const planted: SourceFile = {
      path: 'src/domains/offers/server/sneaky-write.ts',
      text: [
        "import { listings as catalogue } from '@/domains/listings/server/listings.tables';",
        "import { users } from '@/domains/accounts/server/accounts.tables';",
        'export async function sneaky(db: Executor) {',
        "  await db.update(catalogue).set({ status: 'optioned' });",
        '  await db.execute(sql`delete from users where id = 1`);',
        '  await db.execute(sql`insert into ${users} (id) values (2)`);',
        '  await tx',
        '    .insert(schema.mailOutbox)',
        '    .values({});',
        '}',
      ].join('\n'),
    };
    const violations = findTableWriteViolations([...tables, planted]);
    expect(
      violations.map(({ line, table, owner, writer }) => ({ line, table, owner, writer })),
    ).toEqual([
      { line: 4, table: 'listings', owner: 'listings', writer: 'offers' },
      { line: 5, table: 'users', owner: 'accounts', writer: 'offers' },
      { line: 6, table: 'users', owner: 'accounts', writer: 'offers' },
      { line: 8, table: 'mail_outbox', owner: 'platform', writer: 'offers' },
    ]);
    expect(formatViolations(violations)).toContain(
      "src/domains/offers/server/sneaky-write.ts:4  offers writes listings (owned by listings): await db.update(catalogue).set({ status: 'optioned' });",
    );
  });

  it('lets a room write its own tables, and ignores tests, comments and reads', () => {
    const files: SourceFile[] = [
      ...tables,
      {
        path: 'src/domains/listings/server/mark-listing-optioned.ts',
        text: "await db.update(listings).set({ status: 'optioned' });",
      },
      {
        path: 'src/server/mail/mailer.ts',
        text: 'await db.insert(mailOutbox).values(message);',
      },
      {
        path: 'src/domains/offers/server/offers.test.ts',
        text: 'await db.delete(listings);',
      },
      {
        path: 'src/domains/offers/server/find-offers.ts',
        text: [
          '// We never delete from listings here; /* update users set */ either.',
          '/* db.insert(users) */',
          'const rows = await db.select().from(listings);',
          'timers.delete(job.name);',
        ].join('\n'),
      },
    ];
    expect(findTableWriteViolations(files)).toEqual([]);
  });

  it('treats the seed as the app: it must use the rooms’ front doors', () => {
    const seed: SourceFile = {
      path: 'src/app/server/seed/seed-demo.ts',
      text: 'await tx.insert(users).values(rows);',
    };
    expect(findTableWriteViolations([...tables, seed])).toMatchObject([
      { file: 'src/app/server/seed/seed-demo.ts', table: 'users', writer: 'app' },
    ]);
  });

  it('names the owner of a file by its place in src/', () => {
    expect(ownerOf('src/domains/offers/server/accept-offer.ts')).toBe('offers');
    expect(ownerOf('src/server/plugins/session.ts')).toBe('platform');
    expect(ownerOf('src/web/lib/format.ts')).toBe('web');
    expect(ownerOf('src/app/web/pages/home-page.tsx')).toBe('app');
  });
});
