export declare const NAMES_ON_PATH: readonly string[];
export declare function findChromium(env?: NodeJS.ProcessEnv): { path?: string; problem?: string };
export declare function chromiumPath(env?: NodeJS.ProcessEnv): string;
