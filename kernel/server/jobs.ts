/**
 * Runs the background jobs of enabled plugins (DESIGN §3). `storefront start` starts the timers;
 * tests call `runDue()` after moving the clock. A job that is still running is not started again,
 * and a failing job is logged and retried at its next turn: it never stops the others. On
 * PostgreSQL with several nodes, a job runs on one node at a time (an advisory lock).
 *
 * Every turn says how it went: what it handled at info level, a turn with nothing to do or left
 * to another node at debug level, with the time it began (`storefront start --log-level debug`
 * shows a job is alive, and which turns came after an event).
 */
import type { Clock } from './clock';
import { shopLockName, skipped, unlessRunningElsewhere } from './dialect';
import type { EventDelivery } from './events-delivery';
import type { ServerI18n } from './i18n';
import type { Db, Extensions, Job, JobContext, ServerPlugin, ServerServices } from './plugin';
import type { LiveSiteConfig } from './site-config';

export interface JobDeps {
  plugins: readonly ServerPlugin[];
  site: LiveSiteConfig;
  db: Db;
  services: ServerServices;
  i18n: ServerI18n;
  clock: Clock;
  extensions: Extensions;
  log: { debug(message: string): void; info(message: string): void; error(message: string): void };
  /** The kernel's event delivery: started and stopped with the jobs, run after them by `runAll`. */
  events?: EventDelivery;
  /** Told how each turn of a job (`<plugin>/<job>`) went (the metric `job_runs_total`). */
  onTurn?: (job: string, outcome: JobOutcome) => void;
}

/** How a turn went: it handled something, found nothing due, was left to another node, or threw. */
export type JobOutcome = 'handled' | 'idle' | 'skipped' | 'failed';

export interface JobRunner {
  /** Runs every enabled plugin's jobs once, in load order; resolves with what each handled. */
  runAll(): Promise<{ plugin: string; job: string; handled: number }[]>;
  /** Runs once now (catching up after a restart), then each job on its own interval. */
  start(): void;
  stop(): Promise<void>;
}

export function createJobRunner(deps: JobDeps): JobRunner {
  const running = new Map<string, Promise<number>>();
  const timers: NodeJS.Timeout[] = [];
  // One job at a time on a node: each holds its lock's connection while its work takes others, so
  // jobs started together (at start-up) could hold every connection of a small pool and wait for one
  // more forever, and the shop's calls with them.
  let queue: Promise<unknown> = Promise.resolve();

  const contextFor = (plugin: ServerPlugin): JobContext => {
    const site = deps.site.current();
    return {
      db: deps.db,
      services: deps.services,
      settings: site.settings.get(plugin.id) ?? {},
      site: site.file.site,
      siteName: site.name,
      t: (key, params) => deps.i18n.t('en', key, params),
      extensions: deps.extensions,
      log: (message) => deps.log.info(`job ${plugin.id}: ${message}`),
    };
  };

  const runOne = (plugin: ServerPlugin, job: Job): Promise<number> => {
    const key = `${plugin.id}/${job.id}`;
    const current = running.get(key);
    if (current) return current;
    if (!deps.site.isEnabled(plugin.id)) return Promise.resolve(0);
    const run = queue.then(async () => {
      const began = new Date(deps.clock.now()).toISOString();
      try {
        // Several nodes on one PostgreSQL: whichever takes the job's lock runs it, the others skip this turn.
        const outcome = await unlessRunningElsewhere(deps.db, shopLockName(deps.db, deps.site.name, `job:${key}`), () =>
          job.run({ ...contextFor(plugin), log: (m) => deps.log.info(`job ${key}: ${m}`) }),
        );
        if (outcome === skipped) {
          deps.log.debug(`job ${key}: skipped, another node runs it (turn began ${began})`);
          deps.onTurn?.(key, 'skipped');
          return 0;
        }
        if (outcome > 0) deps.log.info(`job ${key}: handled ${outcome}`);
        else deps.log.debug(`job ${key}: nothing due (turn began ${began})`);
        deps.onTurn?.(key, outcome > 0 ? 'handled' : 'idle');
        return outcome;
      } catch (error) {
        deps.log.error(`job ${key} failed (retried at its next turn): ${(error as Error).stack ?? error}`);
        deps.onTurn?.(key, 'failed');
        return 0;
      } finally {
        running.delete(key);
      }
    });
    queue = run;
    running.set(key, run);
    return run;
  };

  const jobs = () => deps.plugins.flatMap((plugin) => ((plugin.jobs ?? []) as Job[]).map((job) => ({ plugin, job })));

  return {
    async runAll() {
      const results = [];
      for (const { plugin, job } of jobs()) results.push({ plugin: plugin.id, job: job.id, handled: await runOne(plugin, job) });
      // What the jobs emitted (an expired order's cancellation) goes out in the same turn.
      await deps.events?.deliverDue().catch((error: unknown) => deps.log.error(`events: a delivery turn failed (tried again at the next one): ${(error as Error)?.stack ?? String(error)}`));
      return results;
    },
    start() {
      deps.events?.start();
      for (const { plugin, job } of jobs()) {
        void runOne(plugin, job);
        const timer = setInterval(() => void runOne(plugin, job), Math.max(1, job.everySeconds) * 1000);
        timer.unref();
        timers.push(timer);
      }
    },
    async stop() {
      timers.splice(0).forEach(clearInterval);
      await Promise.all([...running.values(), deps.events?.stop()]);
    },
  };
}
