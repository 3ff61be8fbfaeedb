import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; migrations run from code (src/server/db/migrate.ts)
// because drizzle-kit's own migrate cannot load PGlite extensions.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/app/server/schema.ts',
  out: './db/migrations',
});
