import { defineConfig } from 'drizzle-kit';

// drizzle-kit only generates SQL here; migrations run from code (src/server/db/migrate.ts)
// because drizzle-kit's own migrate cannot load PGlite extensions.
export default defineConfig({
  dialect: 'postgresql',
  // Every room's tables and the platform's, found by name: a new room's *.tables.ts is picked
  // up without a list to edit (its one line is in src/app/server/app.ts).
  schema: ['./src/domains/*/server/*.tables.ts', './src/server/**/*.tables.ts'],
  out: './db/migrations',
});
