/**
 * What a new plugin may be called. The id is reused as its folder, i18n namespace, table prefix,
 * config key, call area (`/api/<id>/…`) and CLI command group, so it is one lower-case word.
 */
export const PLUGIN_ID = /^[a-z][a-z0-9]{1,23}$/;

/** Names that already mean something in the project's folders, URLs or tools. */
export const RESERVED_IDS: readonly string[] = [
  'kernel', 'app', 'cli', 'api', 'core', 'client', 'server', 'plugin', 'plugins', 'config', 'tests', 'test',
  'node_modules', 'index', 'pages', 'uploads', 'assets', 'data', 'dist',
];

/** Why `id` cannot name a new plugin (empty when it can); `commands` are the CLI's built-in command names. */
export function pluginIdProblems(id: string, commands: readonly string[]): string[] {
  if (!PLUGIN_ID.test(id)) {
    return [
      `"${id}" is not a valid plugin id: use 2–24 lower-case letters and digits, starting with a letter ` +
        '(no dashes or capitals: the id is also its i18n namespace, table prefix, config key and command group)',
    ];
  }
  if (commands.includes(id)) return [`"${id}" is a built-in command (\`storefront ${id}\`), so the plugin's command group could not take it; choose another id`];
  if (RESERVED_IDS.includes(id)) return [`"${id}" is a reserved name (a project folder or URL segment); choose another id`];
  return [];
}
