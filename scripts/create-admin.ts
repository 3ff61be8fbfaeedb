// Creates a verified admin account: npm run create-admin -- --email E --password P
// Opens the database as the server does (DATABASE_URL, else PGlite in DATA_DIR), migrates it,
// and does nothing when a user already has that email.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { bootstrapAdmin } from '@/domains/accounts/server';

const ArgsSchema = z.object({
  email: z.email({ error: '--email must be an email address' }),
  password: z
    .string({ error: '--password is required' })
    .min(8, { error: '--password must be at least 8 characters' })
    .max(128, { error: '--password must be at most 128 characters' }),
});

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' } },
    strict: true,
  });
  const args = ArgsSchema.safeParse(values);
  if (!args.success) {
    console.error('Usage: npm run create-admin -- --email E --password P');
    for (const issue of args.error.issues) console.error(`  - ${issue.message}`);
    return 1;
  }

  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
  });
  try {
    await runMigrations(database);
    const created = await bootstrapAdmin(database.db, args.data);
    console.log(
      created
        ? `Admin ${args.data.email} created; they can sign in now.`
        : `A user with the email ${args.data.email} already exists; nothing was changed.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
