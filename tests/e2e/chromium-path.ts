/** Debian's Chromium (`apt-get install chromium`) unless CHROMIUM_PATH names another binary. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
