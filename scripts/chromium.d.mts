/** Types of `chromium.mjs`, for the TypeScript files that read it. */
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
