import { PlugZap } from 'lucide-react';

/** A service without its key: said plainly, with the setting that turns it on. */
export function NotConfigured({ service, setting }: { service: string; setting: string }) {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-900"
    >
      <PlugZap aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-semibold">{service} is not configured</p>
        <p className="text-sm">
          Set <code className="rounded bg-amber-100 px-1 font-mono">{setting}</code> in the
          server&apos;s environment and restart it. Until then nothing is enriched from {service}.
        </p>
      </div>
    </div>
  );
}
