import { Link } from 'react-router';
import { Clapperboard } from 'lucide-react';
import { COMPANY, COPYRIGHT_YEAR } from '@/domains/legal/legal.constants';
import { paths } from '@/shared/paths';

const productLinks = [
  { to: paths.listings, label: 'Browse IP' },
  { to: paths.join, label: 'Why PageToScreen' },
  { to: paths.upgrade, label: 'Premium Membership' },
  { to: `${paths.auth}?mode=register`, label: 'Join Now' },
  // Anyone handed a signed agreement may check it, signed in or not.
  { to: paths.verifyAgreement, label: 'Verify agreement' },
];

const legalLinks = [
  { to: paths.terms, label: 'Terms of Use' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.cookies, label: 'Cookie Policy' },
  { to: paths.disclaimer, label: 'Disclaimer' },
];

const linkClasses = 'rounded text-sm text-slate-300 hover:text-white hover:underline';

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Link
            to={paths.home}
            className="inline-flex items-center gap-2 rounded text-lg font-bold text-white"
          >
            <Clapperboard className="h-6 w-6 text-brand-500" aria-hidden="true" />
            PageToScreen
          </Link>
          <p className="mt-3 max-w-md text-sm">
            The UK marketplace where literary agents list books, scripts and stories for film and TV
            adaptation, and producers find their next project. 1,000+ titles and 1,000+ industry
            professionals.
          </p>
          <address className="mt-4 text-sm not-italic">
            {COMPANY.name}
            <br />
            {COMPANY.addressLines.join(', ')}
          </address>
        </div>
        <nav aria-label="Product">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Product</h2>
          <ul className="mt-3 space-y-2">
            {productLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Legal</h2>
          <ul className="mt-3 space-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClasses}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {COPYRIGHT_YEAR} {COMPANY.name}. Registered in {COMPANY.jurisdiction}.
        </p>
      </div>
    </footer>
  );
}
