import { cn } from '@/web/lib/cn';

interface AvatarPerson {
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

export const fullName = (person: Pick<AvatarPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim() || 'Member';

const initialsOf = (person: Pick<AvatarPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase() || '?';

/** The author's picture, or their initials. */
export function CommentAvatar({ person, className }: { person: AvatarPerson; className?: string }) {
  return person.profileImageUrl ? (
    <img
      src={person.profileImageUrl}
      alt=""
      className={cn('h-9 w-9 shrink-0 rounded-full object-cover', className)}
    />
  ) : (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800',
        className,
      )}
    >
      {initialsOf(person)}
    </span>
  );
}
