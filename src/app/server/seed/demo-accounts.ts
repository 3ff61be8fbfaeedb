/**
 * The demo's people: the four documented demo accounts (password `demo-password`) and the
 * literary agents who own the catalogue. Agents other than demo.agent cannot sign in: their
 * password hash is of a random secret nobody knows.
 */
import type { NewUserRow } from '@/domains/accounts/server/accounts.tables';
import { createRng, hashSeed } from '@/server/prng';
import { CATALOGUE_EPOCH } from './generate-listing';
import {
  AGENCIES,
  AGENT_CREDENTIALS,
  AUTHOR_FIRST_NAMES,
  AUTHOR_LAST_NAMES,
  type Agency,
} from './word-lists';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_EMAILS = {
  producer: 'demo.producer@pagetoscreen.test',
  premium: 'demo.premium@pagetoscreen.test',
  agent: 'demo.agent@pagetoscreen.test',
  admin: 'demo.admin@pagetoscreen.test',
} as const;

/** How many agents own the catalogue besides demo.agent. */
export const SEED_AGENT_COUNT = 40;

const DAY_MS = 24 * 60 * 60 * 1000;
const YEAR_MS = 365 * DAY_MS;

function daysBeforeEpoch(days: number): Date {
  return new Date(CATALOGUE_EPOCH.getTime() - days * DAY_MS);
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

function agencyFields(agency: Agency, rng: ReturnType<typeof createRng>) {
  return {
    companyName: agency.name,
    agencyWebsite: `https://www.${agency.domain}.example`,
    agencyYearsInBusiness: CATALOGUE_EPOCH.getUTCFullYear() - agency.founded,
    agencyContactPhone: `+44 ${rng.pick(['20', '161', '131', '141', '117', '113', '29', '28'])} ${rng.int(
      1000,
      9999,
    )} ${rng.int(1000, 9999)}`,
    agencyCredentials: rng.pick(AGENT_CREDENTIALS),
    agencyClientList: `Represents ${rng.int(18, 75)} authors and screenwriters across fiction, non-fiction and drama.`,
    address: `${rng.int(2, 120)} ${rng.pick(['Bedford Row', 'Great Russell Street', 'King Street', 'Queen Square', 'Castle Street', 'High Street'])}, ${agency.city}`,
  };
}

function approvedAgentFields(joined: Date) {
  return {
    role: 'agent',
    agentVerificationStatus: 'approved',
    agentVerificationSubmittedAt: joined,
    agentVerifiedAt: new Date(joined.getTime() + 2 * DAY_MS),
  } as const;
}

function verifiedFields(joined: Date) {
  return {
    emailVerifiedAt: joined,
    acceptedLegalTermsAt: joined,
    profileCompletedAt: joined,
    createdAt: joined,
    updatedAt: joined,
  };
}

/**
 * The four demo accounts, in the order producer, premium, agent, admin.
 * `now` sets the premium member's expiry (one year ahead of the real clock).
 */
export function buildDemoUsers(passwordHash: string, now: Date): NewUserRow[] {
  const rng = createRng(hashSeed('pagetoscreen-demo-accounts'));
  const joined = daysBeforeEpoch(760);
  return [
    {
      email: DEMO_EMAILS.producer,
      username: 'demo_producer',
      passwordHash,
      firstName: 'Olivia',
      lastName: 'Bennett',
      role: 'producer',
      membershipTier: 'free',
      companyName: 'Bennett Bright Films',
      whatAreYouLookingFor: 'Character-led crime and thriller novels for British television.',
      howDidYouHearAboutUs: 'Industry event',
      ...verifiedFields(joined),
    },
    {
      email: DEMO_EMAILS.premium,
      username: 'demo_premium',
      passwordHash,
      firstName: 'James',
      lastName: 'Whitaker',
      role: 'producer',
      membershipTier: 'premium',
      premiumExpiresAt: new Date(now.getTime() + YEAR_MS),
      premiumAutoRenew: true,
      companyName: 'Whitaker & Moss Pictures',
      whatAreYouLookingFor: 'Feature-film rights to award-winning literary and historical fiction.',
      howDidYouHearAboutUs: 'Recommendation from a colleague',
      ...verifiedFields(joined),
    },
    {
      email: DEMO_EMAILS.agent,
      username: 'demo_agent',
      passwordHash,
      firstName: 'Priya',
      lastName: 'Sharma',
      ...approvedAgentFields(joined),
      ...agencyFields(
        {
          name: 'Sharma Literary Management',
          domain: 'sharmaliterary',
          city: 'London',
          founded: 2010,
        },
        rng,
      ),
      ...verifiedFields(joined),
    },
    {
      email: DEMO_EMAILS.admin,
      username: 'demo_admin',
      passwordHash,
      firstName: 'Alex',
      lastName: 'Morgan',
      role: 'admin',
      ...verifiedFields(joined),
    },
  ];
}

/** The catalogue's other literary agents: verified, approved, spread across the agencies. */
export function buildAgentUsers(
  unusablePasswordHash: string,
  count = SEED_AGENT_COUNT,
): NewUserRow[] {
  const rng = createRng(hashSeed('pagetoscreen-demo-agents'));
  const taken = new Set<string>();
  const agents: NewUserRow[] = [];
  for (let k = 0; k < count; k += 1) {
    let firstName: string;
    let lastName: string;
    do {
      firstName = rng.pick(AUTHOR_FIRST_NAMES);
      lastName = rng.pick(AUTHOR_LAST_NAMES);
    } while (taken.has(`${firstName} ${lastName}`));
    taken.add(`${firstName} ${lastName}`);
    const agency = AGENCIES[k % AGENCIES.length];
    const joined = daysBeforeEpoch(rng.int(740, 1800));
    const handle = slug(`${firstName}.${lastName}`);
    agents.push({
      email: `${handle}@${agency.domain}.example`,
      username: handle.replace(/\./g, '_'),
      passwordHash: unusablePasswordHash,
      firstName,
      lastName,
      ...approvedAgentFields(joined),
      ...agencyFields(agency, rng),
      ...verifiedFields(joined),
    });
  }
  return agents;
}
