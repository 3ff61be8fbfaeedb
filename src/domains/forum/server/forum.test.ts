import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  signIn,
  type TestApp,
} from '../../../../tests/helpers/test-app';
import { FORUM_ACCESS_MESSAGE } from '../forum.constants';
import type { ForumPost, ForumPostList, ForumReply, ForumReplyList } from '../forum.schema';
import { forumPosts } from './forum.tables';
import { recordForumView } from './record-forum-view';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('[FORUM] discussions, replies, likes, views and search', () => {
  let t: TestApp;
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  const call = (who: string, method: Method, url: string, payload?: unknown) =>
    t.request({ method, url, cookie: cookies[who], payload: payload as never });

  /** Starts a discussion as `who`; 'any' is a new agent each time (posting is rate limited). */
  async function newPost(who: string, body: Record<string, unknown>): Promise<ForumPost> {
    const cookie =
      who === 'any'
        ? await signIn(t, (await createUser(t.db, { role: 'agent' })).id)
        : cookies[who];
    const response = await t.request({
      method: 'POST',
      url: '/api/forum/posts',
      cookie,
      payload: {
        category: 'general',
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as ForumPost;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const people = {
      free: await createUser(t.db, { firstName: 'Free', lastName: 'Producer' }),
      expired: await createUser(t.db, {
        membershipTier: 'premium',
        premiumExpiresAt: new Date(Date.now() - 86_400_000),
      }),
      premium: await createUser(t.db, {
        firstName: 'Pat',
        lastName: 'Premium',
        membershipTier: 'premium',
        premiumExpiresAt: new Date(Date.now() + 30 * 86_400_000),
      }),
      legacy: await createUser(t.db, { role: 'premium' }),
      agent: await createUser(t.db, { firstName: 'Ada', lastName: 'Agent', role: 'agent' }),
      agent2: await createUser(t.db, { role: 'agent' }),
      admin: await createUser(t.db, { role: 'admin' }),
    };
    for (const [name, user] of Object.entries(people)) {
      cookies[name] = await signIn(t, user.id);
      ids[name] = user.id;
    }
  });
  afterAll(() => t.close());

  describe('access (part 2 section 6)', () => {
    it('refuses free and lapsed producers with the spec message, and anonymous callers', async () => {
      for (const who of ['free', 'expired']) {
        for (const [method, url] of [
          ['GET', '/api/forum/posts'],
          ['POST', '/api/forum/posts'],
          ['POST', '/api/forum/like'],
        ] as const) {
          const response = await call(who, method, url, method === 'POST' ? {} : undefined);
          expect(response.statusCode, `${who} ${method} ${url}`).toBe(403);
          expect(response.json()).toEqual({ message: FORUM_ACCESS_MESSAGE, code: 'FORBIDDEN' });
        }
      }
      const anonymous = await t.request({ method: 'GET', url: '/api/forum/posts' });
      expect(anonymous.statusCode).toBe(401);
    });

    it('lets premium producers, the legacy premium role, agents and admins in', async () => {
      for (const who of ['premium', 'legacy', 'agent', 'admin']) {
        const response = await call(who, 'GET', '/api/forum/posts');
        expect(response.statusCode, who).toBe(200);
      }
    });
  });

  describe('writing', () => {
    it('needs a title and content, with the spec messages', async () => {
      for (const body of [
        { title: '', content: 'Some text' },
        { title: '   ', content: 'Some text' },
        { title: 'A title', content: ' \n ' },
        { content: 'No title' },
        { title: 'No content' },
      ]) {
        const response = await call('legacy', 'POST', '/api/forum/posts', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(
          'Please provide both title and content for your post.',
        );
      }
      const badCategory = await call('legacy', 'POST', '/api/forum/posts', {
        title: 'x',
        content: 'y',
        category: 'gossip',
      });
      expect(badCategory.statusCode).toBe(400);
      expect(badCategory.json().fields.category).toMatch(/general, technical, business, legal/);
    });

    it('trims tags, drops empty and repeated ones, and limits them', async () => {
      const post = await newPost('agent', {
        title: '  Option agreements  ',
        content: 'How long?',
        category: 'legal',
        tags: [' options ', '', 'Contracts', 'options', '  ', 'contracts', 'UK'],
      });
      expect(post.title).toBe('Option agreements');
      expect(post.tags).toEqual(['options', 'Contracts', 'UK']);
      expect(post.category).toBe('legal');
      expect(post.author).toEqual({
        firstName: 'Ada',
        lastName: 'Agent',
        role: 'agent',
        verified: false,
      });
      expect(post.isOwn).toBe(true);

      const tooMany = await call('agent', 'POST', '/api/forum/posts', {
        title: 't',
        content: 'c',
        tags: Array.from({ length: 11 }, (_, i) => `tag${i}`),
      });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toBe('Use at most 10 tags');
      const tooLong = await call('agent', 'POST', '/api/forum/posts', {
        title: 't',
        content: 'c',
        tags: ['x'.repeat(31)],
      });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('Each tag must be at most 30 characters');
    });

    it('stores HTML-looking text exactly as written and returns it verbatim', async () => {
      const content = '<script>alert("x")</script>\n  <b>bold</b> & https://example.com/?a=1&b=2  ';
      const post = await newPost('premium', { title: '<img src=x onerror=alert(1)>', content });
      const read = (await call('premium', 'GET', `/api/forum/posts/${post.id}`)).json();
      expect(read.content).toBe(content);
      expect(read.title).toBe('<img src=x onerror=alert(1)>');
      const reply = await call('agent', 'POST', `/api/forum/posts/${post.id}/replies`, {
        content: '<a href="javascript:alert(1)">hi</a>',
      });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().content).toBe('<a href="javascript:alert(1)">hi</a>');
    });

    it('needs reply content, bumps the counters and answers replies oldest first', async () => {
      const post = await newPost('agent', { title: 'Replies', content: 'Talk to me' });
      const blank = await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, {
        content: '  ',
      });
      expect(blank.statusCode).toBe(400);
      expect(blank.json().message).toBe('Please provide content for your reply.');
      const missing = await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, {});
      expect(missing.json().message).toBe('Please provide content for your reply.');

      const before = post.lastActivityAt;
      for (const content of ['first', 'second', 'third']) {
        const response = await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, {
          content,
        });
        expect(response.statusCode).toBe(201);
        expect((response.json() as ForumReply).author.firstName).toBe('Pat');
      }
      const after = (await call('agent', 'GET', `/api/forum/posts/${post.id}`)).json() as ForumPost;
      expect(after.replyCount).toBe(3);
      expect(after.lastActivityAt > before).toBe(true);

      const page1 = (
        await call('agent', 'GET', `/api/forum/posts/${post.id}/replies?limit=2`)
      ).json() as ForumReplyList;
      expect(page1.replies.map((r) => r.content)).toEqual(['first', 'second']);
      expect(page1).toMatchObject({ total: 3, totalPages: 2, page: 1, limit: 2 });
      const page2 = (
        await call('agent', 'GET', `/api/forum/posts/${post.id}/replies?limit=2&page=2`)
      ).json() as ForumReplyList;
      expect(page2.replies.map((r) => r.content)).toEqual(['third']);

      const missingPost = await call('agent', 'POST', '/api/forum/posts/999999/replies', {
        content: 'x',
      });
      expect(missingPost.statusCode).toBe(404);
      expect((await call('agent', 'GET', '/api/forum/posts/abc')).statusCode).toBe(404);
    });

    it('lets authors edit and delete only their own posts and replies', async () => {
      const post = await newPost('agent', { title: 'Mine', content: 'original' });
      const reply = (
        await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, { content: 'r' })
      ).json() as ForumReply;

      const body = { title: 'Mine, edited', content: 'changed', category: 'business', tags: [] };
      const notYours = await call('agent2', 'PUT', `/api/forum/posts/${post.id}`, body);
      expect(notYours.statusCode).toBe(403);
      // Admins remove, they do not rewrite.
      expect((await call('admin', 'PUT', `/api/forum/posts/${post.id}`, body)).statusCode).toBe(
        403,
      );
      const edited = await call('agent', 'PUT', `/api/forum/posts/${post.id}`, body);
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({
        title: 'Mine, edited',
        content: 'changed',
        category: 'business',
        isEdited: true,
      });
      const blank = await call('agent', 'PUT', `/api/forum/posts/${post.id}`, {
        ...body,
        content: '',
      });
      expect(blank.json().message).toBe('Please provide both title and content for your post.');

      expect(
        (await call('agent', 'PUT', `/api/forum/replies/${reply.id}`, { content: 'no' }))
          .statusCode,
      ).toBe(403);
      const replyEdit = await call('premium', 'PUT', `/api/forum/replies/${reply.id}`, {
        content: 'r, edited',
      });
      expect(replyEdit.json()).toMatchObject({ content: 'r, edited', isEdited: true });

      expect((await call('agent', 'DELETE', `/api/forum/replies/${reply.id}`)).statusCode).toBe(
        403,
      );
      expect((await call('premium', 'DELETE', `/api/forum/replies/${reply.id}`)).statusCode).toBe(
        200,
      );
      expect(
        ((await call('agent', 'GET', `/api/forum/posts/${post.id}`)).json() as ForumPost)
          .replyCount,
      ).toBe(0);

      expect((await call('agent2', 'DELETE', `/api/forum/posts/${post.id}`)).statusCode).toBe(403);
      expect((await call('agent', 'DELETE', `/api/forum/posts/${post.id}`)).statusCode).toBe(200);
      expect((await call('agent', 'GET', `/api/forum/posts/${post.id}`)).statusCode).toBe(404);
    });

    it("lets the post's author mark one reply as the accepted answer", async () => {
      const post = await newPost('agent', { title: 'Question', content: 'Which contract?' });
      const other = await newPost('agent', { title: 'Other', content: 'x' });
      const first = (
        await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, { content: 'A' })
      ).json() as ForumReply;
      const second = (
        await call('admin', 'POST', `/api/forum/posts/${post.id}/replies`, { content: 'B' })
      ).json() as ForumReply;
      const elsewhere = (
        await call('admin', 'POST', `/api/forum/posts/${other.id}/replies`, { content: 'C' })
      ).json() as ForumReply;

      const url = `/api/forum/posts/${post.id}/accepted-reply`;
      expect((await call('premium', 'POST', url, { replyId: first.id })).statusCode).toBe(403);
      expect((await call('agent', 'POST', url, { replyId: elsewhere.id })).statusCode).toBe(400);
      const marked = await call('agent', 'POST', url, { replyId: second.id });
      expect(marked.statusCode).toBe(200);
      expect(marked.json().acceptedReplyId).toBe(second.id);
      const replies = (
        await call('premium', 'GET', `/api/forum/posts/${post.id}/replies`)
      ).json() as ForumReplyList;
      expect(replies.replies.map((r) => [r.content, r.isAcceptedAnswer])).toEqual([
        ['A', false],
        ['B', true],
      ]);
      const cleared = await call('agent', 'POST', url, { replyId: null });
      expect(cleared.json().acceptedReplyId).toBeNull();
    });

    it('limits how fast one person starts discussions', async () => {
      const author = await createUser(t.db, { role: 'agent' });
      const cookie = await signIn(t, author.id);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const response = await t.request({
          method: 'POST',
          url: '/api/forum/posts',
          cookie,
          payload: { title: `Burst ${i}`, content: 'x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
      // Someone else is not held back.
      expect((await newPost('agent2', { title: 'Not me', content: 'x' })).id).toBeGreaterThan(0);
    });
  });

  describe('locks, pins and likes', () => {
    it('refuses replies on a locked discussion with 409', async () => {
      const post = await newPost('any', { title: 'Lock me', content: 'x' });
      expect(
        (await call('agent', 'POST', `/api/forum/posts/${post.id}/lock`, { isLocked: true }))
          .statusCode,
      ).toBe(403);
      const locked = await call('admin', 'POST', `/api/forum/posts/${post.id}/lock`, {
        isLocked: true,
      });
      expect(locked.json().isLocked).toBe(true);
      const refused = await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, {
        content: 'too late',
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'This discussion is locked: no new replies can be posted.',
        code: 'CONFLICT',
      });
      await call('admin', 'POST', `/api/forum/posts/${post.id}/lock`, { isLocked: false });
      expect(
        (
          await call('premium', 'POST', `/api/forum/posts/${post.id}/replies`, {
            content: 'now ok',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('toggles likes on posts and replies with the counts in step', async () => {
      const post = await newPost('any', { title: 'Like me', content: 'x' });
      const reply = (
        await call('agent', 'POST', `/api/forum/posts/${post.id}/replies`, { content: 'r' })
      ).json() as ForumReply;

      const like = (who: string, body: object) => call(who, 'POST', '/api/forum/like', body);
      expect((await like('premium', { postId: post.id })).json()).toEqual({
        likeCount: 1,
        userHasLiked: true,
      });
      expect((await like('admin', { postId: post.id })).json()).toEqual({
        likeCount: 2,
        userHasLiked: true,
      });
      expect((await like('premium', { postId: post.id })).json()).toEqual({
        likeCount: 1,
        userHasLiked: false,
      });
      const seen = (await call('admin', 'GET', `/api/forum/posts/${post.id}`)).json() as ForumPost;
      expect([seen.likeCount, seen.userHasLiked]).toEqual([1, true]);
      const seenByOther = (
        await call('premium', 'GET', `/api/forum/posts/${post.id}`)
      ).json() as ForumPost;
      expect(seenByOther.userHasLiked).toBe(false);

      expect((await like('premium', { replyId: reply.id })).json()).toEqual({
        likeCount: 1,
        userHasLiked: true,
      });
      const replies = (
        await call('premium', 'GET', `/api/forum/posts/${post.id}/replies`)
      ).json() as ForumReplyList;
      expect(replies.replies[0]).toMatchObject({ likeCount: 1, userHasLiked: true });
      expect((await like('premium', { replyId: reply.id })).json()).toEqual({
        likeCount: 0,
        userHasLiked: false,
      });

      expect((await like('premium', {})).statusCode).toBe(400);
      expect((await like('premium', { postId: post.id, replyId: reply.id })).statusCode).toBe(400);
      expect((await like('premium', { postId: 999999 })).statusCode).toBe(404);
    });

    it('counts a view once per viewer per UK day', async () => {
      const post = await newPost('any', { title: 'Views', content: 'x' });
      const view = (who: string) => call(who, 'POST', `/api/forum/posts/${post.id}/view`);
      expect((await view('premium')).json()).toEqual({ viewCount: 1, counted: true });
      expect((await view('premium')).json()).toEqual({ viewCount: 1, counted: false });
      expect((await view('admin')).json()).toEqual({ viewCount: 2, counted: true });
      const tomorrow = new Date(Date.now() + 86_400_000);
      expect(
        await recordForumView(t.db, { userId: ids.premium, postId: post.id, now: tomorrow }),
      ).toEqual({ viewCount: 3, counted: true });
      // 23:30 and 00:30 UK time on one summer night are two UK days (UTC 22:30 and 23:30).
      const late = await recordForumView(t.db, {
        userId: ids.agent2,
        postId: post.id,
        now: new Date('2030-07-01T22:30:00Z'),
      });
      const later = await recordForumView(t.db, {
        userId: ids.agent2,
        postId: post.id,
        now: new Date('2030-07-01T23:30:00Z'),
      });
      expect([late.counted, later.counted]).toEqual([true, true]);
      expect((await call('agent', 'POST', '/api/forum/posts/999999/view')).statusCode).toBe(404);
    });
  });

  describe('the list', () => {
    it('puts pinned discussions first, then the most recently active; and pages', async () => {
      await t.db.delete(forumPosts);
      const made: ForumPost[] = [];
      for (const title of ['Oldest', 'Middle', 'Newest']) {
        made.push(await newPost('any', { title, content: 'x', category: 'technical' }));
      }
      await t.db
        .update(forumPosts)
        .set({ lastActivityAt: sql`now() - interval '3 days'` })
        .where(eq(forumPosts.id, made[0].id));
      await t.db
        .update(forumPosts)
        .set({ lastActivityAt: sql`now() - interval '2 days'` })
        .where(eq(forumPosts.id, made[1].id));
      await t.db
        .update(forumPosts)
        .set({ lastActivityAt: sql`now() - interval '1 hour'` })
        .where(eq(forumPosts.id, made[2].id));
      const pinned = await call('admin', 'POST', `/api/forum/posts/${made[0].id}/sticky`, {
        isSticky: true,
      });
      expect(pinned.json().isSticky).toBe(true);
      // A reply moves the middle one up.
      await call('premium', 'POST', `/api/forum/posts/${made[1].id}/replies`, { content: 'up' });

      const list = (await call('premium', 'GET', '/api/forum/posts')).json() as ForumPostList;
      expect(list.posts.map((p) => p.title)).toEqual(['Oldest', 'Middle', 'Newest']);
      expect(list).toMatchObject({ total: 3, totalPosts: 3, activeToday: 2, totalPages: 1 });

      const page2 = (
        await call('premium', 'GET', '/api/forum/posts?limit=2&page=2')
      ).json() as ForumPostList;
      expect(page2.posts.map((p) => p.title)).toEqual(['Newest']);
      expect(page2).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
      const beyond = (
        await call('premium', 'GET', '/api/forum/posts?page=9')
      ).json() as ForumPostList;
      expect(beyond.posts).toEqual([]);

      for (const query of ['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=51', 'page=10001']) {
        const response = await call('premium', 'GET', `/api/forum/posts?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
      const byCategory = (
        await call('premium', 'GET', '/api/forum/posts?category=legal')
      ).json() as ForumPostList;
      expect(byCategory.total).toBe(0);
      expect(byCategory.totalPosts).toBe(3);
      expect((await call('premium', 'GET', '/api/forum/posts?category=all')).json().total).toBe(3);
    });

    it('searches titles, content and tags with the catalogue word rule', async () => {
      await t.db.delete(forumPosts);
      await newPost('any', {
        title: 'Detective series rights',
        content: 'Who owns the sequel?',
        tags: ['crime'],
      });
      await newPost('any', {
        title: 'Budget question',
        content: 'Financing an adaptation in Scotland',
        tags: ['money'],
      });
      await newPost('any', {
        title: 'Festival season',
        content: 'Any tips?',
        tags: ['Cannes-market'],
        category: 'business',
      });
      const titles = async (search: string, extra = '') =>
        (
          (
            await call(
              'premium',
              'GET',
              `/api/forum/posts?search=${encodeURIComponent(search)}${extra}`,
            )
          ).json() as ForumPostList
        ).posts.map((p) => p.title);

      expect(await titles('detect')).toEqual(['Detective series rights']);
      expect(await titles('SEQUEL')).toEqual(['Detective series rights']);
      expect(await titles('scot adapt')).toEqual(['Budget question']);
      expect(await titles('crime')).toEqual(['Detective series rights']);
      expect(await titles('cannes')).toEqual(['Festival season']);
      expect(await titles('money budget')).toEqual(['Budget question']);
      expect(await titles('money festival')).toEqual([]);
      expect(await titles('festival', '&category=legal')).toEqual([]);
      expect(await titles('festival', '&category=business')).toEqual(['Festival season']);
      // Punctuation and tsquery syntax are only separators.
      expect(await titles("rights' & | !:*")).toEqual(['Detective series rights']);
      expect((await titles('   ')).length).toBe(3);
    });

    it("answers 'Active Today' as discussions active in the last 24 hours", async () => {
      await t.db.delete(forumPosts);
      const recent = await newPost('any', { title: 'Recent', content: 'x' });
      const old = await newPost('any', { title: 'Old', content: 'x' });
      await t.db
        .update(forumPosts)
        .set({ lastActivityAt: sql`now() - interval '25 hours'` })
        .where(eq(forumPosts.id, old.id));
      await t.db
        .update(forumPosts)
        .set({ lastActivityAt: sql`now() - interval '23 hours'` })
        .where(eq(forumPosts.id, recent.id));
      const list = (await call('admin', 'GET', '/api/forum/posts')).json() as ForumPostList;
      expect(list.activeToday).toBe(1);
      // A reply brings the old one back to today.
      await call('premium', 'POST', `/api/forum/posts/${old.id}/replies`, { content: 'bump' });
      expect(
        ((await call('admin', 'GET', '/api/forum/posts')).json() as ForumPostList).activeToday,
      ).toBe(2);
    });
  });

  describe('verified producer badge (issue 35)', () => {
    /** Applies as `cookie` and has the admin approve it, as the console does. */
    async function verifyProducer(cookie: string): Promise<void> {
      const applied = await t.request({
        method: 'POST',
        url: '/api/vetting/application',
        cookie,
        payload: {
          company: 'Northern Light Films',
          role: 'Head of Development',
          website: 'https://northernlight.example',
          credits: [{ title: 'The Quiet Shore', year: 2022, role: 'Producer' }],
          reference: 'Sam Reed, BFI, sam@example.test',
        },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const { id } = applied.json<{ id: number }>();
      const decided = await call(
        'admin',
        'POST',
        `/api/admin/producer-applications/${id}/decision`,
        {
          status: 'approved',
        },
      );
      expect(decided.statusCode, decided.body).toBe(200);
    }

    it("says so on a verified producer's post and reply, and not on an unverified one's", async () => {
      const vera = await createUser(t.db, {
        firstName: 'Vera',
        lastName: 'Verified',
        membershipTier: 'premium',
        premiumExpiresAt: new Date(Date.now() + 30 * 86_400_000),
      });
      cookies.vera = await signIn(t, vera.id);
      await verifyProducer(cookies.vera);

      const verifiedPost = await newPost('vera', { title: 'Looking for thrillers', content: 'x' });
      const plainPost = await newPost('premium', { title: 'Any thrillers?', content: 'x' });
      expect(verifiedPost.author).toMatchObject({ firstName: 'Vera', verified: true });
      expect(plainPost.author).toMatchObject({ firstName: 'Pat', verified: false });

      // The list, the post's page and its replies all carry the flag.
      const list = (
        await call('agent', 'GET', '/api/forum/posts?limit=50')
      ).json() as ForumPostList;
      const byId = new Map(list.posts.map((post) => [post.id, post.author.verified]));
      expect(byId.get(verifiedPost.id)).toBe(true);
      expect(byId.get(plainPost.id)).toBe(false);
      const shown = (await call('agent', 'GET', `/api/forum/posts/${verifiedPost.id}`)).json();
      expect((shown as ForumPost).author.verified).toBe(true);

      const reply = await call('vera', 'POST', `/api/forum/posts/${plainPost.id}/replies`, {
        content: 'We are.',
      });
      expect((reply.json() as ForumReply).author.verified).toBe(true);
      await call('agent', 'POST', `/api/forum/posts/${plainPost.id}/replies`, {
        content: 'Me too',
      });
      const replies = (
        await call('premium', 'GET', `/api/forum/posts/${plainPost.id}/replies`)
      ).json() as ForumReplyList;
      expect(replies.replies.map((r) => [r.content, r.author.verified])).toEqual([
        ['We are.', true],
        ['Me too', false],
      ]);
    });
  });
});
