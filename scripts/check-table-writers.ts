/**
 * One writer per table (DESIGN.md, issue 9): only the room that defines a table writes it.
 * Scans src/ for Drizzle writes (`.insert(t)`, `.update(t)`, `.delete(t)`) and raw SQL
 * (`insert into t`, `update t set`, `delete from t`, `copy t (...)`, also with `${t}`), finds
 * each table's owner from where its `pgTable` is defined (src/domains/<room>/ → that room,
 * src/server/ → the platform) and reports every write from a file outside the owner.
 * Test files are exempt (fixtures may set up any state); the seed is not: it goes through
 * the rooms' front doors like everyone else.
 *
 *   npx tsx scripts/check-table-writers.ts        (exit code 1 and a list when a table has
 *                                                  a foreign writer)
 * scripts/check-table-writers.test.ts runs it with the unit tests.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes (`src/domains/x/...`). */
  path: string;
  text: string;
}

export interface TableDefinition {
  /** The TypeScript name of the table object (`mailOutbox`). */
  identifier: string;
  /** The table's name in SQL (`mail_outbox`). */
  sqlName: string;
  owner: string;
  definedIn: string;
}

export interface TableWriteViolation {
  file: string;
  line: number;
  table: string;
  owner: string;
  writer: string;
  /** The code that writes, trimmed to one line. */
  excerpt: string;
}

const SOURCE_EXTENSIONS = /\.(ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$/;

/** Who a file speaks for: its room, the platform (src/server), or another part of src/. */
export function ownerOf(filePath: string): string {
  const room = /^src\/domains\/([^/]+)\//.exec(filePath);
  if (room) return room[1];
  if (filePath.startsWith('src/server/')) return 'platform';
  const top = /^src\/([^/]+)\//.exec(filePath);
  return top ? top[1] : filePath;
}

/**
 * Comments blanked out (a comment that says "delete from favourites" writes nothing), keeping
 * every offset. Strings are kept: raw SQL lives in them.
 */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\'"`])\/\/[^\n]*/g, (match: string, before: string) =>
      before.padEnd(match.length, ' '),
    );
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

function excerptAt(text: string, index: number): string {
  const start = text.lastIndexOf('\n', index) + 1;
  const end = text.indexOf('\n', index);
  return text
    .slice(start, end === -1 ? undefined : end)
    .trim()
    .slice(0, 160);
}

/** Every `export const x = pgTable('name', ...)` in the sources. */
export function findTableDefinitions(files: readonly SourceFile[]): TableDefinition[] {
  const definitions: TableDefinition[] = [];
  const pattern = /\b(?:export\s+)?const\s+(\w+)\s*=\s*pgTable\(\s*['"`](\w+)['"`]/g;
  for (const file of files) {
    if (TEST_FILE.test(file.path)) continue;
    for (const match of stripComments(file.text).matchAll(pattern)) {
      definitions.push({
        identifier: match[1],
        sqlName: match[2],
        owner: ownerOf(file.path),
        definedIn: file.path,
      });
    }
  }
  return definitions;
}

/** `import { users as owners } from '...tables'`: local name → the table's own name. */
function importAliases(text: string): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const statement of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from/g)) {
    for (const part of statement[1].split(',')) {
      const alias = /^\s*(?:type\s+)?(\w+)\s+as\s+(\w+)\s*$/.exec(part);
      if (alias) aliases.set(alias[2], alias[1]);
    }
  }
  return aliases;
}

/** Writes to tables in one file: Drizzle calls and raw SQL. */
function findWrites(
  file: SourceFile,
  byIdentifier: Map<string, TableDefinition>,
  bySqlName: Map<string, TableDefinition>,
): Array<{ table: TableDefinition; index: number }> {
  const text = stripComments(file.text);
  const aliases = importAliases(text);
  const resolve = (name: string) => byIdentifier.get(aliases.get(name) ?? name);
  const writes: Array<{ table: TableDefinition; index: number }> = [];

  // db.insert(users), tx.update(schema.users), .delete(favourites)
  for (const match of text.matchAll(/\.(?:insert|update|delete)\(\s*(?:\w+\.)?(\w+)\s*\)/g)) {
    const table = resolve(match[1]);
    if (table) writes.push({ table, index: match.index });
  }
  // Raw SQL, by name or by an interpolated table object: insert into listings, update
  // "users" set, delete from ${favourites}, copy listings (...) from ...
  const target = String.raw`(?:"(\w+)"|(\w+)|\$\{\s*(?:\w+\.)?(\w+)\s*\})`;
  const rawPatterns = [
    new RegExp(String.raw`\binsert\s+into\s+${target}`, 'gi'),
    new RegExp(String.raw`\bupdate\s+${target}\s+set\b`, 'gi'),
    new RegExp(String.raw`\bdelete\s+from\s+${target}`, 'gi'),
    new RegExp(String.raw`\bcopy\s+${target}\s*\(`, 'gi'),
    new RegExp(String.raw`\btruncate\s+(?:table\s+)?${target}`, 'gi'),
  ];
  for (const pattern of rawPatterns) {
    for (const match of text.matchAll(pattern)) {
      const [, quoted, bare, interpolated] = match;
      const table = interpolated
        ? resolve(interpolated)
        : bySqlName.get((quoted ?? bare ?? '').toLowerCase());
      if (table) writes.push({ table, index: match.index });
    }
  }
  return writes;
}

/** Every write to a table from a non-test file outside the table's owner. */
export function findTableWriteViolations(files: readonly SourceFile[]): TableWriteViolation[] {
  const definitions = findTableDefinitions(files);
  const byIdentifier = new Map<string, TableDefinition>();
  const bySqlName = new Map<string, TableDefinition>();
  for (const definition of definitions) {
    const clash = byIdentifier.get(definition.identifier) ?? bySqlName.get(definition.sqlName);
    if (clash) {
      throw new Error(
        `table ${definition.identifier} (${definition.sqlName}) is defined twice: ${clash.definedIn} and ${definition.definedIn}`,
      );
    }
    byIdentifier.set(definition.identifier, definition);
    bySqlName.set(definition.sqlName, definition);
  }

  const violations: TableWriteViolation[] = [];
  for (const file of files) {
    if (TEST_FILE.test(file.path)) continue;
    const writer = ownerOf(file.path);
    const seen = new Set<string>();
    for (const { table, index } of findWrites(file, byIdentifier, bySqlName)) {
      if (table.owner === writer) continue;
      const line = lineAt(file.text, index);
      // One report per table and line, however many patterns matched it.
      const key = `${table.sqlName}:${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      violations.push({
        file: file.path,
        line,
        table: table.sqlName,
        owner: table.owner,
        writer,
        excerpt: excerptAt(file.text, index),
      });
    }
  }
  return violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The .ts/.tsx files under `dir` (relative to `root`). */
export function readSources(root: string, dir = 'src'): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = `${relative}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (SOURCE_EXTENSIONS.test(entry.name)) {
        files.push({ path: child, text: readFileSync(path.join(root, child), 'utf8') });
      }
    }
  };
  walk(dir);
  return files;
}

export function formatViolations(violations: readonly TableWriteViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.file}:${v.line}  ${v.writer} writes ${v.table} (owned by ${v.owner}): ${v.excerpt}`,
    )
    .join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const violations = findTableWriteViolations(readSources(root));
  if (violations.length > 0) {
    console.error(`Tables written outside their room (${violations.length}):`);
    console.error(formatViolations(violations));
    process.exit(1);
  }
  console.log('Every table is written only by its own room.');
}
