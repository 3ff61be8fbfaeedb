import type { RealValues } from './openapi-operations';

/**
 * A valid request for the operations whose schemas carry rules JSON Schema cannot say (email
 * format, matching passwords, real ids). The fuzzer spoils ONE part of such a request and
 * keeps the rest valid, so the spoiled value gets past validation to the handler and the
 * database — where a NUL used to make PostgreSQL fail. An operation without an example is
 * still fuzzed from its schema alone; add one here for a new operation with such rules.
 */
export interface ValidExample {
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

/** `unique` differs from call to call (sign-up and per-address limits need new addresses). */
type ExampleBuilder = (real: RealValues, unique: string) => ValidExample;

const first = (values: string[] | undefined, fallback: string) => values?.[0] ?? fallback;

const signUp = (unique: string) => ({
  firstName: 'Priya',
  lastName: 'Producer',
  email: `fuzz${unique}@example.test`,
  username: `fuzz_${unique}`,
  password: 'a-strong-password',
  confirmPassword: 'a-strong-password',
  acceptedLegalTerms: true,
  phoneNumber: '+44 20 7946 0000',
  address: '1 Bank Street, London',
  imdbPageLink: 'https://www.imdb.com/name/nm0000001/',
  whatAreYouLookingFor: 'Literary thrillers with strong female leads',
  howDidYouHearAboutUs: 'Other',
});

/** The agent's listing form (POST and PUT /api/listings). */
const listingForm = (unique: string) => ({
  title: `Fuzz Listing ${unique}`,
  author: 'Ada Fuzz',
  contentType: 'book',
  category: 'Fiction',
  synopsis: 'A synopsis long enough to pass the fifty-character minimum of the listing form.',
  targetAudience: 'Adult',
  publicationStatus: 'published',
  rightsAvailable: ['film', 'tv'],
  territory: ['UK'],
  exclusivity: 'exclusive',
  askingPrice: 50000,
  minimumDeal: 20000,
  currency: 'GBP',
  royaltyPercentage: 2.5,
  themes: ['grief'],
  keywords: ['sea'],
});

export const VALID_EXAMPLES: Record<string, ExampleBuilder> = {
  'POST /api/listings': (_real, unique) => ({ body: listingForm(unique) }),
  'PUT /api/listings/{id}': (_real, unique) => ({ body: listingForm(unique) }),
  'POST /api/auth/register': (_real, unique) => ({
    body:
      Number.parseInt(unique, 36) % 2
        ? { ...signUp(unique), role: 'producer', companyName: 'Reel Co' }
        : {
            ...signUp(unique),
            role: 'agent',
            companyName: 'Blue Door Literary',
            agencyWebsite: 'https://bluedoor.example',
            agencyYearsInBusiness: 12,
            agencyClientList: 'Twelve novelists and four screenwriters',
            agencyContactPhone: '+44 20 7946 0001',
            agencyCredentials: 'Member of the Association of Authors’ Agents',
          },
  }),
  'POST /api/auth/resend-verification': (_real, unique) => ({
    body: { email: `fuzz${unique}@example.test` },
  }),
  'POST /api/auth/forgot-password': (_real, unique) => ({
    body: { email: `fuzz${unique}@example.test` },
  }),
  'POST /api/auth/login': (_real, unique) => ({
    body: { email: `fuzz${unique}@example.test`, password: 'a-wrong-password' },
  }),
  'POST /api/auth/reset-password': (_real, unique) => ({
    body: {
      token: `token-${unique}`,
      password: 'a-new-password',
      confirmPassword: 'a-new-password',
    },
  }),
  'PATCH /api/profile/complete': (_real, unique) => {
    const { firstName, lastName, username, address, phoneNumber, imdbPageLink } = signUp(unique);
    return {
      body: {
        firstName,
        lastName,
        username,
        address,
        phoneNumber,
        imdbPageLink,
        whatAreYouLookingFor: 'Literary thrillers with strong female leads',
        howDidYouHearAboutUs: 'Industry Publication',
        acceptedLegalTerms: true,
      },
    };
  },
  'PUT /api/auth/profile': (_real, unique) => {
    const {
      acceptedLegalTerms: _terms,
      password: _p,
      confirmPassword: _c,
      ...profile
    } = signUp(unique);
    return { body: { ...profile, companyName: 'Reel Co' } };
  },
  'PUT /api/auth/change-password': () => ({
    body: {
      currentPassword: 'not-the-password',
      newPassword: 'a-new-password',
      confirmPassword: 'a-new-password',
    },
  }),
  'GET /api/listings': () => ({
    query: {
      search: 'lighthouse',
      medium: 'book',
      genre: 'Thriller',
      priceRange: '50k-100k',
      commercialViability: 'viable',
      featured: 'false',
      status: 'available',
      rights: 'film,tv',
      territory: 'UK',
      exclusivity: 'exclusive',
      availableMedia: 'tv',
      availableTerritory: 'Ireland',
      limit: '10',
      offset: '0',
    },
  }),
  'PATCH /api/membership/auto-renew': () => ({ body: { autoRenew: false } }),
  'GET /api/agent/avails': () => ({ query: { limit: '20', offset: '0' } }),
  'GET /api/admin/chain-of-title/overview': () => ({
    query: { search: 'lighthouse', page: '1', filter: 'missing-proof' },
  }),
  'POST /api/tracking/search': () => ({
    body: {
      searchQuery: 'lighthouse keeper',
      filters: {
        genre: 'Thriller',
        medium: 'book',
        priceRange: '50k-100k',
        commercialViability: 'viable',
      },
      resultsCount: 3,
    },
  }),
  'POST /api/tracking/activity': (real) => ({
    body: {
      listingId: Number(first(real.listingId, '1')),
      activityType: 'view',
      timeSpent: 30,
      sessionId: 'session-1',
      userAgent: 'Mozilla/5.0',
    },
  }),
  'POST /api/offers': (real) => ({
    body: {
      listingId: Number(first(real.listingId, '1')),
      offerPrice: '25000',
      optionPeriod: 18,
      extraRightsRequest: 'Podcast rights',
      fundCompetition: true,
      fundNotes: 'BFI development fund',
      deckFileUrl: first(real.deckFileUrl, '/api/uploads/deck/1'),
      // The part it covers (issue 29): within the world's listings (film, tv × UK, Ireland).
      media: ['film', 'tv'],
      territories: ['uk'],
    },
  }),
  'PATCH /api/offers/{id}/cancel': () => ({ body: { cancellationReason: 'Our budget changed' } }),
  'PATCH /api/offers/{id}/reject': () => ({ body: { reason: 'The rights are under discussion' } }),
  'POST /api/offers/{id}/counter': () => ({
    body: {
      offerPrice: '55000',
      optionPeriod: 24,
      // Media and territories left out stand as the listing offers them.
      purchasePricePercent: '1.5',
      purchasePriceFloor: '450000',
      purchasePriceCap: '900000',
      extensionMonths: 12,
      extensionFee: '10000',
      credit: 'Based on the novel by the author',
      notes: 'Happy at 24 months if the fee moves',
    },
  }),
  // The option after signature (issue 34): an admin records a bank transfer.
  'POST /api/admin/options/{id}/bank-transfer': () => ({
    body: { reference: 'BACS 12345', amount: '2000000' },
  }),
  'POST /api/offers/{id}/agreement/sign': () => ({
    body: { fullName: 'Alex Example', consent: true },
  }),
  'POST /api/deals/listings/{listingId}/questions': () => ({
    body: { body: 'Are the audio rights available?' },
  }),
  'POST /api/deals/threads/{id}/messages': () => ({ body: { body: 'Yes, they are.' } }),
  'POST /api/deals/threads/{id}/mute': () => ({ body: { muted: true } }),
  // Producer vetting (issue 35): the website must look like one; credits are a list.
  'POST /api/vetting/application': () => ({
    body: {
      company: 'Fuzz Films',
      role: 'Producer',
      website: 'https://fuzz-films.example',
      credits: [{ title: 'Fuzz Shore', year: 2020, role: 'Producer' }],
      reference: 'Sam Reed, sam@example.test',
    },
  }),
  'GET /api/vetting/verified': (real) => ({ query: { ids: first(real.userId, '1') } }),
  'PUT /api/vetting/listings/{listingId}/offer-policy': () => ({ body: { verifiedOnly: true } }),
  'POST /api/admin/producer-applications/{id}/decision': () => ({ body: { status: 'approved' } }),
  // Mandates (issue 35): a budget in order, a label when anonymous, a closing date ahead.
  'POST /api/mandates': () => ({
    body: {
      media: ['book'],
      genres: ['Drama'],
      budgetMin: 10000,
      budgetMax: 50000,
      rights: ['film'],
      territories: ['UK'],
      description: 'A coastal family drama with a secret at its heart.',
      anonymous: true,
      anonymousLabel: 'a London drama producer',
      openUntil: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10),
    },
  }),
  'POST /api/mandates/{id}/pitches': (real) => ({
    body: { listingId: Number(first(real.listingId, '1')), message: 'It fits your mandate' },
  }),
  'POST /api/mandates/pitches/{id}/answer': () => ({ body: { message: 'Tell me more' } }),
  'PUT /api/mandates/mutes/{agentId}': () => ({ body: { muted: true } }),
  // The admin console: values that change no one's role or tier for the better (the fuzz
  // suite checks that odd input promoted no one).
  'GET /api/admin/users': () => ({
    query: {
      page: '1',
      pageSize: '20',
      search: 'priya',
      role: 'producer',
      status: 'active',
      sort: 'name',
      order: 'asc',
    },
  }),
  'GET /api/admin/audit-log': (real) => ({
    query: {
      targetType: 'user',
      targetId: first(real.userId, '1'),
      action: 'change_role',
      page: '1',
      pageSize: '20',
    },
  }),
  'POST /api/admin/verify-agent/{agentId}': () => ({
    body: { status: 'rejected', notes: 'Please send your agency credentials' },
  }),
  'PUT /api/admin/users/{userId}/role': () => ({ body: { role: 'free' } }),
  'GET /api/admin/analytics': () => ({ query: { interval: 'week' } }),
  'GET /api/admin/jobs': () => ({ query: { status: 'dead', job: 'mail:outbox' } }),
  // POST /api/admin/upload-ip-images is multipart (no JSON body to keep valid): the fuzzer's
  // multipart strategy sends it broken bodies, like the deck and listing image uploads.
  // So is POST /api/agreements/verify (public): broken multipart bodies must answer 4xx, and
  // a PDF we never issued 200 with genuine: false (src/domains/agreements/server/verify-agreement.test.ts).
  'POST /api/admin/users/{userId}/suspend': () => ({ body: { notes: 'Fuzz check' } }),
  'POST /api/admin/users/{userId}/activate': () => ({ body: { notes: 'Fuzz check' } }),
  'POST /api/admin/users/{userId}/reset-password': () => ({
    body: { newPassword: 'a-new-strong-password' },
  }),
  // Comments: text stored as written (the fuzzer's odd strings must come back, not break SQL).
  'GET /api/listings/{id}/comments': () => ({ query: { page: '1', limit: '10' } }),
  'POST /api/recommendations/feedback': (real) => ({
    body: { listingId: Number(first(real.listingId, '1')), rating: 5, feedback: 'Strong fit' },
  }),
  'PUT /api/recommendations/profile': () => ({
    body: { genres: ['Drama'], mediums: ['book'], budgetMin: '10000', budgetMax: '90000' },
  }),
  'GET /api/recommendations': () => ({ query: { limit: '8', refresh: '1', excluded: '1,2' } }),
  'POST /api/saved-searches': () => ({
    body: {
      name: 'Coastal dramas',
      query: {
        search: 'coast',
        genre: 'drama',
        priceRange: '50k-100k',
        availableMedia: 'tv',
        availableTerritory: 'UK',
      },
      frequency: 'weekly',
    },
  }),
  'PATCH /api/saved-searches/{id}': () => ({ body: { name: 'Renamed', frequency: 'daily' } }),
  'GET /api/saved-searches/unsubscribe': () => ({ query: { token: 'not-a-token' } }),
  'POST /api/saved-searches/unsubscribe': () => ({ query: { token: 'not-a-token' } }),
  'GET /api/listings/by-meaning': () => ({
    query: {
      meaning: 'a family drama on the English coast',
      genre: 'drama',
      availableMedia: 'film',
      availableTerritory: 'UK',
      limit: '12',
    },
  }),
  'POST /api/listings/{id}/comments': () => ({
    body: { content: 'Who would you cast as the lighthouse keeper?' },
  }),
  'PUT /api/comments/{id}': () => ({ body: { content: 'Edited: who would you cast?' } }),
  'POST /api/comments/{id}/report': () => ({ body: { reason: 'Off topic' } }),
  'GET /api/admin/comments': (real) => ({
    query: { page: '1', limit: '20', listingId: first(real.listingId, '1'), reported: 'true' },
  }),
  'GET /api/forum/posts': () => ({
    query: { category: 'legal', search: 'option agreement', page: '1', limit: '20' },
  }),
  'POST /api/forum/posts': () => ({
    body: {
      title: 'Option periods for debut novels',
      content: 'What do you usually agree?',
      category: 'legal',
      tags: ['options', 'contracts'],
    },
  }),
  'PUT /api/forum/posts/{id}': () => ({
    body: { title: 'Edited title', content: 'Edited text', category: 'business', tags: [] },
  }),
  'GET /api/forum/posts/{id}/replies': () => ({ query: { page: '1', limit: '50' } }),
  'POST /api/forum/posts/{id}/replies': () => ({ body: { content: 'Eighteen months, usually.' } }),
  'PUT /api/forum/replies/{id}': () => ({ body: { content: 'Edited reply' } }),
  'POST /api/forum/like': () => ({ body: { postId: 1 } }),
  'POST /api/forum/reports': () => ({ body: { postId: 1, reason: 'Off topic' } }),
  'POST /api/forum/posts/{id}/sticky': () => ({ body: { isSticky: true } }),
  'POST /api/forum/posts/{id}/lock': () => ({ body: { isLocked: true } }),
  'POST /api/forum/posts/{id}/accepted-reply': () => ({ body: { replyId: null } }),
  'GET /api/admin/forum/reports': () => ({ query: { status: 'open' } }),
  // Enrichment (decision 014).
  'POST /api/admin/enrich-youtube': () => ({ body: { batchSize: 5 } }),
  'POST /api/admin/enrich-twitter': () => ({ body: { batchSize: 10 } }),
  'GET /api/google-books/search': () => ({ query: { q: 'lighthouse keeper', maxResults: '5' } }),
  'GET /api/google-books/listings': () => ({ query: { search: 'lighthouse', page: '1' } }),
  'GET /api/google-books/enrich/{listingId}': () => ({ query: { volumeId: 'vol-lighthouse-1' } }),
  'POST /api/google-books/apply-enrichment/{listingId}': () => ({
    body: { updateCoverImage: false, updatePageCount: true, updateGenre: true, addMetadata: true },
  }),
  'POST /api/google-books/batch-enrich': (real) => ({
    body: { listingIds: [Number(first(real.listingId, '1'))], autoApply: false },
  }),
  // Commercial analysis (decision 013).
  'GET /api/commercial-analysis/{listingId}': () => ({ query: { refresh: 'false' } }),
  'GET /api/enhanced-analysis': (real) => ({
    query: { listingId: first(real.listingId, '1'), refresh: 'false' },
  }),
  'GET /api/commercial-analysis/batch': () => ({
    query: { limit: '5', genre: 'Thriller', medium: 'book' },
  }),
  'GET /api/commercial-analysis/search': () => ({
    query: {
      limit: '20',
      offset: '0',
      minScore: '40',
      maxScore: '90',
      marketSize: 'medium',
      productionComplexity: 'low',
      roiPotential: 'high',
    },
  }),
  'POST /api/payments/local/confirm': () => ({
    body: {
      clientSecret: 'pi_local_secret_unknown',
      cardNumber: '4242 4242 4242 4242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
    },
  }),
};
