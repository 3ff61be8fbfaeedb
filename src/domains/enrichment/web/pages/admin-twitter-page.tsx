import { AdminSocialEnrichmentPage } from './admin-social-enrichment-page';

/** /admin/twitter: microblogging (X) enrichment runs. */
export default function AdminTwitterPage() {
  return <AdminSocialEnrichmentPage source="twitter" />;
}
