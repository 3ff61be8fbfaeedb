import { AdminSocialEnrichmentPage } from './admin-social-enrichment-page';

/** /admin/youtube: video enrichment runs. */
export default function AdminYouTubePage() {
  return <AdminSocialEnrichmentPage source="youtube" />;
}
