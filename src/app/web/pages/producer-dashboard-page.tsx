import { Link } from 'react-router';
import { Heart, LayoutDashboard, Search, UserRound } from 'lucide-react';
import { useCurrentUser } from '@/domains/accounts/web';
import { FavouritesPanel } from '@/domains/favourites/web';
import { MembershipCard } from '@/domains/membership/web';
import { ProducerOffersOverview } from '@/domains/offers/web';
import { LiveOptionsPanel } from '@/domains/options/web';
import { buttonClasses } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { PageHeader } from '@/web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { cn } from '@/web/lib/cn';
import { usePageTitle } from '@/web/lib/use-page-title';
import { useTabParam } from '@/web/lib/use-tab-param';
import { paths } from '@/shared/paths';
import { ListingCardWithActions } from './components/listing-actions';

const TABS = ['dashboard', 'favourites'] as const;

function DashboardTab() {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        <PanelBoundary title="Live options">
          <LiveOptionsPanel side="producer" />
        </PanelBoundary>
        <PanelBoundary title="Your Offers">
          <ProducerOffersOverview />
        </PanelBoundary>
      </div>
      <div className="space-y-6">
        <PanelBoundary title="Membership">
          <MembershipCard />
        </PanelBoundary>
        <Card className="space-y-3 p-5">
          <h2 className="text-lg font-semibold text-ink">Quick Actions</h2>
          <Link to={paths.listings} className={cn(buttonClasses('primary', 'md'), 'w-full')}>
            <Search aria-hidden="true" className="h-4 w-4" />
            Browse Listings
          </Link>
          <Link to={paths.profile} className={cn(buttonClasses('outline', 'md'), 'w-full')}>
            <UserRound aria-hidden="true" className="h-4 w-4" />
            View Profile
          </Link>
        </Card>
      </div>
    </div>
  );
}

/**
 * /producer-dashboard: the producer's offers (offers), membership (membership) and
 * favourites (favourites, as listing cards), each panel failing on its own.
 */
export default function ProducerDashboardPage() {
  usePageTitle('Producer Dashboard');
  const { user } = useCurrentUser();
  const [tab, onTabChange] = useTabParam(TABS);

  if (user && user.role !== 'producer') {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <Card className="p-8 text-center">
          <h1 className="text-2xl font-bold text-ink">Access Denied</h1>
          <p className="mt-3 text-ink-soft">The producer dashboard is for producers.</p>
          <Link to={paths.listings} className={cn(buttonClasses('primary', 'md'), 'mt-6')}>
            Back to Listings
          </Link>
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        title="Producer Dashboard"
        description={user ? `Welcome back, ${user.firstName}.` : undefined}
      />
      <Tabs value={tab} onValueChange={onTabChange} className="space-y-6">
        <TabsList aria-label="Producer dashboard">
          <TabsTrigger value="dashboard">
            <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
            Dashboard
          </TabsTrigger>
          <TabsTrigger value="favourites">
            <Heart aria-hidden="true" className="h-4 w-4" />
            Favourites
          </TabsTrigger>
        </TabsList>
        <TabsContent value="dashboard">
          <DashboardTab />
        </TabsContent>
        {/* Radix mounts only the open tab, so favourites are fetched only when it is open. */}
        <TabsContent value="favourites">
          <PanelBoundary title="Favourites">
            <FavouritesPanel
              renderListing={(listing) => <ListingCardWithActions listing={listing} />}
            />
          </PanelBoundary>
        </TabsContent>
      </Tabs>
    </div>
  );
}
