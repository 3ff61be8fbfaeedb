import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import type { CurrentUser } from '@/domains/accounts/accounts.schema';
import { buttonClasses } from '@/web/components/ui/button';
import { Spinner } from '@/web/components/ui/spinner';
import { guestItems, userMenuItems, type NavItem } from './nav-links';
import { NavItemLink } from './nav-item-link';
import { RoleBadge } from './role-badge';
import { useLogoutAndLeave } from './use-logout-and-leave';
import { displayName } from './user-display';

interface MobileMenuProps {
  id: string;
  isOpen: boolean;
  user: CurrentUser | null;
  isLoading: boolean;
  navItems: NavItem[];
  onClose: () => void;
}

/** The collapsible menu below md: the same links as the header and the user menu. */
export function MobileMenu({ id, isOpen, user, isLoading, navItems, onClose }: MobileMenuProps) {
  const { logOut, isPending } = useLogoutAndLeave();
  return (
    <div id={id} hidden={!isOpen} className="border-t border-line bg-white md:hidden">
      <div className="space-y-3 px-4 py-3">
        {navItems.length > 0 ? (
          <nav aria-label="Mobile">
            <ul className="space-y-1">
              {navItems.map((item) => (
                <li key={item.to}>
                  <NavItemLink item={item} layout="stack" onNavigate={onClose} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}

        {isLoading ? (
          <Spinner className="p-2" label="Loading your account" />
        ) : user ? (
          <div className="space-y-1 border-t border-line pt-3">
            <div className="flex items-center justify-between gap-2 px-3 pb-2">
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-ink">{displayName(user)}</p>
                <p className="truncate text-xs text-ink-muted">{user.email}</p>
              </div>
              <RoleBadge role={user.role} />
            </div>
            <ul className="space-y-1">
              {userMenuItems(user).map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} layout="stack" onNavigate={onClose} />
                </li>
              ))}
            </ul>
            <button
              type="button"
              disabled={isPending}
              onClick={logOut}
              className="flex w-full items-center gap-2 rounded-md px-3 py-3 text-left text-sm font-medium text-ink-soft hover:bg-surface-sunken disabled:opacity-50"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Log out
            </button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <Link
              to={guestItems.logIn.to}
              onClick={onClose}
              className={buttonClasses('outline', 'md')}
            >
              {guestItems.logIn.label}
            </Link>
            <Link
              to={guestItems.joinNow.to}
              onClick={onClose}
              className={buttonClasses('primary', 'md')}
            >
              {guestItems.joinNow.label}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
