import { formatPounds } from '@/web/lib/format';
import { PREMIUM_PRICE, REFUND_WINDOW_DAYS } from '../../membership.constants';

const pounds = (pence: number) => formatPounds(pence / 100);

/** '£216 per year' with its VAT breakdown and the refund guarantee. */
export function PremiumPrice() {
  return (
    <div className="space-y-1">
      <p className="text-3xl font-bold text-slate-900">
        {`${pounds(PREMIUM_PRICE.grossPence)} per year`}
      </p>
      <p className="text-sm text-slate-600">
        {`${pounds(PREMIUM_PRICE.netPence)} + ${pounds(PREMIUM_PRICE.vatPence)} VAT (${PREMIUM_PRICE.vatRatePercent}%)`}
      </p>
      <p className="text-sm font-medium text-green-700">
        {`${REFUND_WINDOW_DAYS}-day refund guarantee`}
      </p>
    </div>
  );
}
