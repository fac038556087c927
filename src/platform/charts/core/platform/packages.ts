// The Package helpers of templates/_helpers.tpl: a bundle emits a Package unless
// `bundles.disabledPackages` names it, and an optional one only when `bundles.enabledPackages`
// names it too. Every Package carries `helm.sh/resource-policy: keep`, so Helm never deletes
// one: disabling a package on a running platform leaves it installed.

import type { KubeObject } from '../../../../machinery/object.ts';
import { ANNOTATION_RESOURCE_POLICY, PACKAGE_GVK, type PackageComponentOverride } from '../../../installer/types.ts';
import type { Values } from '../../chart.ts';
import { dig, stringList, truthy } from './template.ts';

export type ComponentValues = Record<string, PackageComponentOverride>;

export class PackageList {
  readonly items: KubeObject[] = [];
  private readonly disabled: Set<string>;
  private readonly enabled: Set<string>;

  constructor(values: Values) {
    this.disabled = new Set(stringList(dig(values, 'bundles', 'disabledPackages')));
    this.enabled = new Set(stringList(dig(values, 'bundles', 'enabledPackages')));
  }

  /** `cozystack.platform.package`: emitted unless disabled; components only when non-empty. */
  add(name: string, variant = 'default', components?: ComponentValues): void {
    if (this.disabled.has(name)) return;
    this.items.push(packageObject(name, variant, truthy(components) ? components : undefined));
  }

  /** `cozystack.platform.package.optional`: emitted when enabled and not disabled. */
  optional(name: string, variant = 'default'): void {
    if (this.isOptionalOn(name)) this.items.push(packageObject(name, variant));
  }

  isOptionalOn(name: string): boolean {
    return this.enabled.has(name) && !this.disabled.has(name);
  }

  isListedEnabled(name: string): boolean {
    return this.enabled.has(name);
  }
}

export function packageObject(name: string, variant: string, components?: ComponentValues): KubeObject {
  return {
    apiVersion: PACKAGE_GVK.apiVersion,
    kind: PACKAGE_GVK.kind,
    metadata: { name, annotations: { [ANNOTATION_RESOURCE_POLICY]: 'keep' } },
    spec: { variant: variant || 'default', ...(components ? { components: structuredClone(components) } : {}) },
  };
}
