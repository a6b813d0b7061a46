/** `storefront doctor`'s check of durable events: every failed delivery is a problem, pending ones a note. */
import { undeliveredEvents } from '@kernel/server/events-queries';
import { CliError } from '../cli-error';
import type { Check } from '../doctor-checks';
import { databaseExists, withDatabase, type DatabaseTarget } from '../site-data';

const SHOWN = 20;

export async function checkEvents(target: DatabaseTarget): Promise<Check> {
  const check: Check = { id: 'events', title: 'event deliveries', problems: [], notes: [] };
  if (!databaseExists(target)) {
    check.notes.push('skipped: no database');
    return check;
  }
  try {
    await withDatabase(target, async (db) => {
      const failed = await undeliveredEvents(db, { failedOnly: true, limit: SHOWN });
      for (const r of failed.rows) {
        check.problems.push(`event ${r.eventId} \`${r.name}\` → \`${r.subscriber}\` failed after ${r.attempts} attempts: ${r.lastError} (\`storefront events retry ${r.eventId}\`)`);
      }
      if (failed.total > SHOWN) check.problems.push(`and ${failed.total - SHOWN} more failed deliveries (\`storefront events --failed\`)`);
      const pending = (await undeliveredEvents(db, { limit: 1 })).total - failed.total;
      if (pending > 0) check.notes.push(`${pending} pending (delivered by the running server, or waiting for a disabled plugin)`);
    });
  } catch (error) {
    if (error instanceof CliError) check.notes.push('skipped: the database cannot be reached');
    // Before the first start with this kernel the tables do not exist yet: the migrations check says so.
    else check.notes.push('skipped until the pending migrations are applied');
  }
  return check;
}
