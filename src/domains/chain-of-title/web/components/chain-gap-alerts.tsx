import { AlertTriangle, CheckCircle2, Info } from 'lucide-react';
import type { ChainGap } from '../../chain-of-title.schema';

/**
 * The gaps of a chain of title, at the top of it: problems (the chain is broken or unproven)
 * in an alert, warnings (it holds but needs watching) in a status region, and a clear line
 * when there is nothing to flag.
 */
export function ChainGapAlerts({ gaps }: { gaps: ChainGap[] }) {
  const problems = gaps.filter((gap) => gap.severity === 'problem');
  const warnings = gaps.filter((gap) => gap.severity === 'warning');
  if (gaps.length === 0) {
    return (
      <p
        role="status"
        className="flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900"
      >
        <CheckCircle2 aria-hidden="true" className="h-5 w-5 shrink-0" />
        No gaps found in the chain of title.
      </p>
    );
  }
  return (
    <div className="space-y-3">
      {problems.length > 0 ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle aria-hidden="true" className="h-5 w-5 shrink-0" />
            {problems.length === 1 ? '1 gap in the chain' : `${problems.length} gaps in the chain`}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-9 text-sm">
            {problems.map((gap) => (
              <li key={`${gap.kind}-${gap.documentId ?? 'chain'}`}>{gap.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div
          role="status"
          className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
        >
          <p className="flex items-center gap-2 font-semibold">
            <Info aria-hidden="true" className="h-5 w-5 shrink-0" />
            {warnings.length === 1 ? '1 thing to watch' : `${warnings.length} things to watch`}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-9 text-sm">
            {warnings.map((gap) => (
              <li key={`${gap.kind}-${gap.documentId ?? 'chain'}`}>{gap.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
