/** Types for phaserHook.mjs (a module.register resolve hook, plain JavaScript for the loader thread). */
export interface ResolveContext {
  parentURL?: string;
  conditions?: string[];
  importAttributes?: Record<string, string>;
}
export interface ResolveResult {
  url: string;
  format?: string | null;
  shortCircuit?: boolean;
}
export function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: (specifier: string, context: ResolveContext) => Promise<ResolveResult>,
): Promise<ResolveResult>;
