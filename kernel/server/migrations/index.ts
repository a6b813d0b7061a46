/** The kernel's own migrations, applied before any plugin's. Append only; never edit a released one. */
import type { Migration } from '../plugin';
import { kernel001Init } from './kernel_001_init';
import { kernel002SharedState } from './kernel_002_shared_state';
import { kernel003Events } from './kernel_003_events';
import { kernel004RequestKeys } from './kernel_004_request_keys';

export const kernelMigrations: Migration[] = [kernel001Init, kernel002SharedState, kernel003Events, kernel004RequestKeys];
