// Validating admission for cozystack.io Packages: the Platform Package names one of the four
// variants (old bundle names are answered with their replacement), and its variant never changes
// once it is installed (P-6, P-7).

import type { AdmissionPlugin } from '../../apiserver/admission/admission.ts';
import { invalid, type FieldError } from '../../machinery/errors.ts';
import { PLATFORM_PACKAGE, type Package } from './types.ts';
import { platformVariantError, variantChangeError } from './variants.ts';

export function packageAdmission(): AdmissionPlugin {
  return {
    name: 'CozystackPackage',
    validate(req) {
      if (req.resource.group !== 'cozystack.io' || req.resource.kind !== 'Package' || req.subresource) return;
      if (req.operation !== 'CREATE' && req.operation !== 'UPDATE') return;
      const pkg = req.object as Package | undefined;
      if (!pkg || pkg.metadata.name !== PLATFORM_PACKAGE) return;
      const errors = platformPackageErrors(pkg, req.operation === 'UPDATE' ? (req.oldObject as Package | undefined) : undefined);
      if (errors.length) throw invalid({ group: 'cozystack.io', kind: 'Package' }, PLATFORM_PACKAGE, errors);
    },
  };
}

/** What is wrong with a Platform Package (and, on update, with the change from `previous`). */
export function platformPackageErrors(pkg: Package, previous?: Package): FieldError[] {
  const errors: FieldError[] = [];
  const variant = platformVariantError(pkg.spec?.variant);
  if (variant) errors.push(variant);
  else if (previous) {
    const change = variantChangeError(previous.spec?.variant, pkg.spec?.variant);
    if (change) errors.push(change);
  }
  return errors;
}
