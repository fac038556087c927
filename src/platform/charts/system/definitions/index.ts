// The ApplicationDefinitions cozylab ships, by app: `postgres` → the definition that the
// `postgres-rd` chart installs (cozyrds/postgres.yaml in Cozystack). An rd chart whose app has
// no entry here renders nothing and still installs Ready. The app charts' issue fills this in.

import type { KubeObject } from '../../../../machinery/object.ts';
import { etcdDefinition } from './etcd.ts';
import { infoDefinition } from './info.ts';
import { ingressDefinition } from './ingress.ts';
import { monitoringDefinition } from './monitoring.ts';
import { seaweedfsDefinition } from './seaweedfs.ts';
import { tenantDefinition } from './tenant.ts';

/** Builds the cluster-scoped `cozystack.io/v1alpha1` ApplicationDefinition of one app. */
export type ApplicationDefinitionSource = () => KubeObject;

export const applicationDefinitions: ReadonlyMap<string, ApplicationDefinitionSource> = new Map<string, ApplicationDefinitionSource>([
  ['etcd', etcdDefinition],
  ['ingress', ingressDefinition],
  ['monitoring', monitoringDefinition],
  ['seaweedfs', seaweedfsDefinition],
  ['info', infoDefinition],
  ['tenant', tenantDefinition],
]);
