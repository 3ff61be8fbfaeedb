import { Link } from 'react-router';
import { paths } from '@/shared/paths';
import { COMPANY, DATA_RETENTION_YEARS, MINIMUM_AGE } from '../../legal.constants';
import { Email, LegalPage, type LegalSection } from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {COMPANY.name} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) runs the PageToScreen marketplace and is
        the controller of the personal data described in this policy, under the UK General Data
        Protection Regulation (&ldquo;UK GDPR&rdquo;) and the Data Protection Act 2018. We are
        registered in {COMPANY.jurisdiction} at {COMPANY.addressLines.join(', ')}. You can reach us
        about anything in this policy at <Email address={COMPANY.emails.privacy} />.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The information we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address, username, password (which we
            store only as a one-way hash), role (producer or literary agent) and membership tier.
          </li>
          <li>
            <strong>Profile details:</strong> company name, phone number, postal address,
            professional links such as an IMDb page, what you are looking for, how you heard about
            us and a profile image, when you choose to provide them.
          </li>
          <li>
            <strong>Agent verification:</strong> information about your agency and the clients and
            rights you represent.
          </li>
          <li>
            <strong>Marketplace activity:</strong> listings you create, offers you make or receive,
            proposal decks, comments, forum posts and messages.
          </li>
          <li>
            <strong>Payment information:</strong> card payments and authorisation holds are
            processed by our payment provider. We receive a payment reference, the card brand, the
            last four digits and the expiry date, never the full card number.
          </li>
        </ul>
        <h3>Information we collect automatically</h3>
        <ul>
          <li>
            <strong>Usage data:</strong> the listings you view (which we also count to apply the
            free tier&rsquo;s monthly view limit), searches, favourites and the features you use.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser and device type, and server logs
            recording requests to the Platform, used for security and troubleshooting.
          </li>
          <li>
            <strong>Cookies:</strong> as explained in our{' '}
            <Link to={paths.cookies}>Cookie Policy</Link>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it and our lawful bases',
    body: (
      <ul>
        <li>
          <strong>To provide the Platform and your account</strong> (performance of our contract
          with you): registration, sign-in, listings, offers, card authorisations, membership and
          customer support.
        </li>
        <li>
          <strong>To personalise the Platform</strong> (our legitimate interest in showing you
          relevant titles): AI recommendations and Market-Match Scores based on your activity and
          stated interests.
        </li>
        <li>
          <strong>To keep the Platform safe</strong> (legitimate interests and legal obligations):
          verifying agents, preventing fraud and abuse, moderating content and securing accounts.
        </li>
        <li>
          <strong>To improve the Platform</strong> (legitimate interests): understanding how
          features are used, using aggregated or de-identified data where we can.
        </li>
        <li>
          <strong>To send you service emails</strong> (contract): verification, password resets,
          offer updates, receipts and renewal reminders.
        </li>
        <li>
          <strong>To send you marketing</strong> (consent, or our legitimate interest for similar
          services where the law allows): you can unsubscribe at any time from the link in each
          email.
        </li>
        <li>
          <strong>To meet legal obligations</strong> (legal obligation): tax, accounting and
          responding to lawful requests from authorities.
        </li>
      </ul>
    ),
  },
  {
    id: 'profiling',
    title: 'Recommendations and automated processing',
    body: (
      <p>
        Our recommendation features rank titles using your browsing history, favourites, searches
        and the interests in your profile. This is profiling, but it does not produce decisions with
        legal or similarly significant effects: it only changes the order and selection of titles
        you are shown. You can object to this processing at any time by writing to{' '}
        <Email address={COMPANY.emails.privacy} />, and we will stop using your activity for
        recommendations.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell your personal data. We share it only:</p>
        <ul>
          <li>
            <strong>with other users, as the marketplace requires:</strong> when a producer makes an
            offer, the agent for that title sees the producer&rsquo;s name, company, offer and
            proposal deck; producers see the agent and agency named on a listing; comments and forum
            posts show your display name;
          </li>
          <li>
            <strong>with our service providers,</strong> who act on our instructions under contract:
            hosting and storage, our payment provider, email delivery and customer support tools;
          </li>
          <li>
            <strong>with professional advisers</strong> such as lawyers, accountants and insurers;
          </li>
          <li>
            <strong>where the law requires it,</strong> or to protect the rights, property or safety
            of our users, the public or us;
          </li>
          <li>
            <strong>with a buyer or successor</strong> if our business is sold or reorganised,
            subject to this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    body: (
      <p>
        Some of our service providers process data outside the UK. Where they do, we make sure the
        transfer is protected: either the country benefits from UK adequacy regulations, or we use
        the International Data Transfer Agreement or the UK Addendum to the EU Standard Contractual
        Clauses, together with any additional safeguards needed.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <>
        <ul>
          <li>
            <strong>Account and marketplace data</strong> is kept while your account is open.
          </li>
          <li>
            <strong>After you close your account</strong> we keep the records we need for legal, tax
            and accounting purposes and to deal with disputes for about {DATA_RETENTION_YEARS}{' '}
            years, then delete or anonymise them.
          </li>
          <li>
            <strong>Cookie data</strong> lasts no longer than 30 days for preferences, 12 months for
            analytics and 24 months for AI recommendation data.
          </li>
          <li>
            <strong>Marketing preferences</strong> are kept until you withdraw consent, and a
            suppression record afterwards so that we do not contact you again.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    body: (
      <p>
        We use encryption in transit, hashed passwords, access controls limited to staff who need
        the data, and regular review of our systems. No service can be completely secure, so please
        use a strong password that you do not use elsewhere. If a breach is likely to put your
        rights at risk we will tell you and the Information Commissioner&rsquo;s Office as the law
        requires.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the UK GDPR you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected and incomplete data completed;</li>
          <li>have your data erased in certain circumstances;</li>
          <li>restrict or object to our processing, including profiling and direct marketing;</li>
          <li>receive data you gave us in a portable, machine-readable format;</li>
          <li>withdraw consent at any time, where we rely on consent.</li>
        </ul>
        <p>
          To use any of these rights, email <Email address={COMPANY.emails.privacy} />. You can also
          update most profile details yourself in your account settings. We respond within one
          month, free of charge, and may ask you to confirm your identity first.
        </p>
      </>
    ),
  },
  {
    id: 'complaints',
    title: 'Complaints',
    body: (
      <p>
        If you are unhappy with how we handle your data, please contact us first so we can try to
        put it right. You also have the right to complain to the Information Commissioner&rsquo;s
        Office (ICO), the UK supervisory authority for data protection, at{' '}
        <a href="https://ico.org.uk/make-a-complaint/" rel="noreferrer" target="_blank">
          ico.org.uk
        </a>{' '}
        or by telephone on 0303 123 1113.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Age limit',
    body: (
      <p>
        The Platform is for professionals aged {MINIMUM_AGE} and over. We do not knowingly collect
        data from anyone younger; if you believe we have, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We will post any changes on this page and update the date above. If a change materially
        affects how we use your data, we will tell you by email or on the Platform before it takes
        effect.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      summary={
        <p>
          This policy explains what personal data PageToScreen collects, why, who we share it with,
          how long we keep it, and the rights you have under UK data protection law.
        </p>
      }
      sections={sections}
    />
  );
}
