import { shareImageOf } from '@/domains/listings/server';
import { parseId } from '@/shared/ids';
import { paths } from '@/shared/paths';

export const SITE_NAME = 'PageToScreen';

/** What crawlers and link previews see for one page (before absolute URLs are added). */
export interface PageMetadata {
  title: string;
  description: string;
  keywords: string[];
  /** Path of the page's canonical URL (aliases point at the main route). */
  canonicalPath: string;
  ogType: 'website' | 'article';
  /** Absolute or site-relative image; the default share card when absent. */
  image?: string;
  /** Private pages (dashboards, account pages) ask search engines not to index them. */
  isPrivate?: boolean;
}

type RouteKey = keyof typeof paths;

interface RouteEntry {
  title: string;
  description: string;
  keywords: string[];
  /** The route this one is an alias of, for the canonical link. */
  canonical?: string;
  isPrivate?: boolean;
}

const CORE_KEYWORDS = ['adaptation rights', 'film rights', 'TV rights', 'PageToScreen'];

const HOME: RouteEntry = {
  title: 'PageToScreen | Film & TV Adaptation Rights Marketplace',
  description:
    'Discover books, scripts, comics and podcasts ready for the screen. PageToScreen connects producers with literary agents to option film and TV adaptation rights.',
  keywords: [
    'film rights marketplace',
    'TV adaptation rights',
    'book to film',
    'option agreement',
    'literary agents',
    'film producers',
    'intellectual property',
    'UK',
  ],
};

const AUTH: RouteEntry = {
  title: 'Log In or Join | PageToScreen',
  description:
    'Sign in to your PageToScreen account, or join as a producer or literary agent to buy and sell film and TV adaptation rights.',
  keywords: ['log in', 'sign up', 'producer account', 'literary agent account'],
};

const TERMS: RouteEntry = {
  title: 'Terms of Use | PageToScreen',
  description:
    'The terms that govern your use of PageToScreen, the UK marketplace for adaptation rights: accounts, listings, offers, payments and membership.',
  keywords: ['terms of use', 'terms and conditions', 'user agreement'],
};

const PRIVACY: RouteEntry = {
  title: 'Privacy Policy | PageToScreen',
  description:
    'How PageToScreen collects, uses and protects your personal data under the UK GDPR and the Data Protection Act 2018, and how to exercise your rights.',
  keywords: ['privacy policy', 'UK GDPR', 'data protection', 'personal data'],
};

const ADMIN = (area: string): RouteEntry => ({
  title: `${area} | PageToScreen Admin`,
  description: 'PageToScreen administration tools for moderating the marketplace.',
  keywords: ['administration'],
  isPrivate: true,
});

/**
 * Metadata of every route in `paths`. The spec's metadata list (part 1, "Route guard") has
 * page-specific copy; account and admin pages carry short generic copy and are private.
 * A route added to `paths` without an entry here gets the home copy with its own canonical.
 */
const ROUTES: Partial<Record<RouteKey, RouteEntry>> = {
  home: HOME,
  join: {
    title: 'Join PageToScreen | For Producers and Literary Agents',
    description:
      "Producers discover screen-ready stories; literary agents showcase their clients' work to active buyers. Join the UK marketplace for adaptation rights.",
    keywords: ['join PageToScreen', 'sell film rights', 'buy film rights', 'literary agents'],
  },
  auth: AUTH,
  login: { ...AUTH, canonical: paths.auth },
  verifyEmail: {
    title: 'Verify Your Email | PageToScreen',
    description: 'Confirm your email address to finish setting up your PageToScreen account.',
    keywords: ['verify email'],
    isPrivate: true,
  },
  resetPassword: {
    title: 'Reset Your Password | PageToScreen',
    description: 'Choose a new password for your PageToScreen account.',
    keywords: ['reset password'],
    isPrivate: true,
  },
  listings: {
    title: 'Browse IP Catalogue | PageToScreen',
    description:
      'Search adaptable intellectual property by medium, genre, price range and commercial viability, from novels and comics to podcasts, games and screenplays.',
    keywords: [
      'IP catalogue',
      'books for adaptation',
      'screenplays for sale',
      'comic book rights',
      'podcast rights',
      'option a book',
    ],
  },
  submitOffer: {
    title: 'Submit an Offer | PageToScreen',
    description: 'Make an offer for the film and TV adaptation rights to a PageToScreen listing.',
    keywords: ['submit offer', 'option offer'],
    isPrivate: true,
  },
  mySubmissions: {
    title: 'My Submissions | PageToScreen',
    description: 'Follow the offers you have submitted on PageToScreen and their status.',
    keywords: ['my offers'],
    isPrivate: true,
  },
  dealTimeline: {
    title: 'Deal Timeline | PageToScreen',
    description: 'Every event of one deal on PageToScreen, with its documents.',
    keywords: ['deal timeline', 'option'],
    isPrivate: true,
  },
  producerDashboard: {
    title: 'Producer Dashboard | PageToScreen',
    description:
      'Track your offers, favourite titles, monthly viewing allowance and acquisitions in one place on your PageToScreen producer dashboard.',
    keywords: ['producer dashboard', 'offers', 'acquisitions', 'favourites'],
    isPrivate: true,
  },
  agentDashboard: {
    title: 'Agent Dashboard | PageToScreen',
    description:
      "Manage your clients' listings, review producers' offers and follow how your titles perform from your PageToScreen literary agent dashboard.",
    keywords: ['literary agent dashboard', 'manage listings', 'review offers'],
    isPrivate: true,
  },
  adminDashboard: ADMIN('Admin Dashboard'),
  adminComments: ADMIN('Comment Moderation'),
  adminAnalytics: ADMIN('Analytics'),
  adminJobs: ADMIN('Background Jobs'),
  adminOptions: ADMIN('Options Awaiting Payment'),
  adminCommercialAnalysis: ADMIN('Commercial Analysis'),
  adminChainOfTitle: ADMIN('Chain of Title'),
  adminImageUpload: ADMIN('Image Upload'),
  aiRecommendations: {
    title: 'AI Recommendations | PageToScreen',
    description:
      'Personalised AI recommendations of books, scripts and other IP matched to your genres, budget and past offers. A PageToScreen Premium feature.',
    keywords: ['AI recommendations', 'personalised IP matches', 'development slate'],
  },
  commercialAnalysis: {
    title: 'Commercial Analysis | PageToScreen',
    description:
      'Financial projections, market assessment, risk analysis and franchise potential for adaptable IP, with viability scores to guide every acquisition.',
    keywords: [
      'commercial analysis',
      'box office forecasting',
      'viability score',
      'franchise potential',
      'risk analysis',
    ],
  },
  forum: {
    title: 'Community Forum | PageToScreen',
    description:
      'Producers, literary agents and writers discuss adaptation rights, option deals, development and the business of bringing stories to the screen.',
    keywords: ['film industry forum', 'option deals', 'screen adaptation', 'development'],
  },
  upgrade: {
    title: 'Upgrade to Premium | PageToScreen',
    description:
      'Upgrade to PageToScreen Premium for unlimited listing views, AI recommendations, full commercial analysis and listing discussions.',
    keywords: ['premium membership', 'upgrade', 'unlimited listing views'],
  },
  membership: {
    title: 'Membership | PageToScreen',
    description:
      "Compare PageToScreen's free and Premium memberships and manage your subscription.",
    keywords: ['membership', 'subscription', 'premium'],
  },
  paymentSuccess: {
    title: 'Payment Successful | PageToScreen',
    description: 'Thank you: your PageToScreen payment has been received.',
    keywords: ['payment'],
    isPrivate: true,
  },
  profile: {
    title: 'Your Profile | PageToScreen',
    description: 'Your PageToScreen profile.',
    keywords: ['profile'],
    isPrivate: true,
  },
  completeProfile: {
    title: 'Complete Your Profile | PageToScreen',
    description: 'Tell us about yourself to finish setting up your PageToScreen account.',
    keywords: ['profile'],
    isPrivate: true,
  },
  editAccount: {
    title: 'Edit Account | PageToScreen',
    description: 'Update your PageToScreen account details.',
    keywords: ['account settings'],
    isPrivate: true,
  },
  securitySettings: {
    title: 'Security Settings | PageToScreen',
    description: 'Change your password and manage the security of your PageToScreen account.',
    keywords: ['security settings', 'password'],
    isPrivate: true,
  },
  terms: TERMS,
  termsAlias: { ...TERMS, canonical: paths.terms },
  privacy: PRIVACY,
  privacyAlias: { ...PRIVACY, canonical: paths.privacy },
  cookies: {
    title: 'Cookie Policy | PageToScreen',
    description:
      'Which cookies PageToScreen uses, why we use them, and how you can manage your cookie preferences in your browser.',
    keywords: ['cookie policy', 'cookies', 'PECR'],
  },
  disclaimer: {
    title: 'Disclaimer | PageToScreen',
    description:
      "The limits of PageToScreen's listings, valuations, AI recommendations and commercial analysis. Nothing on the site is legal or financial advice.",
    keywords: ['disclaimer', 'no legal advice', 'no financial advice'],
  },
};

function toMetadata(entry: RouteEntry, canonicalPath: string): PageMetadata {
  return {
    title: entry.title,
    description: entry.description,
    keywords: [...entry.keywords, ...CORE_KEYWORDS],
    canonicalPath: entry.canonical ?? canonicalPath,
    ogType: 'website',
    isPrivate: entry.isPrivate,
  };
}

/** The home page's metadata; unknown routes use it too (spec part 1, "Route guard"). */
export const homeMetadata: PageMetadata = toMetadata(HOME, paths.home);

interface RoutePattern {
  key: RouteKey;
  regex: RegExp;
}

/** `paths` values, with functions turned into patterns (one `[^/]+` per parameter). */
const ROUTE_PATTERNS: RoutePattern[] = Object.entries(paths).map(([key, value]) => {
  const template = typeof value === 'function' ? value('\u0000') : value;
  const source = template
    .split('\u0000')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('([^/]+)');
  return { key: key as RouteKey, regex: new RegExp(`^${source}$`) };
});

/** Every known SPA route pattern, for tests and tools (e.g. `/submit-offer/([^/]+)`). */
export const knownRoutePatterns: readonly RegExp[] = ROUTE_PATTERNS.map((p) => p.regex);

export type ResolvedPage =
  | { kind: 'listing'; listingId: number | null }
  | { kind: 'page'; metadata: PageMetadata }
  | { kind: 'unknown' };

/** Which SPA page a pathname is (without query string; a trailing slash is ignored). */
export function resolvePage(pathname: string): ResolvedPage {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  for (const { key, regex } of ROUTE_PATTERNS) {
    const match = regex.exec(normalised);
    if (!match) continue;
    if (key === 'listing' || key === 'listingAlias') {
      return { kind: 'listing', listingId: parseId(decodeSegment(match[1])) };
    }
    const entry = ROUTES[key] ?? { ...HOME, canonical: normalised };
    return { kind: 'page', metadata: toMetadata(entry, normalised) };
  }
  return { kind: 'unknown' };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Paths robots.txt keeps crawlers out of: the private pages, as prefixes. */
export function privateRoutePrefixes(): string[] {
  const prefixes = ROUTE_PATTERNS.filter(({ key }) => ROUTES[key]?.isPrivate).map(({ key }) => {
    const value = paths[key];
    const template = typeof value === 'function' ? value('\u0000') : value;
    // A parameterised route is disallowed by its fixed prefix (e.g. /submit-offer/).
    return template.split('\u0000')[0];
  });
  // Admin pages share the /admin/ prefix; one line covers them.
  const collapsed = prefixes.filter((p) => !p.startsWith('/admin/'));
  if (collapsed.length !== prefixes.length) collapsed.push('/admin/');
  return [...new Set(collapsed)];
}

export interface ListingPreview {
  title: string;
  author: string;
  description: string | null;
  coverImageUrl: string | null;
}

const DESCRIPTION_LIMIT = 160;

/** Shortens text to about 160 characters at a word boundary, with an ellipsis when cut. */
export function summarise(text: string, limit = DESCRIPTION_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= limit) return flat;
  const cut = flat.slice(0, limit - 1);
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > limit * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${words.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A listing page's metadata, from the listing's own title, author, description and cover. */
export function listingMetadata(listing: ListingPreview, listingId: number): PageMetadata {
  const description = listing.description?.trim()
    ? summarise(listing.description)
    : summarise(
        `${listing.title} by ${listing.author}: film and TV adaptation rights on PageToScreen, the UK marketplace connecting producers with literary agents.`,
      );
  return {
    title: `${listing.title} by ${listing.author} | ${SITE_NAME}`,
    description,
    keywords: [listing.title, listing.author, 'option rights', ...CORE_KEYWORDS],
    canonicalPath: paths.listingAlias(listingId),
    ogType: 'article',
    // Link previews need a raster image: the generated cover's PNG, or the uploaded one.
    image: shareImageOf(listing.coverImageUrl),
  };
}
