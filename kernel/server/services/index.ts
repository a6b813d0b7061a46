/** The services every plugin receives (ServerServices), wired to one database, clock and transport. */
import type { Clock } from '../clock';
import type { Translate } from '../i18n';
import type { Db, ServerServices } from '../plugin';
import { createCodes } from './codes';
import { createEvents, type EventsDeps } from './events';
import { createLedger } from './ledger';
import { createPasswords, type PasswordCost } from './passwords';
import { createRateLimit } from './rate-limit';
import type { SessionEvents } from './session-events';
import { createTokenCache } from './token-cache';
import { createTokens } from './tokens';
import type { Transport } from './transport';
import { createUploads } from './uploads';
import { createUsers } from './users';
import type { UploadStore } from '../upload-store/store';

export interface ServicesDeps {
  db: Db;
  clock: Clock;
  transport: Transport;
  t: Translate;
  siteName: () => string;
  /** Where the token service announces ended sessions (the hub listens). */
  sessionEvents: SessionEvents;
  /** argon2id's cost for new hashes (the production cost when left out; the test harness lowers it). */
  passwordCost?: PasswordCost;
  /** Who listens to which event, and how the deliverers hear of a commit (kernel/server/events-delivery.ts). */
  events: Omit<EventsDeps, 'clock'>;
  /** Where uploads live (served at `/uploads/`): files the server makes are kept there too. */
  uploadStore: UploadStore;
}

/** Every service but `hub`, which belongs to the app (its connections live and die with it). */
export function createServices(deps: ServicesDeps): Omit<ServerServices, 'hub'> {
  const { db, clock } = deps;
  const passwords = createPasswords(deps.passwordCost);
  const tokenCache = createTokenCache();
  return {
    passwords,
    tokens: createTokens(db, clock, deps.sessionEvents, tokenCache),
    codes: createCodes(deps),
    ledger: createLedger(clock),
    rateLimit: createRateLimit(db, clock),
    users: createUsers(db, clock, passwords, tokenCache),
    uploads: createUploads(deps.uploadStore),
    events: createEvents({ clock, ...deps.events }),
    clock,
  };
}
