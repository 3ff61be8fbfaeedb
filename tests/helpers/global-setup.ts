import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Gives the run an id; on the PostgreSQL leg drops the databases this run created. */
export default function setup() {
  const runId = randomBytes(4).toString('hex');
  process.env.PTS_TEST_RUN_ID = runId;
  return async () => {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) return;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1`,
      [`pts_test_${runId}_%`],
    );
    for (const row of rows)
      await admin.query(`DROP DATABASE IF EXISTS "${row.datname}" WITH (FORCE)`);
    await admin.end();
  };
}
