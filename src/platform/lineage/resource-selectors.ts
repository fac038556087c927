// Which of an application's Secrets, Services and Ingresses are the tenant's to see: the
// `secrets`/`services`/`ingresses` selectors of its ApplicationDefinition, each a label selector and
// a list of resource names written as Go templates over `.kind`, `.name` and `.namespace`
// (`kubeconfig-{{ .namespace }}`, `{{ slice .namespace 7 }}-ingress-controller`).

import { labelSelectorFromObject, matches } from '../../machinery/labels.ts';

type Json = Record<string, any>;

export type TemplateContext = Record<string, string>;

/** One `{{ … }}` action of the subset the definitions use: a field, or `slice` of one. */
function evaluate(action: string, ctx: TemplateContext): string {
  const words = action.trim().split(/\s+/);
  const field = (w: string | undefined): string => {
    if (!w?.startsWith('.')) throw new Error(`unsupported operand ${w}`);
    return ctx[w.slice(1)] ?? '<no value>';
  };
  if (words.length === 1) return field(words[0]);
  if (words[0] === 'slice' && (words.length === 3 || words.length === 4)) {
    const s = field(words[1]);
    const from = Number(words[2]);
    const to = words[3] === undefined ? s.length : Number(words[3]);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to > s.length || from > to) throw new Error(`slice index out of range`);
    return s.slice(from, to);
  }
  throw new Error(`unsupported action {{ ${action} }}`);
}

/** The name a template renders to; undefined when it cannot be rendered (the entry then matches nothing). */
export function renderName(template: string, ctx: TemplateContext): string | undefined {
  try {
    return template.replace(/\{\{-?(.*?)-?\}\}/g, (_, action: string) => evaluate(action, ctx));
  } catch {
    return undefined;
  }
}

/** A selector matches when its labels do and (if it lists any) one of its names renders to `name`. */
function selectorMatches(selector: Json, name: string, ctx: TemplateContext, labels: Record<string, string>): boolean {
  const { resourceNames, ...labelSelector } = selector;
  if (Object.keys(labelSelector).length && !matches(labelSelectorFromObject(labelSelector), labels)) return false;
  if (!Array.isArray(resourceNames)) return true;
  return resourceNames.some((t: unknown) => typeof t === 'string' && renderName(t, ctx) === name);
}

/** matchResourceToExcludeInclude: not excluded, and included. */
export function isTenantResource(resources: Json | undefined, name: string, ctx: TemplateContext, labels: Record<string, string>): boolean {
  if (!resources) return false;
  const any = (list: unknown) => Array.isArray(list) && list.some((s) => selectorMatches(s as Json, name, ctx, labels));
  return !any(resources.exclude) && any(resources.include);
}
