/** The URL to import for the module at `src/<path>`: its compiled form, or undefined (run it through tsx). */
export function compiledModule(path: string): Promise<string | undefined>;
/** The compiled module's text with its relative `.ts` imports naming the `.js` files. */
export function withJsSpecifiers(code: string): string;
/** The URL to import to run `cozylab`: the bundle of the compiled sources, else compiledModule('cli/main.ts') (also when COZYLAB_NO_BUNDLE=1). */
export function compiledCommand(): Promise<string | undefined>;
