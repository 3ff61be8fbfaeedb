import { Check, Minus } from 'lucide-react';
import { FREE_MONTHLY_LISTING_VIEWS } from '../../membership.constants';

type Cell = boolean | string;

/** Free versus premium, as the spec lists premium's benefits (part 2 sections 1 and 6). */
const ROWS: { feature: string; free: Cell; premium: Cell }[] = [
  {
    feature: 'Listing views',
    free: `${FREE_MONTHLY_LISTING_VIEWS} per month`,
    premium: 'Unlimited listing views',
  },
  { feature: 'Browse the catalogue and submit offers', free: true, premium: true },
  { feature: 'AI recommendations', free: false, premium: true },
  { feature: 'Commercial analysis and comments', free: false, premium: true },
  { feature: 'Exclusive competition access', free: false, premium: true },
  { feature: 'Producer forum', free: false, premium: true },
  { feature: 'Priority support', free: false, premium: true },
  { feature: 'Advanced analytics', free: false, premium: true },
  { feature: 'Early access to new features', free: false, premium: true },
];

function CellValue({ value }: { value: Cell }) {
  if (typeof value === 'string') return <span>{value}</span>;
  return value ? (
    <>
      <Check aria-hidden="true" className="mx-auto h-5 w-5 text-green-600" />
      <span className="sr-only">Included</span>
    </>
  ) : (
    <>
      <Minus aria-hidden="true" className="mx-auto h-5 w-5 text-slate-400" />
      <span className="sr-only">Not included</span>
    </>
  );
}

export function PlanComparison() {
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Free and Premium memberships compared</caption>
        <thead className="bg-surface-page text-ink-soft">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
              Feature
            </th>
            <th scope="col" className="px-3 py-3 text-center font-semibold sm:px-4">
              Free
            </th>
            <th scope="col" className="px-3 py-3 text-center font-semibold text-amber-800 sm:px-4">
              Premium
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {ROWS.map((row) => (
            <tr key={row.feature}>
              <th scope="row" className="px-3 py-3 font-medium text-ink sm:px-4">
                {row.feature}
              </th>
              <td className="px-3 py-3 text-center text-ink-soft sm:px-4">
                <CellValue value={row.free} />
              </td>
              <td className="px-3 py-3 text-center font-medium text-ink sm:px-4">
                <CellValue value={row.premium} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
