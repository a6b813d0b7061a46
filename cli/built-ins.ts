/** Built-in command names: a plugin's operator commands and a new plugin's id may not take them. */
export const BUILT_IN_COMMANDS = ['start', 'dev', 'seed', 'plugin', 'site', 'doctor', 'user', 'outbox', 'events', 'db', 'help'] as const;
