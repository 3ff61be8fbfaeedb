import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { users as usersTable } from '@/domains/accounts/server/accounts.tables';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import { mailOutbox } from '@/server/mail/mail.tables';
import type { ForumPost, ForumReply, ForumReportList } from '../forum.schema';
import { eraseUserForumContent } from './erase-user-forum-content';
import { forumPosts, forumReplies } from './forum.tables';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('[FORUM] moderation: pins, locks, removals, reports and audit', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const users: Record<string, { id: number; email: string }> = {};

  const call = (who: string, method: Method, url: string, payload?: unknown) =>
    t.request({ method, url, cookie: cookies[who], payload: payload as never });

  async function newPost(who: string, title: string): Promise<ForumPost> {
    const response = await call(who, 'POST', '/api/forum/posts', { title, content: 'Body' });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ForumPost;
  }
  async function newReply(who: string, postId: number, content: string): Promise<ForumReply> {
    const response = await call(who, 'POST', `/api/forum/posts/${postId}/replies`, { content });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ForumReply;
  }
  const auditOf = (action: string, targetId: number) =>
    t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, action), eq(adminAuditLog.targetId, targetId)));

  beforeAll(async () => {
    t = await createTestApp();
    for (const [name, role] of [
      ['agent', 'agent'],
      ['member', 'premium'],
      ['admin', 'admin'],
      ['leaver', 'agent'],
    ] as const) {
      const user = await createUser(t.db, { role, firstName: name });
      users[name] = user;
      cookies[name] = await signIn(t, user.id);
    }
  });
  afterAll(() => t.close());

  it('audits pins and locks, and refuses them to non-admins', async () => {
    const post = await newPost('agent', 'Pin and lock');
    for (const [path, body] of [
      ['sticky', { isSticky: true }],
      ['lock', { isLocked: true }],
    ] as const) {
      const refused = await call('agent', 'POST', `/api/forum/posts/${post.id}/${path}`, body);
      expect(refused.statusCode).toBe(403);
      const done = await call('admin', 'POST', `/api/forum/posts/${post.id}/${path}`, body);
      expect(done.statusCode).toBe(200);
      // Asking again changes nothing and is not audited twice.
      await call('admin', 'POST', `/api/forum/posts/${post.id}/${path}`, body);
    }
    const [pin] = await auditOf('pin_forum_post', post.id);
    expect(pin).toMatchObject({
      actorId: users.admin.id,
      targetType: 'forum_post',
      targetLabel: 'Pin and lock',
      before: { isSticky: false },
      after: { isSticky: true },
    });
    expect(await auditOf('lock_forum_post', post.id)).toHaveLength(1);
    await call('admin', 'POST', `/api/forum/posts/${post.id}/sticky`, { isSticky: false });
    await call('admin', 'POST', `/api/forum/posts/${post.id}/lock`, { isLocked: false });
    expect(await auditOf('unpin_forum_post', post.id)).toHaveLength(1);
    expect(await auditOf('unlock_forum_post', post.id)).toHaveLength(1);
    const body = (await call('agent', 'GET', `/api/forum/posts/${post.id}`)).json() as ForumPost;
    expect([body.isSticky, body.isLocked]).toEqual([false, false]);
    const bad = await call('admin', 'POST', `/api/forum/posts/${post.id}/lock`, {
      isLocked: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("lets an admin delete anyone's reply and post: audited, and the author is emailed", async () => {
    const post = await newPost('agent', 'Moderate me');
    const reply = await newReply('member', post.id, 'Rude words here');
    await call('agent', 'POST', `/api/forum/posts/${post.id}/accepted-reply`, {
      replyId: reply.id,
    });

    const removedReply = await call('admin', 'DELETE', `/api/forum/replies/${reply.id}`);
    expect(removedReply.statusCode).toBe(200);
    const after = (await call('agent', 'GET', `/api/forum/posts/${post.id}`)).json() as ForumPost;
    expect([after.replyCount, after.acceptedReplyId]).toEqual([0, null]);
    const [replyAudit] = await auditOf('delete_forum_reply', reply.id);
    expect(replyAudit).toMatchObject({ actorId: users.admin.id, targetType: 'forum_reply' });
    const replyMails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, users.member.email));
    expect(replyMails).toHaveLength(1);
    expect(replyMails[0].subject).toBe('Your forum reply was removed');
    expect(replyMails[0].text).toContain('Rude words here');

    const removedPost = await call('admin', 'DELETE', `/api/forum/posts/${post.id}`);
    expect(removedPost.statusCode).toBe(200);
    expect((await call('agent', 'GET', `/api/forum/posts/${post.id}`)).statusCode).toBe(404);
    expect(await auditOf('delete_forum_post', post.id)).toHaveLength(1);
    const postMails = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, users.agent.email));
    expect(postMails.map((mail) => mail.subject)).toEqual(['Your forum discussion was removed']);
  });

  it('does not audit or email when authors delete their own text', async () => {
    const post = await newPost('admin', 'Admin writes too');
    const reply = await newReply('admin', post.id, 'own reply');
    expect((await call('admin', 'DELETE', `/api/forum/replies/${reply.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'DELETE', `/api/forum/posts/${post.id}`)).statusCode).toBe(200);
    expect(await auditOf('delete_forum_reply', reply.id)).toHaveLength(0);
    expect(await auditOf('delete_forum_post', post.id)).toHaveLength(0);
  });

  it('queues reports for admins, who list and dismiss them (audited)', async () => {
    const post = await newPost('agent', 'Reported discussion');
    const reply = await newReply('agent', post.id, 'Reported reply text');

    const first = await call('member', 'POST', '/api/forum/reports', {
      postId: post.id,
      reason: 'Spam',
    });
    expect(first.statusCode).toBe(201);
    const again = await call('member', 'POST', '/api/forum/reports', { postId: post.id });
    expect(again.json().id).toBe(first.json().id);
    const ofReply = await call('member', 'POST', '/api/forum/reports', { replyId: reply.id });
    expect(ofReply.statusCode).toBe(201);
    expect((await call('member', 'POST', '/api/forum/reports', {})).statusCode).toBe(400);
    expect(
      (await call('member', 'POST', '/api/forum/reports', { replyId: 999999 })).statusCode,
    ).toBe(404);

    expect((await call('member', 'GET', '/api/admin/forum/reports')).statusCode).toBe(403);
    const queue = (
      await call('admin', 'GET', '/api/admin/forum/reports')
    ).json() as ForumReportList;
    expect(queue.reports.map((r) => [r.postId, r.replyId, r.excerpt, r.reason])).toEqual([
      [post.id, reply.id, 'Reported reply text', null],
      [post.id, null, 'Body', 'Spam'],
    ]);
    expect(queue.reports[0]).toMatchObject({
      postTitle: 'Reported discussion',
      reporter: { firstName: 'member', role: 'premium' },
      targetAuthor: { firstName: 'agent', role: 'agent' },
    });

    const reportId = first.json().id as number;
    expect(
      (await call('member', 'POST', `/api/admin/forum/reports/${reportId}/dismiss`)).statusCode,
    ).toBe(403);
    const dismissed = await call('admin', 'POST', `/api/admin/forum/reports/${reportId}/dismiss`);
    expect(dismissed.json()).toEqual({ id: reportId, status: 'dismissed' });
    expect(await auditOf('dismiss_forum_report', reportId)).toHaveLength(1);
    const open = (await call('admin', 'GET', '/api/admin/forum/reports')).json() as ForumReportList;
    expect(open.reports.map((r) => r.replyId)).toEqual([reply.id]);
    const all = (
      await call('admin', 'GET', '/api/admin/forum/reports?status=all')
    ).json() as ForumReportList;
    expect(all.reports).toHaveLength(2);
    expect(
      (await call('admin', 'POST', '/api/admin/forum/reports/999999/dismiss')).statusCode,
    ).toBe(404);

    // Removing the reply takes its report with it.
    await call('admin', 'DELETE', `/api/forum/replies/${reply.id}`);
    expect(
      ((await call('admin', 'GET', '/api/admin/forum/reports')).json() as ForumReportList).reports,
    ).toEqual([]);
  });

  it("erases a closing account's forum content and keeps others' counters right", async () => {
    const post = await newPost('agent', 'Stays');
    const leaverPost = await newPost('leaver', 'Goes');
    const reply = await newReply('leaver', post.id, 'leaving soon');
    await newReply('member', post.id, 'staying');
    await call('leaver', 'POST', '/api/forum/like', { postId: post.id });
    await call('agent', 'POST', `/api/forum/posts/${post.id}/accepted-reply`, {
      replyId: reply.id,
    });

    const [leaver] = await t.db.select().from(usersTable).where(eq(usersTable.id, users.leaver.id));
    await eraseUserForumContent({ db: t.db }, leaver);

    const [kept] = await t.db.select().from(forumPosts).where(eq(forumPosts.id, post.id));
    expect([kept.replyCount, kept.likeCount, kept.acceptedReplyId]).toEqual([1, 0, null]);
    expect(await t.db.select().from(forumPosts).where(eq(forumPosts.id, leaverPost.id))).toEqual(
      [],
    );
    expect(
      await t.db.select().from(forumReplies).where(eq(forumReplies.authorId, users.leaver.id)),
    ).toEqual([]);
  });
});
