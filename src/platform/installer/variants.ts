// The platform's variants (hard-coded in the operator, as cmd/cozystack-operator does), the names
// they had before 1.0, and the checks a Platform Package's variant must pass.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';

export const PLATFORM_VARIANTS = [
  { name: 'default', valuesFiles: ['values.yaml'] },
  { name: 'isp-full', valuesFiles: ['values.yaml', 'values-isp-full.yaml'] },
  { name: 'isp-hosted', valuesFiles: ['values.yaml', 'values-isp-hosted.yaml'] },
  { name: 'isp-full-generic', valuesFiles: ['values.yaml', 'values-isp-full-generic.yaml'] },
] as const;

export const PLATFORM_VARIANT_NAMES: string[] = PLATFORM_VARIANTS.map((v) => v.name);

/** Pre-1.0 bundle names (ConfigMap cozy-system/cozystack `bundle-name`); hack/migrate-to-version-1.0.sh renames paas-* to isp-*. */
const RENAMED: Record<string, string | undefined> = {
  'paas-full': 'isp-full',
  'paas-hosted': 'isp-hosted',
  'distro-full': undefined,
  'distro-hosted': undefined,
};

const validList = () => PLATFORM_VARIANT_NAMES.map((n) => `"${n}"`).join(', ');

/** Why the variant cannot be the platform's, or undefined when it can. Empty means "default". */
export function platformVariantError(variant: string | undefined): FieldError | undefined {
  const name = variant || 'default';
  if (PLATFORM_VARIANT_NAMES.includes(name)) return undefined;
  if (name in RENAMED) {
    const next = RENAMED[name];
    const detail = next
      ? `the pre-1.0 bundle "${name}" is the variant "${next}" since Cozystack 1.0: set spec.variant: ${next}`
      : `the pre-1.0 bundle "${name}" has no platform variant in Cozystack 1.x: choose one of ${validList()} (isp-full-generic runs the full platform on any Kubernetes distribution)`;
    return fieldErrors.invalid('spec.variant', name, detail);
  }
  return fieldErrors.notSupported('spec.variant', name, PLATFORM_VARIANT_NAMES);
}

/** P-7: the variant is chosen once; anything else is a reinstall. */
export function variantChangeError(from: string | undefined, to: string | undefined): FieldError | undefined {
  const before = from || 'default';
  const after = to || 'default';
  if (before === after) return undefined;
  return fieldErrors.forbidden(
    'spec.variant',
    `the variant is chosen at install; changing it is a reinstall: the platform was installed as "${before}" and cannot switch to "${after}" in place. ` +
      `To change it, uninstall Cozystack and install it again with spec.variant: ${after}`,
  );
}
