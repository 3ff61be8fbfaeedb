import { formatPounds } from '@/shared/money';
import { PREMIUM_PRICE, REFUND_WINDOW_DAYS } from '../../membership.constants';

/** '£216 per year' with its VAT breakdown and the refund guarantee. */
export function PremiumPrice() {
  return (
    <div className="space-y-1">
      <p className="text-3xl font-bold text-ink">
        {`${formatPounds(PREMIUM_PRICE.grossPence)} per year`}
      </p>
      <p className="text-sm text-ink-muted">
        {`${formatPounds(PREMIUM_PRICE.netPence)} + ${formatPounds(PREMIUM_PRICE.vatPence)} VAT (${PREMIUM_PRICE.vatRatePercent}%)`}
      </p>
      <p className="text-sm font-medium text-green-700">
        {`${REFUND_WINDOW_DAYS}-day refund guarantee`}
      </p>
    </div>
  );
}
