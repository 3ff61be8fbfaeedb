import { NavLink } from 'react-router';
import { cn } from '@/web/lib/cn';
import type { NavItem } from './nav-links';

/** A header link; NavLink marks the current page with aria-current="page" and a highlight. */
export function NavItemLink({
  item,
  layout,
  onNavigate,
}: {
  item: NavItem;
  layout: 'bar' | 'stack';
  onNavigate?: () => void;
}) {
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) =>
        cn(
          'rounded-md text-sm font-medium transition-colors',
          layout === 'bar' ? 'px-3 py-2' : 'block px-3 py-3',
          isActive
            ? 'bg-brand-50 text-brand-800'
            : 'text-ink-soft hover:bg-surface-sunken hover:text-ink',
        )
      }
    >
      {item.label}
    </NavLink>
  );
}
