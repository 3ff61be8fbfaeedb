import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@/domains/accounts/server/accounts.tables';
import { adminAuditLog } from '@/domains/admin/server/admin.tables';
import type { ListingRow } from '@/domains/listings/server/listings.tables';
import { PREMIUM_REQUIRED_MESSAGE } from '@/domains/membership/membership.constants';
import { mailOutbox } from '@/server/mail/mail.tables';
import { insertListing } from '../../../../tests/helpers/fixtures/listings';
import { nextClientAddress } from '../../../../tests/helpers/fixtures/offers';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { COMMENT_MESSAGES, COMMENT_POSTS_PER_MINUTE } from '../comments.constants';
import type {
  AdminCommentsPage,
  Comment,
  CommentLikeResponse,
  CommentStats,
  CommentThreadsPage,
} from '../comments.schema';
import { commentLikes, commentReports, comments } from './comments.tables';
import { eraseUserComments } from './erase-user-comments';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

let t: TestApp;
let premium: UserRow;
let otherPremium: UserRow;
let freeProducer: UserRow;
let agent: UserRow;
let otherAgent: UserRow;
let admin: UserRow;
let listing: ListingRow;
let otherListing: ListingRow;
const cookies = new Map<number, string>();

const premiumProfile = () => ({
  role: 'producer',
  membershipTier: 'premium',
  premiumExpiresAt: new Date(Date.now() + YEAR_MS),
});

beforeAll(async () => {
  t = await createTestApp();
  premium = await createUser(t.db, { ...premiumProfile(), firstName: 'Priya' });
  otherPremium = await createUser(t.db, premiumProfile());
  freeProducer = await createUser(t.db, { role: 'producer', membershipTier: 'free' });
  agent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
  otherAgent = await createUser(t.db, { role: 'agent', agentVerificationStatus: 'approved' });
  admin = await createUser(t.db, { role: 'admin' });
  for (const user of [premium, otherPremium, freeProducer, agent, otherAgent, admin]) {
    cookies.set(user.id, await signIn(t, user.id));
  }
  listing = await insertListing(t.db, { agentId: agent.id, title: 'The Lighthouse Keeper' });
  otherListing = await insertListing(t.db, { agentId: otherAgent.id, title: 'Salt Roads' });
}, 120_000);

afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

function call(user: UserRow | null, method: Method, url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    cookie: user ? cookies.get(user.id) : undefined,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    remoteAddress: nextClientAddress(),
  });
}

async function post(
  user: UserRow,
  content: string,
  options: { parentId?: number; on?: number } = {},
) {
  const response = await call(user, 'POST', `/api/listings/${options.on ?? listing.id}/comments`, {
    content,
    ...(options.parentId ? { parentId: options.parentId } : {}),
  });
  if (response.statusCode !== 201) {
    throw new Error(`comment not posted: ${response.statusCode} ${response.body}`);
  }
  return response.json<{ comment: Comment }>().comment;
}

/**
 * A comment written straight to the table, for tests about something else than posting (the
 * API limits each member to 10 posts a minute).
 */
async function seed(
  user: UserRow,
  content: string,
  options: { parentId?: number; on?: number } = {},
): Promise<{ id: number }> {
  const [row] = await t.db
    .insert(comments)
    .values({
      listingId: options.on ?? listing.id,
      authorId: user.id,
      parentId: options.parentId ?? null,
      content,
    })
    .returning({ id: comments.id });
  return row;
}

async function threads(user: UserRow, query = '', listingId = listing.id) {
  const response = await call(user, 'GET', `/api/listings/${listingId}/comments${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<CommentThreadsPage>();
}

describe('[COMMENTS] posting, replying and reading threads', () => {
  it('posts a comment and reads it back with the spec fields', async () => {
    const comment = await post(premium, 'A superb candidate for a limited series.');
    expect(comment).toEqual({
      id: expect.any(Number),
      content: 'A superb candidate for a limited series.',
      isRemoved: false,
      createdAt: expect.any(String),
      isEdited: false,
      likeCount: 0,
      userHasLiked: false,
      author: {
        id: premium.id,
        firstName: 'Priya',
        lastName: premium.lastName,
        profileImageUrl: null,
        role: 'producer',
      },
    });
    expect(comment).not.toHaveProperty('parentId');
    const page = await threads(otherPremium);
    expect(page.comments.map((c) => c.id)).toContain(comment.id);
  });

  it('stores and returns HTML-looking text exactly as written', async () => {
    const content = '  <script>alert("x")</script> <b>bold</b> & <img src=x onerror=alert(1)>  ';
    const comment = await post(premium, content);
    expect(comment.content).toBe(content);
    const [row] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(row.content).toBe(content);
    const page = await threads(premium, '?limit=50');
    expect(page.comments.find((c) => c.id === comment.id)?.content).toBe(content);
  });

  it('accepts exactly 1000 characters and refuses 1001, and blank text, with the spec messages', async () => {
    const exact = await post(premium, 'x'.repeat(1000));
    expect(exact.content).toHaveLength(1000);

    const tooLong = await call(premium, 'POST', `/api/listings/${listing.id}/comments`, {
      content: 'x'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ content: COMMENT_MESSAGES.contentTooLong });

    for (const content of ['', '   ', '\n\t  \n']) {
      const blank = await call(premium, 'POST', `/api/listings/${listing.id}/comments`, {
        content,
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().fields).toEqual({ content: COMMENT_MESSAGES.contentRequired });
    }
    const missing = await call(premium, 'POST', `/api/listings/${listing.id}/comments`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ content: COMMENT_MESSAGES.contentRequired });
  });

  it('nests replies one level under their thread and refuses a reply to a reply', async () => {
    const replier = await createUser(t.db, premiumProfile());
    cookies.set(replier.id, await signIn(t, replier.id));
    const thread = await seed(premium, 'Who would direct this?');
    const reply = await post(otherPremium, 'Someone with a feel for the coast.', {
      parentId: thread.id,
    });
    expect(reply.parentId).toBe(thread.id);

    const replyToReply = await call(replier, 'POST', `/api/listings/${listing.id}/comments`, {
      content: 'Agreed.',
      parentId: reply.id,
    });
    expect(replyToReply.statusCode).toBe(400);
    expect(replyToReply.json()).toMatchObject({
      message: COMMENT_MESSAGES.replyToReply,
      fields: { parentId: COMMENT_MESSAGES.replyToReply },
    });

    // A parent on another listing, or none at all, is not there.
    const elsewhere = await seed(premium, 'On the other listing', { on: otherListing.id });
    for (const parentId of [elsewhere.id, 2_000_000_000]) {
      const response = await call(replier, 'POST', `/api/listings/${listing.id}/comments`, {
        content: 'Hello',
        parentId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMMENT_MESSAGES.parentNotFound);
    }

    const page = await threads(premium, '?limit=50');
    const found = page.comments.find((c) => c.id === thread.id);
    expect(found?.replies.map((r) => r.id)).toEqual([reply.id]);
    expect(page.comments.some((c) => c.id === reply.id)).toBe(false);
  });

  it('pages top-level threads newest first', async () => {
    const fresh = await insertListing(t.db, { agentId: agent.id });
    const posted: { id: number }[] = [];
    for (let index = 0; index < 5; index += 1) {
      posted.push(await seed(otherPremium, `Thread ${index}`, { on: fresh.id }));
    }
    await seed(premium, 'A reply does not count as a thread', {
      on: fresh.id,
      parentId: posted[0].id,
    });
    const first = await threads(premium, '?page=1&limit=2', fresh.id);
    expect(first.comments.map((c) => c.content)).toEqual(['Thread 4', 'Thread 3']);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
    const last = await threads(premium, '?page=3&limit=2', fresh.id);
    expect(last.comments.map((c) => c.content)).toEqual(['Thread 0']);
    expect(last.comments[0].replies).toHaveLength(1);
    expect(last.pagination.hasMore).toBe(false);
    const beyond = await threads(premium, '?page=9&limit=2', fresh.id);
    expect(beyond.comments).toEqual([]);

    for (const query of ['?page=0', '?limit=0', '?limit=51', '?page=abc']) {
      const response = await call(premium, 'GET', `/api/listings/${fresh.id}/comments${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers 404 for a listing that does not exist or is a draft', async () => {
    for (const id of ['999999', 'abc']) {
      const response = await call(premium, 'GET', `/api/listings/${id}/comments`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COMMENT_MESSAGES.listingNotFound);
    }
    const draft = await insertListing(t.db, { agentId: agent.id, status: 'draft' });
    expect((await call(premium, 'GET', `/api/listings/${draft.id}/comments`)).statusCode).toBe(404);
    expect((await call(agent, 'GET', `/api/listings/${draft.id}/comments`)).statusCode).toBe(200);
  });

  it('limits posting to 10 a minute per member', async () => {
    const busy = await createUser(t.db, premiumProfile());
    cookies.set(busy.id, await signIn(t, busy.id));
    for (let index = 0; index < COMMENT_POSTS_PER_MINUTE; index += 1) {
      await post(busy, `Post ${index}`);
    }
    // From a new address each time: the limit follows the member, not the address.
    const limited = await call(busy, 'POST', `/api/listings/${listing.id}/comments`, {
      content: 'One too many',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().code).toBe('RATE_LIMITED');
    // Someone else posts on.
    await post(otherPremium, 'Still allowed');
  });
});

describe('[COMMENTS] who takes part', () => {
  it('refuses signed-out visitors (401) and free producers (403 with the premium message)', async () => {
    const signedOut = await call(null, 'GET', `/api/listings/${listing.id}/comments`);
    expect(signedOut.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', `/api/listings/${listing.id}/comments`],
      ['POST', `/api/listings/${listing.id}/comments`],
    ] as const) {
      const response = await call(
        freeProducer,
        method,
        url,
        method === 'POST' ? { content: 'Hi' } : undefined,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({
        code: 'UPGRADE_REQUIRED',
        message: PREMIUM_REQUIRED_MESSAGE,
        upgradeRequired: true,
      });
    }
    const thread = await seed(premium, 'Free members cannot like this');
    const like = await call(freeProducer, 'POST', `/api/comments/${thread.id}/like`);
    expect(like.statusCode).toBe(403);
    expect(like.json().message).toBe(PREMIUM_REQUIRED_MESSAGE);
  });

  it("lets the listing's own agent read and answer, and not another agent", async () => {
    const thread = await seed(premium, 'Is the sequel available too?');
    const answer = await post(agent, 'Yes, both books are in the package.', {
      parentId: thread.id,
    });
    expect(answer.author?.role).toBe('agent');

    for (const [method, payload] of [
      ['GET', undefined],
      ['POST', { content: 'Hello' }],
    ] as const) {
      const response = await call(
        otherAgent,
        method,
        `/api/listings/${listing.id}/comments`,
        payload,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(COMMENT_MESSAGES.notYourListing);
    }
    const like = await call(otherAgent, 'POST', `/api/comments/${thread.id}/like`);
    expect(like.statusCode).toBe(403);
    // Their own listing is theirs to read.
    expect(
      (await call(otherAgent, 'GET', `/api/listings/${otherListing.id}/comments`)).statusCode,
    ).toBe(200);
  });

  it('lets admins read and post on any listing', async () => {
    await threads(admin);
    await threads(admin, '', otherListing.id);
    const note = await post(admin, 'Please keep the discussion civil.');
    expect(note.author?.role).toBe('admin');
  });
});

describe('[COMMENTS] editing, deleting and liking', () => {
  it('lets authors edit their own comment only, and marks it edited', async () => {
    const comment = await seed(premium, 'Frist draft');
    const edited = await call(premium, 'PUT', `/api/comments/${comment.id}`, {
      content: 'First draft',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().comment).toMatchObject({ content: 'First draft', isEdited: true });

    for (const user of [otherPremium, admin]) {
      const response = await call(user, 'PUT', `/api/comments/${comment.id}`, {
        content: 'Mine now',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(COMMENT_MESSAGES.editOwnOnly);
    }
    const blank = await call(premium, 'PUT', `/api/comments/${comment.id}`, { content: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({ content: COMMENT_MESSAGES.contentRequired });
    const tooLong = await call(premium, 'PUT', `/api/comments/${comment.id}`, {
      content: 'y'.repeat(1001),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await call(premium, 'PUT', '/api/comments/987654', { content: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lets authors delete their own comment, not others, keeping the replies under it', async () => {
    const thread = await seed(premium, 'To be withdrawn');
    const reply = await seed(otherPremium, 'A reply that stays', { parentId: thread.id });

    const refused = await call(otherPremium, 'DELETE', `/api/comments/${thread.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COMMENT_MESSAGES.deleteOwnOnly);

    const deleted = await call(premium, 'DELETE', `/api/comments/${thread.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true });
    const left = await t.db.select().from(comments).where(eq(comments.id, reply.id));
    expect(left.map((row) => row.content)).toEqual(['A reply that stays']);
    expect((await call(premium, 'DELETE', `/api/comments/${thread.id}`)).statusCode).toBe(404);
    // No audit for an author's own deletion.
    const audit = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'comment'), eq(adminAuditLog.targetId, thread.id)));
    expect(audit).toEqual([]);
    // The reply's author takes it back too: nothing is left of the thread.
    expect((await call(otherPremium, 'DELETE', `/api/comments/${reply.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(comments).where(eq(comments.id, thread.id))).toEqual([]);
  });

  it('keeps other members’ replies under a placeholder when an admin removes a reported comment', async () => {
    const thread = await seed(premium, 'Something reported');
    const first = await seed(otherPremium, 'First answer', { parentId: thread.id });
    const second = await seed(agent, 'Second answer', { parentId: thread.id });
    const report = await call(otherPremium, 'POST', `/api/comments/${thread.id}/report`, {});
    expect(report.statusCode).toBe(201);
    const listed = await call(admin, 'GET', `/api/admin/comments?listingId=${listing.id}`);
    const row = listed.json<AdminCommentsPage>().comments.find((c) => c.id === thread.id);
    expect(row?.replyCount).toBe(2);

    const response = await call(admin, 'DELETE', `/api/admin/comments/${thread.id}`);
    expect(response.statusCode).toBe(200);

    const page = await threads(otherPremium, '?limit=50');
    const placeholder = page.comments.find((c) => c.id === thread.id);
    expect(placeholder).toMatchObject({ isRemoved: true, content: '', author: null });
    expect(placeholder?.replies.map((r) => r.content)).toEqual(['First answer', 'Second answer']);
    // The placeholder is no one's comment: not moderated, not counted, not reported.
    const after = await call(admin, 'GET', `/api/admin/comments?listingId=${listing.id}`);
    expect(after.json<AdminCommentsPage>().comments.map((c) => c.id)).not.toContain(thread.id);
    const reports = await t.db
      .select()
      .from(commentReports)
      .where(eq(commentReports.commentId, thread.id));
    expect(reports).toEqual([]);
    for (const action of ['like', 'report'] as const) {
      const refused = await call(otherPremium, 'POST', `/api/comments/${thread.id}/${action}`, {});
      expect(refused.statusCode, action).toBe(404);
    }
    const [entry] = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'delete_comment'), eq(adminAuditLog.targetId, thread.id)),
      );
    expect(entry.before).toMatchObject({ content: 'Something reported' });
    expect(entry.after).toEqual({ placeholder: 'Comment removed', keptReplies: 2 });
    // When the last reply goes (its authors take them back), so does the placeholder.
    for (const [author, reply] of [
      [otherPremium, first],
      [agent, second],
    ] as const) {
      expect((await call(author, 'DELETE', `/api/comments/${reply.id}`)).statusCode).toBe(200);
    }
    expect(await t.db.select().from(comments).where(eq(comments.id, thread.id))).toEqual([]);
  });

  it('lets an admin delete anyone’s comment, audited, and emails its author', async () => {
    const comment = await seed(premium, 'Something an admin removes');
    const response = await call(admin, 'DELETE', `/api/comments/${comment.id}`);
    expect(response.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'comment'), eq(adminAuditLog.targetId, comment.id)));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'delete_comment' });
    expect(entry.before).toMatchObject({
      content: 'Something an admin removes',
      authorId: premium.id,
    });
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, premium.email));
    expect(mails.some((mail) => mail.subject === 'Your comment on PageToScreen was removed')).toBe(
      true,
    );
  });

  it('toggles a like and keeps likeCount equal to the like rows', async () => {
    const comment = await seed(premium, 'Like me');
    const like = (user: UserRow) => call(user, 'POST', `/api/comments/${comment.id}/like`);

    const first = await like(otherPremium);
    expect(first.statusCode).toBe(200);
    expect(first.json<CommentLikeResponse>()).toEqual({ likeCount: 1, userHasLiked: true });
    expect((await like(agent)).json<CommentLikeResponse>()).toEqual({
      likeCount: 2,
      userHasLiked: true,
    });
    expect((await like(otherPremium)).json<CommentLikeResponse>()).toEqual({
      likeCount: 1,
      userHasLiked: false,
    });

    const rows = await t.db
      .select()
      .from(commentLikes)
      .where(eq(commentLikes.commentId, comment.id));
    const [stored] = await t.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(stored.likeCount).toBe(rows.length);

    const asAgent = await threads(agent, '?limit=50');
    expect(asAgent.comments.find((c) => c.id === comment.id)).toMatchObject({
      likeCount: 1,
      userHasLiked: true,
    });
    const asOther = await threads(otherPremium, '?limit=50');
    expect(asOther.comments.find((c) => c.id === comment.id)?.userHasLiked).toBe(false);
    expect((await call(premium, 'POST', '/api/comments/987654/like')).statusCode).toBe(404);
  });
});

describe('[COMMENTS] reports', () => {
  it('queues one open report per member, refuses reporting your own', async () => {
    const comment = await seed(premium, 'A questionable remark');
    const report = (user: UserRow, reason?: string) =>
      call(user, 'POST', `/api/comments/${comment.id}/report`, reason ? { reason } : {});

    const first = await report(otherPremium, 'Off topic');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true });
    const again = await report(otherPremium);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(COMMENT_MESSAGES.alreadyReported);
    const own = await report(premium);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(COMMENT_MESSAGES.reportOwn);
    expect((await report(agent)).statusCode).toBe(201);

    const rows = await t.db
      .select()
      .from(commentReports)
      .where(eq(commentReports.commentId, comment.id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.reporterId === otherPremium.id)).toMatchObject({
      reason: 'Off topic',
      status: 'open',
    });

    const queue = await call(admin, 'GET', '/api/admin/comments?reported=true');
    expect(queue.statusCode).toBe(200);
    const page = queue.json<AdminCommentsPage>();
    expect(page.comments.find((c) => c.id === comment.id)?.reportCount).toBe(2);
    expect(page.comments.every((c) => c.reportCount > 0)).toBe(true);

    const dismissed = await call(
      admin,
      'POST',
      `/api/admin/comments/${comment.id}/dismiss-reports`,
    );
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json()).toEqual({ dismissed: 2 });
    const after = (
      await call(admin, 'GET', '/api/admin/comments?reported=true')
    ).json<AdminCommentsPage>();
    expect(after.comments.some((c) => c.id === comment.id)).toBe(false);
    const [audit] = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(
          eq(adminAuditLog.action, 'dismiss_comment_reports'),
          eq(adminAuditLog.targetId, comment.id),
        ),
      );
    expect(audit.actorId).toBe(admin.id);
    // Dismissed, the member may report it again.
    expect((await report(otherPremium)).statusCode).toBe(201);
  });
});

describe('[COMMENTS] admin moderation', () => {
  it('refuses everyone but admins', async () => {
    for (const user of [premium, agent, freeProducer]) {
      for (const [method, url] of [
        ['GET', '/api/admin/comments'],
        ['GET', '/api/admin/comments/stats'],
        ['DELETE', '/api/admin/comments/1'],
      ] as const) {
        expect((await call(user, method, url)).statusCode).toBe(403);
      }
    }
    expect((await call(null, 'GET', '/api/admin/comments')).statusCode).toBe(401);
  });

  it('lists every comment with its listing and author, 20 a page, filtered by listing', async () => {
    const quiet = await insertListing(t.db, { agentId: agent.id, title: 'Quiet Listing' });
    const thread = await seed(premium, 'Admin list thread', { on: quiet.id });
    await seed(otherPremium, 'Admin list reply', { on: quiet.id, parentId: thread.id });

    const filtered = await call(admin, 'GET', `/api/admin/comments?listingId=${quiet.id}`);
    expect(filtered.statusCode).toBe(200);
    const page = filtered.json<AdminCommentsPage>();
    expect(page.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1 });
    expect(page.comments.map((c) => c.content)).toEqual(['Admin list reply', 'Admin list thread']);
    expect(page.comments[0]).toMatchObject({
      parentId: thread.id,
      author: { id: otherPremium.id, email: otherPremium.email, role: 'producer' },
      listing: { id: quiet.id, title: 'Quiet Listing', author: 'Test Author' },
      reportCount: 0,
      isEdited: false,
      likeCount: 0,
    });
    expect(page.comments[1]).not.toHaveProperty('parentId');

    const all = (await call(admin, 'GET', '/api/admin/comments')).json<AdminCommentsPage>();
    const total = (await t.db.select().from(comments)).length;
    expect(all.pagination.total).toBe(total);
    expect(all.pagination.totalPages).toBe(Math.ceil(total / 20));
    expect(all.comments).toHaveLength(Math.min(20, total));

    const beyond = await call(
      admin,
      'GET',
      `/api/admin/comments?page=${all.pagination.totalPages + 1}`,
    );
    expect(beyond.json<AdminCommentsPage>().comments).toEqual([]);
    for (const query of ['?listingId=abc', '?listingId=1.5', '?page=0', '?limit=101']) {
      const response = await call(admin, 'GET', `/api/admin/comments${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    const bad = await call(admin, 'GET', '/api/admin/comments?listingId=abc');
    expect(bad.json().fields).toEqual({ listingId: COMMENT_MESSAGES.listingIdNotNumber });
  });

  it('deletes from the admin route with an audit entry and an email to the author', async () => {
    const comment = await seed(otherPremium, 'Removed by moderation');
    const before = (await call(admin, 'GET', '/api/admin/comments/stats')).json<CommentStats>();
    const response = await call(admin, 'DELETE', `/api/admin/comments/${comment.id}`);
    expect(response.statusCode).toBe(200);
    const after = (await call(admin, 'GET', '/api/admin/comments/stats')).json<CommentStats>();
    expect(after.overview.totalComments).toBe(before.overview.totalComments - 1);
    const [entry] = await t.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.action, 'delete_comment'), eq(adminAuditLog.targetId, comment.id)),
      );
    expect(entry.actorId).toBe(admin.id);
    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to, otherPremium.email));
    expect(mails.find((mail) => mail.subject.includes('removed'))?.text).toContain(
      'Removed by moderation',
    );
    expect((await call(admin, 'DELETE', `/api/admin/comments/${comment.id}`)).statusCode).toBe(404);
  });

  it('reports stats that equal the rows', async () => {
    // An old comment counts in the total only.
    const old = await seed(premium, 'From last month');
    await t.db
      .update(comments)
      .set({ createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) })
      .where(eq(comments.id, old.id));

    const response = await call(admin, 'GET', '/api/admin/comments/stats');
    expect(response.statusCode).toBe(200);
    const stats = response.json<CommentStats>();
    const rows = await t.db.select().from(comments);
    const recent = rows.filter((row) => row.createdAt.getTime() > Date.now() - 60 * 60 * 1000);
    expect(stats.overview.totalComments).toBe(rows.length);
    // Every other comment was written in the last minutes: today and this week.
    expect(stats.overview.commentsToday).toBe(recent.length);
    expect(stats.overview.commentsThisWeek).toBe(recent.length);

    const byAuthor = new Map<number, number>();
    for (const row of rows) byAuthor.set(row.authorId, (byAuthor.get(row.authorId) ?? 0) + 1);
    for (const commenter of stats.topCommenters) {
      expect(commenter.commentCount).toBe(byAuthor.get(commenter.authorId));
    }
    const most = Math.max(...byAuthor.values());
    expect(stats.topCommenters[0].commentCount).toBe(most);
    expect(stats.topCommenters.length).toBeLessThanOrEqual(5);

    const byListing = new Map<number, number>();
    for (const row of rows) byListing.set(row.listingId, (byListing.get(row.listingId) ?? 0) + 1);
    for (const entry of stats.mostCommentedListings) {
      expect(entry.commentCount).toBe(byListing.get(entry.listingId));
    }
    expect(stats.mostCommentedListings[0]).toMatchObject({
      listingId: listing.id,
      title: 'The Lighthouse Keeper',
      commentCount: Math.max(...byListing.values()),
    });
  });
});

describe('[COMMENTS] account deletion', () => {
  it("erases the person's comments and takes their likes back out of the counts", async () => {
    const leaving = await createUser(t.db, premiumProfile());
    const theirs = await seed(leaving, 'Written by someone who leaves');
    const reply = await seed(premium, 'A reply to them', { parentId: theirs.id });
    const liked = await seed(premium, 'Liked by someone who leaves');
    await t.db.insert(commentLikes).values({ commentId: liked.id, userId: leaving.id });
    await t.db.update(comments).set({ likeCount: 1 }).where(eq(comments.id, liked.id));
    await t.db.insert(commentReports).values({ commentId: liked.id, reporterId: leaving.id });

    await eraseUserComments(t.app, leaving);

    const ids = (await t.db.select({ id: comments.id }).from(comments)).map((row) => row.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).not.toContain(reply.id);
    const [stillThere] = await t.db.select().from(comments).where(eq(comments.id, liked.id));
    expect(stillThere.likeCount).toBe(0);
    const reports = await t.db
      .select()
      .from(commentReports)
      .where(eq(commentReports.reporterId, leaving.id));
    expect(reports).toEqual([]);
  });
});
