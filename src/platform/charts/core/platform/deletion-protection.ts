// templates/deletion-protection.yaml: a ValidatingAdmissionPolicy that refuses DELETE of anything
// labelled platform.cozystack.io/no-delete=true. Rendered only where the API server serves
// admissionregistration.k8s.io/v1 ValidatingAdmissionPolicy (Kubernetes 1.30+).

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import { hasAPIVersion, VAP_API_VERSION } from './lookup.ts';
import { NO_DELETE_LABEL } from './repository.ts';

export const GUARDRAIL_NAME = 'cozystack-no-delete-guardrail';

export function deletionProtection(values: Values): KubeObject[] {
  if (!hasAPIVersion(values, VAP_API_VERSION)) return [];
  const labels = { [NO_DELETE_LABEL]: 'true' };
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicy',
      metadata: { name: GUARDRAIL_NAME, labels },
      spec: {
        matchConstraints: {
          resourceRules: [{ apiGroups: ['*'], apiVersions: ['*'], operations: ['DELETE'], resources: ['*/*'], scope: '*' }],
        },
        validations: [
          {
            expression: 'false',
            message:
              'Deletion blocked: object carries platform.cozystack.io/no-delete=true. To bypass, first remove the label: kubectl label <kind> <name> --namespace <ns> platform.cozystack.io/no-delete- (omit --namespace for cluster-scoped resources)',
          },
        ],
      },
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: GUARDRAIL_NAME, labels },
      spec: {
        policyName: GUARDRAIL_NAME,
        validationActions: ['Deny'],
        matchResources: { objectSelector: { matchLabels: { ...labels } } },
      },
    },
  ];
}
