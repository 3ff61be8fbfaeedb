import { AtSign, Link2, Mail, Share2, Briefcase } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { useToast } from '@/web/components/ui/toast';
import { listingShareUrl, shareHref, type ShareChannel } from '../lib/share-links';

interface ShareMenuProps {
  listing: { id: number; title: string; author: string };
  /** Called when the visitor shares by any channel (for activity tracking). */
  onShare?: () => void;
}

const channels: { channel: ShareChannel; label: string; Icon: typeof Mail }[] = [
  { channel: 'email', label: 'Email', Icon: Mail },
  { channel: 'linkedin', label: 'LinkedIn', Icon: Briefcase },
  { channel: 'twitter', label: 'Twitter', Icon: AtSign },
];

/** Copy Link, Email, LinkedIn and Twitter, all pointing at the listing's page. */
export function ShareMenu({ listing, onShare }: ShareMenuProps) {
  const toast = useToast();
  const url = listingShareUrl(window.location.origin, listing.id);

  const copyLink = async () => {
    onShare?.();
    try {
      // navigator.clipboard is missing on insecure origins: that is a failure too.
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link Copied', description: 'The listing link is on your clipboard.' });
    } catch {
      toast({
        title: 'Copy Failed',
        description: 'Unable to copy link to clipboard',
        variant: 'destructive',
      });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="rounded-full"
          aria-label={`Share ${listing.title}`}
        >
          <Share2 aria-hidden="true" className="h-5 w-5 text-ink-muted" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="min-w-40">
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <Link2 aria-hidden="true" className="h-4 w-4" />
          Copy Link
        </DropdownMenuItem>
        {channels.map(({ channel, label, Icon }) => (
          <DropdownMenuItem key={channel} asChild onSelect={onShare}>
            <a
              href={shareHref(channel, listing, url)}
              target={channel === 'email' ? undefined : '_blank'}
              rel="noopener noreferrer"
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </a>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
