// An ApplicationDefinition read the way cozystack-api reads it (pkg/config/config.go): the kind's
// names, its values schema, and how its HelmRelease is named, labelled and configured.

import type { KubeObject } from '../../../machinery/object.ts';
import type { JSONSchemaProps } from '../../../apiserver/resource.ts';

export const APPS_GROUP = 'apps.cozystack.io';
export const APPS_VERSION = 'v1alpha1';

export const INSTALL_TIMEOUT_ANNOTATION = 'release.cozystack.io/helm-install-timeout';
export const UPGRADE_TIMEOUT_ANNOTATION = 'release.cozystack.io/helm-upgrade-timeout';
export const DISABLE_WAIT_ANNOTATION = 'release.cozystack.io/helm-install-disable-wait';

export interface ChartRef {
  kind: string;
  name: string;
  namespace?: string;
  apiVersion?: string;
}

export interface AppDefinition {
  /** The ApplicationDefinition's own name (`tenant`, `vm-disk`). */
  name: string;
  kind: string;
  plural: string;
  singular: string;
  /** The values schema (`openAPISchema`), parsed; a free-form object when absent or unreadable. */
  schema: JSONSchemaProps;
  prefix: string;
  labels: Record<string, string>;
  chartRef: ChartRef;
  installTimeout?: string;
  upgradeTimeout?: string;
  disableWait: boolean;
  healthCheckExprs?: unknown[];
  waitStrategy?: string;
}

const FREE_FORM: JSONSchemaProps = { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };

function parseSchema(text: unknown): JSONSchemaProps {
  if (typeof text !== 'string' || text.trim() === '') return FREE_FORM;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as JSONSchemaProps) : FREE_FORM;
  } catch {
    return FREE_FORM;
  }
}

/** The served form of a definition; undefined when it lacks what the API needs to serve a kind. */
export function parseApplicationDefinition(obj: KubeObject): AppDefinition | undefined {
  const spec = (obj.spec ?? {}) as {
    application?: { kind?: string; plural?: string; singular?: string; openAPISchema?: string };
    release?: { prefix?: string; labels?: Record<string, string>; chartRef?: ChartRef; healthCheckExprs?: unknown[]; waitStrategy?: string };
  };
  const app = spec.application;
  const release = spec.release;
  if (!app?.kind || !app.plural || !release?.chartRef?.kind || !release.chartRef.name) return undefined;
  const annotations = obj.metadata.annotations ?? {};
  return {
    name: obj.metadata.name ?? '',
    kind: app.kind,
    plural: app.plural,
    singular: app.singular || app.kind.toLowerCase(),
    schema: parseSchema(app.openAPISchema),
    prefix: release.prefix ?? '',
    labels: { ...(release.labels ?? {}) },
    chartRef: release.chartRef,
    installTimeout: annotations[INSTALL_TIMEOUT_ANNOTATION] || undefined,
    upgradeTimeout: annotations[UPGRADE_TIMEOUT_ANNOTATION] || undefined,
    disableWait: annotations[DISABLE_WAIT_ANNOTATION] === 'true',
    healthCheckExprs: release.healthCheckExprs?.length ? release.healthCheckExprs : undefined,
    waitStrategy: release.waitStrategy || (release.healthCheckExprs?.length ? 'poller' : undefined),
  };
}
