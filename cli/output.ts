/**
 * How commands talk: coloured lines for people, one JSON document for scripts (`--json`).
 * Colour follows the terminal: on for a TTY, off for pipes, `NO_COLOR` and `--json`; `FORCE_COLOR` forces it.
 */
import { stripVTControlCharacters, styleText } from 'node:util';

type Style = Parameters<typeof styleText>[0];

export interface Output {
  readonly json: boolean;
  /** A plain line (suppressed under --json). */
  line(text?: string): void;
  success(text: string): void;
  warn(text: string): void;
  /** A problem line (stderr). */
  problem(text: string): void;
  /** Dim text for hints and secondary columns. */
  dim(text: string): string;
  bold(text: string): string;
  green(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  /** Aligned columns; headers in bold. */
  table(headers: readonly string[], rows: readonly (readonly string[])[]): void;
  /** The command's result for scripts: printed once, as JSON, only under --json. */
  result(value: unknown): void;
}

export interface OutputOptions {
  json?: boolean;
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  isTTY?: boolean;
}

export function colourEnabled(env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY;
}

// Visible width, so colour codes do not break column alignment.
const visible = (text: string) => stripVTControlCharacters(text).length;

export function createOutput(options: OutputOptions): Output {
  const json = options.json === true;
  const colour = !json && colourEnabled(options.env, options.isTTY ?? false);
  const paint = (style: Style) => (text: string) => (colour ? styleText(style, text) : text);
  const dim = paint('dim');
  const bold = paint('bold');
  const green = paint('green');
  const red = paint('red');
  const yellow = paint('yellow');
  const say = (text: string) => {
    if (!json) options.out(text);
  };
  return {
    json,
    line: (text = '') => say(text),
    success: (text) => say(`${green('✔')} ${text}`),
    warn: (text) => say(`${yellow('!')} ${text}`),
    problem: (text) => options.err(`${red('✖')} ${text}`),
    dim,
    bold,
    green,
    red,
    yellow,
    table(headers, rows) {
      const widths = headers.map((h, i) => Math.max(visible(h), ...rows.map((r) => visible(r[i] ?? ''))));
      const pad = (cell: string, i: number) => cell + ' '.repeat(Math.max(0, widths[i] - visible(cell)));
      say(headers.map((h, i) => bold(pad(h, i))).join('  ').trimEnd());
      for (const row of rows) say(row.map((cell, i) => pad(cell, i)).join('  ').trimEnd());
    },
    result(value) {
      if (json) options.out(JSON.stringify(value, null, 2));
    },
  };
}
