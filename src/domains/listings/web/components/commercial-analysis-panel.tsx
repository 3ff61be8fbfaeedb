import { BarChart3, ShieldAlert, Sparkles, TrendingUp } from 'lucide-react';
import { PremiumGate } from '@/domains/membership/web';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';

const PREMIUM_INSIGHTS = [
  { title: 'Financial Projections', Icon: TrendingUp },
  { title: 'Market Assessment', Icon: BarChart3 },
  { title: 'Risk Analysis', Icon: ShieldAlert },
  { title: 'Franchise Potential', Icon: Sparkles },
] as const;

/**
 * The commercial analysis panel's place on the listing. Non-premium members see the
 * spec's teaser; premium members are told their analysis is on its way (a later issue).
 */
export function CommercialAnalysisPanel() {
  return (
    <PremiumGate
      prompt={{
        feature: 'commercialAnalysis',
        title: 'Commercial Analysis',
        description: 'Premium members see a full commercial analysis of every title.',
        children: (
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {PREMIUM_INSIGHTS.map(({ title, Icon }) => (
              <li
                key={title}
                className="flex items-center gap-3 rounded-md border border-line bg-white p-3 text-sm font-medium text-ink"
              >
                <Icon aria-hidden="true" className="h-5 w-5 text-brand-700" />
                {title}
              </li>
            ))}
          </ul>
        ),
      }}
    >
      <Card>
        <CardHeader>
          <CardTitle>Commercial Analysis</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-ink-soft">
            The commercial analysis for this title is being prepared and will appear here soon.
          </p>
        </CardContent>
      </Card>
    </PremiumGate>
  );
}
