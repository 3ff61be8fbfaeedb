import { usePageTitle } from '@/web/lib/use-page-title';
import { NotFoundContent } from './not-found-content';

export default function NotFoundPage() {
  usePageTitle('Page Not Found');
  return <NotFoundContent />;
}
