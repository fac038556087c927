// sdn.cozystack.io/v1alpha1 SecurityGroup (facts §2.5): served and stored as a CRD would be.
// Mirroring a group to a CiliumNetworkPolicy belongs to the networking work and is not done here.

import { customPatchSchema } from '../../../apiserver/builtin/patch-schemas.ts';
import { validateAgainstSchema } from '../../../machinery/schema/structural.ts';
import type { Strategy } from '../../../apiserver/registry/strategy.ts';
import { ALL_VERBS, type JSONSchemaProps, type ResourceType } from '../../../apiserver/resource.ts';

export const SDN_GROUP = 'sdn.cozystack.io';

const selectorList: JSONSchemaProps = { type: 'array', items: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } };
const ports: JSONSchemaProps = {
  type: 'array',
  items: { type: 'object', properties: { ports: { type: 'array', items: { type: 'object', properties: { port: { type: 'string' }, protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP', 'ANY'] } } } } } },
};

const SECURITY_GROUP_SCHEMA: JSONSchemaProps = {
  description: 'SecurityGroup groups application workloads and the traffic allowed to and from them.',
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        attachments: { type: 'array', items: { type: 'object', required: ['kind', 'name'], properties: { apiGroup: { type: 'string' }, kind: { type: 'string' }, name: { type: 'string' } } } },
        ingress: { type: 'array', items: { type: 'object', properties: { fromApp: selectorList, fromSG: selectorList, fromCIDR: { type: 'array', items: { type: 'string' } }, toPorts: ports } } },
        egress: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              toApp: selectorList,
              toSG: selectorList,
              toCIDR: { type: 'array', items: { type: 'string' } },
              toFQDNs: { type: 'array', items: { type: 'object', properties: { matchName: { type: 'string' }, matchPattern: { type: 'string' } } } },
              toPorts: ports,
            },
          },
        },
      },
    },
    status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
  },
};

export const securityGroupType: ResourceType = {
  group: SDN_GROUP, version: 'v1alpha1', kind: 'SecurityGroup', listKind: 'SecurityGroupList', plural: 'securitygroups', singular: 'securitygroup',
  namespaced: true, shortNames: [], categories: [], verbs: ALL_VERBS, subresources: [], strategicMergePatch: false, schema: SECURITY_GROUP_SCHEMA,
};

export const securityGroupStrategy: Strategy = {
  statusSubresource: false,
  validate(obj) {
    return validateAgainstSchema(obj.spec ?? {}, SECURITY_GROUP_SCHEMA.properties!.spec as never, undefined, 'spec');
  },
  patchSchema: customPatchSchema(SECURITY_GROUP_SCHEMA),
};
