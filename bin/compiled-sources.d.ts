/** The URL to import for the module at `src/<path>`: its compiled form, or undefined (run it through tsx). */
export function compiledModule(path: string): Promise<string | undefined>;
/** The compiled module's text with its relative `.ts` imports naming the `.js` files. */
export function withJsSpecifiers(code: string): string;
