// The platform's no-delete guardrail (packages/core/platform/templates/deletion-protection.yaml):
// DELETE of anything labelled platform.cozystack.io/no-delete=true is refused — the root tenant's
// namespace and HelmRelease, cozy-system, the platform's CRDs. Cozystack ships it as a
// ValidatingAdmissionPolicy with the CEL expression `false` bound by that label selector;
// cozylab serves no ValidatingAdmissionPolicy kind, so the platform registers this plug-in, which
// answers as kube-apiserver answers for that policy.

import type { AdmissionPlugin } from '../../apiserver/admission/admission.ts';
import { forbidden } from '../../machinery/errors.ts';

export const NO_DELETE_LABEL = 'platform.cozystack.io/no-delete';
export const GUARDRAIL_POLICY = 'cozystack-no-delete-guardrail';
export const GUARDRAIL_MESSAGE =
  'Deletion blocked: object carries platform.cozystack.io/no-delete=true. To bypass, first remove the label: kubectl label <kind> <name> --namespace <ns> platform.cozystack.io/no-delete- (omit --namespace for cluster-scoped resources)';

export function noDeleteGuardrail(): AdmissionPlugin {
  return {
    name: 'CozystackNoDeleteGuardrail',
    validate(req) {
      if (req.operation !== 'DELETE' || req.subresource) return;
      if (req.oldObject?.metadata.labels?.[NO_DELETE_LABEL] !== 'true') return;
      throw forbidden({ group: req.resource.group, resource: req.resource.plural }, req.name,
        `ValidatingAdmissionPolicy '${GUARDRAIL_POLICY}' with binding '${GUARDRAIL_POLICY}' denied request: ${GUARDRAIL_MESSAGE}`);
    },
  };
}
