/** Types of `kit-aliases.mjs`, for the TypeScript files that read it. */
export declare const KIT_ALIASES: { find: RegExp; replacement: string }[];
