// Types of build.mjs for the TypeScript code that starts the built server (bench/lib/server.ts).
export declare function serverNodeArgs(entry: 'main' | 'worker'): string[];
export declare function serverNodeFlags(): string[];
export declare function serverNodeEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function buildServer(options?: { outdir?: string }): Promise<void>;
