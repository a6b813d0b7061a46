// Types of cli/compiled.js (plain JavaScript: bin.js loads it before any TypeScript can).
export declare const compiledCliDir: (root: string) => string;
export declare function buildCompiledCli(): Promise<void>;
export declare function compiledCli(): Promise<{ run(argv: string[]): Promise<boolean> } | null>;
