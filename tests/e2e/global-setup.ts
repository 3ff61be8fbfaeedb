import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path';

/** The journeys drive Debian's Chromium; without it the run cannot pass, so it stops here. */
export default function globalSetup(): void {
  if (existsSync(chromiumPath)) return;
  const message = [
    `Chromium was not found at ${chromiumPath}.`,
    'The browser tests drive Debian’s Chromium. Install it with:',
    '',
    '    apt-get update && apt-get install -y chromium',
    '',
    '(prefix with sudo when not root), or point CHROMIUM_PATH at another Chromium binary.',
  ].join('\n');
  throw new Error(message);
}
