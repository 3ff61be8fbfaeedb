import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Clapperboard, Menu, X } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { NotificationsBell } from '@/domains/notifications/web';
import { buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { paths } from '@/shared/paths';
import { MobileMenu } from './mobile-menu';
import { guestItems, primaryNavItems } from './nav-links';
import { NavItemLink } from './nav-item-link';
import { RoleBadge } from './role-badge';

// The dropdown library is only needed once someone is signed in.
const UserMenu = lazy(() => import('./user-menu'));

const MOBILE_MENU_ID = 'mobile-menu';

export function SiteHeader() {
  const { user, isLoading } = useCurrentUser();
  const { pathname } = useLocation();
  // The menu remembers the page it was opened on, so any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isMenuOpen = openOn === pathname;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const navItems = primaryNavItems(user);

  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-7xl items-center gap-x-4 gap-y-2 px-4 py-2 sm:px-6 lg:px-8">
        <Link
          to={paths.home}
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-ink"
        >
          <Clapperboard className="h-6 w-6 text-brand-700" aria-hidden="true" />
          PageToScreen
        </Link>

        {navItems.length > 0 ? (
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex flex-wrap items-center gap-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} layout="bar" />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        <div className="ml-auto hidden shrink-0 items-center gap-3 md:flex">
          {isLoading ? (
            <Skeleton className="h-8 w-24" />
          ) : user ? (
            <>
              <RoleBadge role={user.role} />
              <NotificationsBell />
              <Suspense fallback={<Skeleton className="h-8 w-8 rounded-full" />}>
                <UserMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to={guestItems.logIn.to} className={buttonClasses('ghost', 'sm')}>
                {guestItems.logIn.label}
              </Link>
              <Link to={guestItems.joinNow.to} className={buttonClasses('primary', 'sm')}>
                {guestItems.joinNow.label}
              </Link>
            </>
          )}
        </div>

        <button
          ref={toggleRef}
          type="button"
          className="ml-auto inline-flex h-10 w-10 items-center justify-center rounded-md text-ink-soft hover:bg-surface-sunken md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setOpenOn(isMenuOpen ? null : pathname)}
        >
          {isMenuOpen ? (
            <X className="h-6 w-6" aria-hidden="true" />
          ) : (
            <Menu className="h-6 w-6" aria-hidden="true" />
          )}
        </button>
      </div>

      <MobileMenu
        id={MOBILE_MENU_ID}
        isOpen={isMenuOpen}
        user={user}
        isLoading={isLoading}
        navItems={navItems}
        onClose={() => setOpenOn(null)}
      />
    </header>
  );
}
