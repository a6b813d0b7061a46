/**
 * Debian's Chromium, as the e2e suite and the bench launch it. The background-networking flags
 * matter: without them Chromium keeps calling hosts this machine cannot reach.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
