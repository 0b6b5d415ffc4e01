/** 'tests': a headless shell first; 'browser': the whole browser a visitor runs. */
export type ChromiumKind = 'tests' | 'browser';
export declare const CHROMIUM_KINDS: Record<
  ChromiumKind,
  {
    names: readonly string[];
    purpose: string;
    debianPackage: string;
    makeTarget: string;
    installerFlag: string;
  }
>;
export declare const HEADLESS_SHELL_NAMES: readonly string[];
export declare const NAMES_ON_PATH: readonly string[];
export declare function findChromium(
  env?: NodeJS.ProcessEnv,
  kind?: ChromiumKind,
): { path?: string; problem?: string };
export declare function chromiumArgs(headless?: string): string[];
export declare function chromiumPath(env?: NodeJS.ProcessEnv, kind?: ChromiumKind): string;
