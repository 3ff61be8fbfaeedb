import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createUser, login, type TestApp } from '../../../../tests/helpers/test-app';
import { users } from './accounts.tables';
import { bootstrapAdmin } from './bootstrap-admin';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const byEmail = (email: string) =>
  t.db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);

describe('[ACCOUNTS] admin bootstrap', () => {
  it('creates a verified admin who can sign in, once', async () => {
    const created = await bootstrapAdmin(t.db, {
      email: 'Boss@Example.test',
      password: 'admin-password-1',
    });
    expect(created).toBe(true);
    const [admin] = await byEmail('boss@example.test');
    expect(admin).toMatchObject({ role: 'admin', email: 'Boss@Example.test' });
    expect(admin.emailVerifiedAt).toBeInstanceOf(Date);

    const cookie = await login(t, 'boss@example.test', 'admin-password-1');
    const me = await t.request({ method: 'GET', url: '/api/auth/user', cookie });
    expect(me.json()).toMatchObject({ role: 'admin' });

    expect(
      await bootstrapAdmin(t.db, { email: 'BOSS@example.test', password: 'other-password' }),
    ).toBe(false);
    expect(await byEmail('boss@example.test')).toHaveLength(1);
    // The existing password is left alone.
    await login(t, 'boss@example.test', 'admin-password-1');
  });

  it('leaves an existing account with that email as it is', async () => {
    const producer = await createUser(t.db, { email: 'someone@example.test' });
    expect(
      await bootstrapAdmin(t.db, { email: 'someone@example.test', password: 'admin-password-2' }),
    ).toBe(false);
    const [row] = await byEmail('someone@example.test');
    expect(row).toMatchObject({ id: producer.id, role: 'producer' });
  });
});
