// packages/apps/tenant/values.schema.json (v1.6.2), also the openAPISchema of the Tenant definition.

const GATEWAY_DESCRIPTION =
  'Deploy own Gateway API Gateway (backed by Cilium Gateway API controller). When unset (the default), the chart auto-enables the Gateway for tenants whose apex is derived from the parent (i.e. `host` is empty), and leaves it off for tenants with a custom non-derived apex. Set to `true` or `false` explicitly to override that auto-behaviour. Note: leave the key absent (do not write `gateway: null`) — the chart distinguishes "unset" via missing-key, not via null value, to satisfy the JSON schema generated from this comment.';

export const QUANTITY_PATTERN = '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

export const tenantValuesSchema: Record<string, unknown> = {
  title: 'Chart Values',
  type: 'object',
  properties: {
    host: { description: 'The hostname used to access tenant services (defaults to using the tenant name as a subdomain for its parent tenant host).', type: 'string', default: '' },
    etcd: { description: 'Deploy own Etcd cluster.', type: 'boolean', default: false },
    monitoring: { description: 'Deploy own Monitoring Stack.', type: 'boolean', default: false },
    ingress: { description: 'Deploy own Ingress Controller.', type: 'boolean', default: false },
    gateway: { description: GATEWAY_DESCRIPTION, type: 'boolean' },
    seaweedfs: { description: 'Deploy own SeaweedFS.', type: 'boolean', default: false },
    schedulingClass: { description: "The name of a SchedulingClass CR to apply scheduling constraints for this tenant's workloads.", type: 'string', default: '' },
    resourceQuotas: {
      description: 'Define resource quotas for the tenant.',
      type: 'object',
      default: {},
      additionalProperties: { pattern: QUANTITY_PATTERN, anyOf: [{ type: 'integer' }, { type: 'string' }], 'x-kubernetes-int-or-string': true },
    },
  },
};

/** values.yaml: `gateway` is left absent on purpose (unset ≠ false). */
export const tenantDefaultValues: Record<string, unknown> = {
  host: '', etcd: false, monitoring: false, ingress: false, seaweedfs: false, schedulingClass: '', resourceQuotas: {},
};
