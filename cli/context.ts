/** What every command receives: where the project is and how to talk to the terminal. */
export interface CliContext {
  root: string;
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
}
