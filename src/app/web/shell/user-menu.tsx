import { Link } from 'react-router';
import { ChevronDown, LogOut } from 'lucide-react';
import type { CurrentUser } from '@/domains/accounts/accounts.schema';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { userMenuItems } from './nav-links';
import { RoleBadge } from './role-badge';
import { useLogoutAndLeave } from './use-logout-and-leave';
import { displayName, initials } from './user-display';

/**
 * The signed-in user's menu (desktop). Loaded on demand by the header, so logged-out
 * visitors never download the dropdown library.
 */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const { logOut, isPending } = useLogoutAndLeave();
  return (
    // Not modal: a modal menu hides the page (aria-hidden) around focusable content, and axe
    // counts the open menu as a page with no main landmark and no h1 (issue 27).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-ink-soft hover:bg-surface-sunken">
        <UserAvatar user={user} />
        <span className="sr-only">Account menu for {displayName(user)}</span>
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent isPortalled={false}>
        <DropdownMenuLabel>
          <span className="block truncate font-medium text-ink">{displayName(user)}</span>
          <span className="block truncate text-xs">{user.email}</span>
          <RoleBadge role={user.role} className="mt-1" />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {userMenuItems(user).map((item) => (
          <DropdownMenuItem key={item.label} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isPending} onSelect={logOut}>
          <LogOut className="h-4 w-4" aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function UserAvatar({ user }: { user: CurrentUser }) {
  if (user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className="h-8 w-8 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
    >
      {initials(user)}
    </span>
  );
}
