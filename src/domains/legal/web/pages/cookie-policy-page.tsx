import { Link } from 'react-router';
import { paths } from '@/shared/paths';
import { COMPANY } from '../../legal.constants';
import { Email, LegalPage, type LegalSection } from '../components/legal-page';

const cookieRows = [
  {
    category: 'Strictly necessary',
    examples: 'pts_session',
    purpose:
      'Keeps you signed in and protects your account and forms from cross-site requests. The Platform cannot work without it.',
    duration: 'Up to 30 days, renewed while you use the Platform; removed when you log out',
  },
  {
    category: 'Preferences',
    examples: 'Display and filter choices',
    purpose: 'Remembers choices such as catalogue filters and dismissed notices.',
    duration: '30 days',
  },
  {
    category: 'Analytics',
    examples: 'Usage measurement',
    purpose:
      'Tells us, in aggregate, which pages and features are used so that we can improve them.',
    duration: '12 months',
  },
  {
    category: 'AI recommendation data',
    examples: 'Recommendation history',
    purpose:
      'Remembers titles you have viewed and been shown so that recommendations stay fresh and relevant.',
    duration: '24 months',
  },
];

const sections: LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'What cookies are',
    body: (
      <p>
        Cookies are small text files that a website stores in your browser. They let the site
        recognise your browser on later requests, for example to keep you signed in. Similar
        technologies, such as your browser&rsquo;s local storage, work in the same way and are
        covered by this policy too.
      </p>
    ),
  },
  {
    id: 'how-we-use',
    title: 'The cookies we use',
    body: (
      <>
        <p>
          We keep cookies to a minimum. The table below lists each category, what it does and how
          long it lasts.
        </p>
        {/* Scrolls sideways on narrow screens; focusable so keyboards can scroll it too. */}
        <div
          className="overflow-x-auto"
          role="region"
          aria-label="Cookies used by PageToScreen"
          tabIndex={0}
        >
          <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Cookies used by PageToScreen</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                  Category
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                  Name or example
                </th>
                <th scope="col" className="py-2 pr-4 font-semibold text-ink">
                  Purpose
                </th>
                <th scope="col" className="py-2 font-semibold text-ink">
                  Duration
                </th>
              </tr>
            </thead>
            <tbody>
              {cookieRows.map((row) => (
                <tr key={row.category} className="border-b border-line align-top">
                  <th scope="row" className="py-2 pr-4 font-medium text-ink">
                    {row.category}
                  </th>
                  <td className="py-2 pr-4">{row.examples}</td>
                  <td className="py-2 pr-4">{row.purpose}</td>
                  <td className="py-2">{row.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'consent',
    title: 'Your consent',
    body: (
      <p>
        Strictly necessary cookies are set without consent, as the Privacy and Electronic
        Communications Regulations 2003 (PECR) allow, because the Platform cannot work without them.
        We set preference, analytics and recommendation cookies only where you have agreed to them,
        and you can change your mind at any time.
      </p>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party cookies',
    body: (
      <p>
        When you enter card details to make an offer or buy premium membership, our payment provider
        may set its own cookies to prevent fraud and to complete card authentication. Those cookies
        are governed by the provider&rsquo;s own privacy and cookie notices. We do not use
        advertising cookies and we do not allow advertising networks to track you on the Platform.
      </p>
    ),
  },
  {
    id: 'managing',
    title: 'Managing cookies',
    body: (
      <>
        <p>
          Most browsers let you see, block and delete cookies in their settings. The help pages of
          your browser explain how. If you block strictly necessary cookies you will not be able to
          sign in or use the parts of the Platform that need an account.
        </p>
        <p>
          Deleting cookies does not delete the data we hold in your account; to ask us to do that,
          see the rights section of our <Link to={paths.privacy}>Privacy Policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes and contact',
    body: (
      <p>
        We will update this policy when we change the cookies we use, and change the date above.
        Questions about cookies are welcome at <Email address={COMPANY.emails.privacy} />.
      </p>
    ),
  },
];

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      summary={
        <p>
          This policy explains which cookies and similar technologies PageToScreen uses, why we use
          them, how long they last and how you can control them.
        </p>
      }
      sections={sections}
    />
  );
}
