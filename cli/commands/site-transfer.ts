/**
 * `storefront site export|import`: move a site's config between its file and the database of a
 * shop on PostgreSQL, where the nodes share it (the `kernel_site` row, kernel/server/site-store.ts).
 * Export writes the database's text as it is; import checks the file against the installed
 * plugins as a node would, then stores it as a new version, which every running node applies.
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { CliError, usageError } from '../cli-error';
import { outputFor, pathFrom, siteOf, type CliContext } from '../context';
import { EXIT } from '../exit-codes';
import { databaseUrlOption, jsonOption, siteOption } from '../options';
import { checkSiteName, readSiteText, siteFileLabel, siteFilePath, writeFileAtomically } from '../sites';
import type { StoredState } from '../stored-site';

interface TransferOptions {
  site?: string;
  databaseUrl?: string;
  json?: boolean;
}

export function siteExportCommand(ctx: CliContext): Command {
  return new Command('export')
    .description("write the config a shop on PostgreSQL shares between its nodes into the site's file")
    .addOption(siteOption())
    .addOption(databaseUrlOption('the PostgreSQL database'))
    .option('--out <file>', 'where to write it; - prints it (default: config/sites/<site>.json)')
    .addOption(jsonOption())
    .addHelpText('after', '\nThe text is written exactly as the database holds it.\n\nExamples:\n  $ storefront site export\n  $ storefront site export --site shop2 --out - > shop2.json')
    .action(async (options: TransferOptions & { out?: string }) => {
      const output = outputFor(ctx, options);
      const site = siteOf(ctx, options);
      checkSiteName(site);
      if (options.out === '-' && options.json) throw usageError('--out - prints the config itself: leave out --json');
      const [{ databaseOf, withDatabase }, stored] = await Promise.all([import('../site-data'), import('../stored-site')]);
      const target = stored.requirePostgres(databaseOf(ctx, options), site, 'export');
      const state = await withDatabase(target, (db) => stored.storedStateOf(db, site));
      if (state.kind !== 'stored') throw nothingStored(state, target.label, site);
      const { body, version } = state.stored;
      if (options.out === '-') {
        ctx.out(body.replace(/\n$/, ''));
        return;
      }
      const file = options.out === undefined ? siteFilePath(ctx.root, site) : pathFrom(ctx, options.out);
      const label = options.out ?? siteFileLabel(site);
      const unchanged = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === body;
      if (!unchanged) writeFileAtomically(file, body);
      output.result({ site, database: target.label, version, file: label, changed: !unchanged });
      output.success(
        unchanged
          ? `${label} already holds version ${version} of site \`${site}\` from ${target.label}; nothing to write`
          : `wrote version ${version} of site \`${site}\` from ${target.label} to ${label}`,
      );
    });
}

export function siteImportCommand(ctx: CliContext): Command {
  return new Command('import')
    .description('check a site file against the installed plugins and store it as the config a shop on PostgreSQL shares')
    .addOption(siteOption())
    .addOption(databaseUrlOption('the PostgreSQL database'))
    .option('--from <file>', 'the file to store (default: config/sites/<site>.json)')
    .addOption(jsonOption())
    .addHelpText(
      'after',
      '\nThe file is checked as a node checks it (JSON, schema, plugin graph, settings); with any problem nothing is stored.\nRunning nodes apply the new version within a second and mirror it into their site files.\n\nExamples:\n  $ storefront site import\n  $ storefront site import --site shop2 --from backup/shop2.json',
    )
    .action(async (options: TransferOptions & { from?: string }) => {
      const output = outputFor(ctx, options);
      const site = siteOf(ctx, options);
      checkSiteName(site);
      const [{ databaseOf, withDatabase }, stored, { loadProject }, { parseSiteFile }, { storeSite }, { diffSiteTexts }, { systemClock }] = await Promise.all([
        import('../site-data'),
        import('../stored-site'),
        import('../project'),
        import('@kernel/server/site-config'),
        import('@kernel/server/site-store'),
        import('../site-diff'),
        import('@kernel/server/clock'),
      ]);
      const target = stored.requirePostgres(databaseOf(ctx, options), site, 'import');
      const label = options.from ?? siteFileLabel(site);
      const text = options.from === undefined ? readSiteText(ctx.root, site) : readFrom(ctx, options.from);
      const { problems } = parseSiteFile(text, site, (await loadProject(ctx.root)).registry);
      if (problems.length > 0) {
        const count = `${problems.length} problem${problems.length === 1 ? '' : 's'}`;
        throw new CliError(`${label} cannot be imported as site \`${site}\` (${count}); nothing was stored`, EXIT.refused, problems.map((p) => p.message));
      }
      const { before, after } = await withDatabase(target, async (db) => {
        const state = await stored.storedStateOf(db, site);
        if (state.kind === 'no-table') throw nothingStored(state, target.label, site, 'import');
        return { before: state.kind === 'stored' ? state.stored : null, after: await storeSite(db, site, text, systemClock.nowSeconds()) };
      });
      const changed = after.version !== before?.version;
      const changes = before && changed ? diffSiteTexts({ names: ['the previous version', 'this one'], texts: [before.body, text] }) : [];
      output.result({ site, database: target.label, file: label, version: after.version, previousVersion: before?.version ?? null, changed, changes });
      if (!changed) {
        output.success(`${target.label} already holds ${label} as version ${after.version} of site \`${site}\`; nothing to store`);
        return;
      }
      output.success(`stored ${label} as version ${after.version} of site \`${site}\` in ${target.label}`);
      for (const change of changes) output.line(`  ${change}`);
      output.line(output.dim('  running nodes apply it within a second and mirror it into their site files'));
    });
}

function readFrom(ctx: CliContext, file: string): string {
  try {
    return fs.readFileSync(pathFrom(ctx, file), 'utf8');
  } catch (error) {
    throw usageError(`--from ${file} cannot be read: ${(error as Error).message}`);
  }
}

/** Why there is no stored config to export (or, with no table at all, to import into). */
function nothingStored(state: Exclude<StoredState, { kind: 'stored' }>, database: string, site: string, command: 'export' | 'import' = 'export'): CliError {
  if (state.kind === 'no-table') {
    const next =
      command === 'import'
        ? 'run `storefront db migrate` with the same options, then import again'
        : `so no config for site \`${site}\`: the first node started on it migrates it and imports its site file`;
    return new CliError(`${database} has no table of shared site configs yet (its migrations are pending); ${next}`, EXIT.refused);
  }
  return new CliError(
    `${database} holds no config for site \`${site}\`: the first node started on it imports its site file, or \`storefront site import --site ${site}\` stores one`,
    EXIT.refused,
    [`sites it holds: ${state.others.map((name) => `\`${name}\``).join(', ') || '(none)'}`],
  );
}
