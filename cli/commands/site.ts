/**
 * `storefront site new|list|export|import`: the sites of this project, one `config/sites/<name>.json`
 * each; on PostgreSQL, export and import move a site's config between its file and the database.
 */
import fs from 'node:fs';
import { Command } from 'commander';
import { usageError } from '../cli-error';
import { outputFor, type CliContext } from '../context';
import { checkSiteName, listSites, readSiteText, siteFileLabel, siteFilePath, writeSiteText } from '../sites';
import { jsonOption } from '../options';
import { siteExportCommand, siteImportCommand } from './site-transfer';

function siteNewCommand(ctx: CliContext): Command {
  return new Command('new')
    .description("create a site from another site's file (plugins, settings, branding and signing key)")
    .argument('<name>', 'lower-case letters, digits and dashes')
    .option('--from <site>', 'the site to copy', 'default')
    .addOption(jsonOption())
    .addHelpText('after', '\nExamples:\n  $ storefront site new shop2\n  $ storefront start --site shop2 --port 8081')
    .action((name: string, options: { from: string; json?: boolean }) => {
      const output = outputFor(ctx, options);
      checkSiteName(name);
      if (fs.existsSync(siteFilePath(ctx.root, name))) throw usageError(`site \`${name}\` already exists (${siteFileLabel(name)})`);
      const text = readSiteText(ctx.root, options.from);
      writeSiteText(ctx.root, name, text);
      output.success(`created site \`${name}\` from \`${options.from}\` (${siteFileLabel(name)})`);
      output.line(output.dim(`  its data will live in data/${name}.sqlite; start it with \`storefront start --site ${name}\``));
      output.line(output.dim('  give it its own app key and secret in the file before it faces the internet'));
      output.result({ site: name, from: options.from, file: siteFileLabel(name) });
    });
}

function siteListCommand(ctx: CliContext): Command {
  return new Command('list')
    .description('list the sites with their name, enabled plugins and whether the file is valid')
    .addOption(jsonOption('the list'))
    .action(async (options: { json?: boolean }) => {
      const output = outputFor(ctx, options);
      const { loadProject, readSite } = await import('../project');
      const project = await loadProject(ctx.root);
      const sites = listSites(ctx.root).map((name) => {
        const state = readSite(project, name);
        const enabled = state.report?.enabled ?? [];
        return {
          name,
          file: siteFileLabel(name),
          siteName: state.loaded?.file.site.siteName ?? null,
          enabled,
          valid: state.problems.length === 0,
          problems: state.problems.map((p) => p.message),
        };
      });
      output.result(sites);
      output.table(
        ['SITE', 'NAME', 'PLUGINS', 'STATE'],
        sites.map((s) => [s.name, s.siteName ?? '—', s.enabled.join(', '), s.valid ? output.green('ok') : output.red(`${s.problems.length} problem(s): storefront doctor --site ${s.name}`)]),
      );
    });
}

export function siteCommand(ctx: CliContext): Command {
  return new Command('site')
    .description('create and list sites (config/sites/<name>.json); export or import the config a shop on PostgreSQL shares')
    .addCommand(siteNewCommand(ctx))
    .addCommand(siteListCommand(ctx))
    .addCommand(siteExportCommand(ctx))
    .addCommand(siteImportCommand(ctx));
}
