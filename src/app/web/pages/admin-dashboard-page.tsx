import { Navigate } from 'react-router';
import { useCurrentUser } from '@/domains/accounts/web';
import {
  AllUsersPanel,
  AuditLogPanel,
  PendingApplicationsPanel,
  usePendingAgents,
} from '@/domains/admin/web';
import { Badge } from '@/web/components/ui/badge';
import { PanelBoundary } from '@/web/components/ui/error-boundary';
import { PageHeader } from '@/web/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { usePageTitle } from '@/web/lib/use-page-title';
import { useTabParam } from '@/web/lib/use-tab-param';
import { paths } from '@/shared/paths';

const TABS = ['users', 'applications', 'audit'] as const;

function PendingCount() {
  const pending = usePendingAgents();
  const count = pending.data?.agents.length ?? 0;
  return count > 0 ? (
    <Badge tone="amber" className="ml-2" aria-label={`${count} pending`}>
      {count}
    </Badge>
  ) : null;
}

/**
 * /admin-dashboard (spec part 2 section 2): signed out → /auth (the route guard); not an admin
 * → /. Tabs All Users and Pending Applications, plus the audit log of every admin action; the
 * open tab in the URL (?tab=applications).
 */
export default function AdminDashboardPage() {
  usePageTitle('Admin Dashboard');
  const { user } = useCurrentUser();
  const [tab, openTab] = useTabParam(TABS);

  if (user && user.role !== 'admin') return <Navigate to={paths.home} replace />;
  if (!user) return null;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader
        eyebrow="Administration"
        title="Admin Dashboard"
        description="Manage accounts, review agent applications and see what administrators did."
      />
      <Tabs value={tab} onValueChange={openTab}>
        <TabsList aria-label="Admin sections" className="flex-wrap">
          <TabsTrigger value="users">All Users</TabsTrigger>
          <TabsTrigger value="applications">
            Pending Applications
            <PendingCount />
          </TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="users" className="pt-4">
          <PanelBoundary title="The users list could not be shown">
            <AllUsersPanel currentAdminId={user.id} />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="applications" className="pt-4">
          <PanelBoundary title="The applications could not be shown">
            <PendingApplicationsPanel />
          </PanelBoundary>
        </TabsContent>
        <TabsContent value="audit" className="pt-4">
          <PanelBoundary title="The audit log could not be shown">
            <AuditLogPanel />
          </PanelBoundary>
        </TabsContent>
      </Tabs>
    </div>
  );
}
