import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Each rule that keeps the shape of src/ (issue 26) fails on a probe that breaks it, with a
 * message naming the rule: the real eslint.config.js over in-memory text, and the real
 * .dependency-cruiser.cjs over probe files written under src/ for the length of the test.
 */
const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

describe('ESLint (eslint.config.js)', () => {
  // import-x/no-cycle would walk the whole import graph from the probe; the rules under test
  // do not need it, and dependency-cruiser covers cycles below.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: { rules: { 'import-x/no-cycle': 'off' } },
  });

  async function ruleIdsOf(code: string, filePath: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  }

  it('refuses a reach-in past another room’s front door', async () => {
    const messages = await ruleIdsOf(
      "import { listingsRoutes } from '@/domains/listings/server/listings.routes';\nexport const probe = listingsRoutes;\n",
      'src/domains/lint-probe/server/probe.ts',
    );
    expect(messages).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*front door '@\/domains\/<room>\/server'/),
    ]);
  });

  it('refuses a function over 150 lines', async () => {
    const body = Array.from({ length: 151 }, (_, k) => `  total += ${k};`).join('\n');
    const messages = await ruleIdsOf(
      `export function tooLong(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
      'src/domains/lint-probe/server/too-long.ts',
    );
    expect(messages).toEqual([
      expect.stringMatching(/^max-lines-per-function: Function 'tooLong' has too many lines/),
    ]);
  });

  it('accepts the same function at 150 lines', async () => {
    const body = Array.from({ length: 146 }, (_, k) => `  total += ${k};`).join('\n');
    const messages = await ruleIdsOf(
      `export function longEnough(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
      'src/domains/lint-probe/server/long-enough.ts',
    );
    expect(messages).toEqual([]);
  });
});

describe('dependency-cruiser (.dependency-cruiser.cjs)', () => {
  const tag = `lint-probe-${randomBytes(4).toString('hex')}`;
  const probes = {
    cycle: `src/${tag}`,
    platform: `src/server/${tag}`,
    web: `src/web/${tag}`,
    rooms: `src/domains/${tag}`,
  };
  let output = '';

  beforeAll(async () => {
    const files: Record<string, string> = {
      // A cycle made only of type imports: ESLint's import-x/no-cycle does not see it.
      [`${probes.cycle}/a.ts`]: "import type { B } from './b';\nexport type A = { b?: B };\n",
      [`${probes.cycle}/b.ts`]: "import type { A } from './a';\nexport type B = { a?: A };\n",
      [`${probes.platform}/probe.ts`]:
        "import { MEDIUMS } from '@/domains/listings/listings.constants';\nexport const probe = MEDIUMS;\n",
      [`${probes.web}/probe.ts`]:
        "import type { Job } from '@/server/jobs/job-runner';\nexport type Probe = Job;\n",
      [`${probes.rooms}/probe.ts`]:
        "import type { Role } from '@/shared/roles';\nexport type Probe = Role;\n",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    const depcruise = async (dirs: string[], extra: string[]) => {
      try {
        await run(
          'node_modules/.bin/depcruise',
          [...dirs, '--config', '.dependency-cruiser.cjs', '--output-type', 'err-long', ...extra],
          { cwd: root },
        );
        return '';
      } catch (error) {
        // depcruise exits with the number of violations: its report is what we judge.
        return String((error as { stdout?: string }).stdout ?? error);
      }
    };
    try {
      const reports = await Promise.all([
        // A cycle is seen only by following the probe's imports all the way round.
        depcruise([probes.cycle], []),
        // The layer rules judge one arrow: the probes' own imports are enough.
        depcruise([probes.platform, probes.web, probes.rooms], ['--max-depth', '1']),
      ]);
      output = reports.join('\n');
    } finally {
      await Promise.all(
        Object.values(probes).map((dir) => rm(path.join(root, dir), { recursive: true })),
      );
    }
  }, 60_000);

  it('refuses an import cycle made only of type imports', () => {
    expect(output).toMatch(new RegExp(`error no-circular: src/${tag}/a\\.ts`));
  });

  it('refuses a platform file importing a room', () => {
    expect(output).toMatch(
      new RegExp(
        `error platform-imports-no-room: src/server/${tag}/probe\\.ts → src/domains/listings/listings\\.constants\\.ts`,
      ),
    );
  });

  it('refuses web code importing server code', () => {
    expect(output).toMatch(
      new RegExp(
        `error web-never-imports-server: src/web/${tag}/probe\\.ts → src/server/jobs/job-runner\\.ts`,
      ),
    );
  });

  it('lets a room import src/shared', () => {
    expect(output).not.toContain(`src/domains/${tag}/probe.ts`);
  });
});
