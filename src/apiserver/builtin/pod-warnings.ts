// The warnings kube-apiserver sends with a Pod or pod template that is valid but probably not what
// was meant (warningsForPodSpecAndMeta): deprecated node labels, annotations and volume plugins,
// duplicate env names, ports, host aliases and pull secrets, fractional byte quantities, a negative
// grace period, a null labelSelector. `prefix` is where the template sits ("spec.template"), or
// "" for a Pod itself.

import { isPlainObject, plainObjects, type KubeObject } from '../../machinery/object.ts';
import { APPARMOR_ANNOTATION_PREFIX, containersWithPath } from '../../machinery/pod-spec.ts';
import { Quantity } from '../../machinery/quantity.ts';
import type { Strategy } from '../registry/strategy.ts';

type Json = Record<string, unknown>;

const DEPRECATED_NODE_LABELS: Record<string, string> = {
  'beta.kubernetes.io/arch': 'deprecated since v1.14; use "kubernetes.io/arch" instead',
  'beta.kubernetes.io/os': 'deprecated since v1.14; use "kubernetes.io/os" instead',
  'failure-domain.beta.kubernetes.io/region': 'deprecated since v1.17; use "topology.kubernetes.io/region" instead',
  'failure-domain.beta.kubernetes.io/zone': 'deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
  'beta.kubernetes.io/instance-type': 'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
  'app.kubernetes.io/created-by': 'deprecated since v1.9',
  'scheduler.alpha.kubernetes.io/preferAvoidPods': 'deprecated since v1.22; use Taints and Tolerations instead',
  'node-role.kubernetes.io/master': 'use "node-role.kubernetes.io/control-plane" instead',
};

const DEPRECATED_ANNOTATIONS: Array<[string, string]> = [
  ['scheduler.alpha.kubernetes.io/critical-pod', 'non-functional in v1.16+; use the "priorityClassName" field instead'],
  ['security.alpha.kubernetes.io/sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
  ['security.alpha.kubernetes.io/unsafe-sysctls', 'non-functional in v1.11+; use the "sysctls" field instead'],
];

const DEPRECATED_VOLUMES: Array<[string, string]> = [
  ['photonPersistentDisk', 'deprecated in v1.11, non-functional in v1.16+'],
  ['gitRepo', 'deprecated in v1.11'],
  ['scaleIO', 'deprecated in v1.16, non-functional in v1.22+'],
  ['flocker', 'deprecated in v1.22, non-functional in v1.25+'],
  ['storageOS', 'deprecated in v1.22, non-functional in v1.25+'],
  ['quobyte', 'deprecated in v1.22, non-functional in v1.25+'],
  ['glusterfs', 'deprecated in v1.25, non-functional in v1.26+'],
  ['cephfs', 'deprecated in v1.28, non-functional in v1.31+'],
  ['rbd', 'deprecated in v1.28, non-functional in v1.31+'],
];

export const SECCOMP_POD_ANNOTATION = 'seccomp.security.alpha.kubernetes.io/pod';
export const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';

const map = (v: unknown): Json => (isPlainObject(v) ? v : {});

function nodeLabelWarnings(spec: Json, at: (p: string) => string): string[] {
  const warnings: string[] = [];
  for (const key of Object.keys(map(spec.nodeSelector))) {
    const msg = DEPRECATED_NODE_LABELS[key];
    if (msg) warnings.push(`${at(`spec.nodeSelector[${key}]`)}: ${msg}`);
  }
  const nodeAffinity = map(map(spec.affinity).nodeAffinity);
  const termWarnings = (term: Json, path: string) =>
    plainObjects(term.matchExpressions).forEach((e, i) => {
      const msg = DEPRECATED_NODE_LABELS[String(e.key)];
      if (msg) warnings.push(`${at(`${path}.matchExpressions[${i}].key`)}: ${String(e.key)} is ${msg}`);
    });
  const required = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms';
  plainObjects(map(nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution).nodeSelectorTerms).forEach((t, i) => termWarnings(t, `${required}[${i}]`));
  const preferred = 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution';
  plainObjects(nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => termWarnings(map(t.preference), `${preferred}[${i}].preference`));
  plainObjects(spec.topologySpreadConstraints).forEach((t, i) => {
    const msg = DEPRECATED_NODE_LABELS[String(t.topologyKey)];
    if (msg) warnings.push(`${at(`spec.topologySpreadConstraints[${i}].topologyKey`)}: ${String(t.topologyKey)} is ${msg}`);
    if (t.labelSelector == null) warnings.push(`${at(`spec.topologySpreadConstraints[${i}].labelSelector`)}: a null labelSelector results in matching no pod`);
  });
  return warnings;
}

function volumeWarnings(spec: Json, at: (p: string) => string): string[] {
  const warnings: string[] = [];
  const volumes = plainObjects(spec.volumes);
  volumes.forEach((v, i) => {
    for (const [plugin, msg] of DEPRECATED_VOLUMES) if (v[plugin] != null) warnings.push(`${at(`spec.volumes[${i}].${plugin}`)}: ${msg}`);
  });
  const tokenPaths = new Set<string>();
  for (const v of volumes) for (const s of plainObjects(map(v.projected).sources)) if (isPlainObject(s.serviceAccountToken)) tokenPaths.add(String(s.serviceAccountToken.path ?? ''));
  if (tokenPaths.size === 0) return warnings;
  volumes.forEach((v, i) => {
    for (const s of plainObjects(map(v.projected).sources)) {
      const clash = (items: unknown, name: string) =>
        plainObjects(items).forEach((item, j) => {
          if (tokenPaths.has(String(item.path ?? ''))) warnings.push(`${at(`spec.volumes[${i}].projected.sources.${name}[${j}]`)}: has duplicated path with ServiceAccountToken ${JSON.stringify(item.path)}`);
        });
      if (isPlainObject(s.configMap)) clash(s.configMap.items, 'configMap');
      if (isPlainObject(s.secret)) clash(s.secret.items, 'secrets');
      if (isPlainObject(s.downwardAPI)) clash(s.downwardAPI.items, 'downwardAPI');
      if (isPlainObject(s.clusterTrustBundle) && tokenPaths.has(String(s.clusterTrustBundle.path ?? ''))) {
        warnings.push(`${at(`spec.volumes[${i}].projected.sources.ClusterTrustBundle`)}: has duplicated path with ServiceAccountToken ${JSON.stringify(s.clusterTrustBundle.path)}`);
      }
    }
  });
  return warnings;
}

function duplicates(items: Json[], key: string, path: (i: number) => string, what: string): string[] {
  const seen = new Set<string>();
  const warnings: string[] = [];
  items.forEach((item, i) => {
    const value = String(item[key] ?? '');
    if (seen.has(value)) warnings.push(`${path(i)}: duplicate ${what} ${JSON.stringify(value)}`);
    else seen.add(value);
  });
  return warnings;
}

/** A byte quantity with a fractional part ("1500m"): its canonical text, else undefined. */
function fractionalBytes(value: unknown): string | undefined {
  const q = Quantity.from(value);
  return q && q.milliValue() % 1000 !== 0 ? q.toJSON() : undefined;
}

/** `path[name]`'s warning when that byte quantity is fractional. */
function fractionalWarning(resources: unknown, name: string, path: string): string[] {
  const text = fractionalBytes(map(resources)[name]);
  return text === undefined ? [] : [`${path}[${name}]: fractional byte value ${JSON.stringify(text)} is invalid, must be an integer`];
}

function envWarnings(c: Json, path: string): string[] {
  const warnings: string[] = [];
  const seen = new Set<string>();
  plainObjects(c.env).forEach((e, i) => {
    const name = String(e.name ?? '');
    if (!seen.has(name)) {
      seen.add(name);
      return;
    }
    const ref = `$(${name})`;
    const value = typeof e.value === 'string' ? e.value : '';
    if (e.valueFrom != null || value === ref || !value.includes(ref)) warnings.push(`${path}.env[${i}]: hides previous definition of ${JSON.stringify(name)}, which may be dropped when using apply`);
  });
  return warnings;
}

/** Go's %+v of the internal ContainerPort. */
function goPort(p: Json): string {
  return `{Name:${String(p.name ?? '')} HostPort:${Number(p.hostPort ?? 0)} ContainerPort:${Number(p.containerPort ?? 0)} Protocol:${String(p.protocol ?? '')} HostIP:${String(p.hostIP ?? '')}}`;
}

function portWarnings(containers: Array<[Json, string]>): string[] {
  const warnings: string[] = [];
  const all = new Map<string, Array<{ path: string; port: Json }>>();
  for (const [c, cPath] of containers) {
    plainObjects(c.ports).forEach((port, i) => {
      const path = `${cPath}.ports[${i}]`;
      const hostIP = String(port.hostIP ?? '');
      const hostPort = Number(port.hostPort ?? 0);
      if (hostIP !== '' && hostPort === 0) warnings.push(`${path}: hostIP set without hostPort: ${goPort(port)}`);
      const key = `${Number(port.containerPort ?? 0)}/${String(port.protocol ?? '')}`;
      for (const other of all.get(key) ?? []) {
        const otherIP = String(other.port.hostIP ?? '');
        const otherPort = Number(other.port.hostPort ?? 0);
        if (hostIP === otherIP && hostPort === otherPort) warnings.push(`${path}: duplicate port definition with ${other.path}`);
        else if (hostPort === 0 || otherPort === 0) warnings.push(`${path}: overlapping port definition with ${other.path}`);
        else if (hostPort === otherPort && (hostIP === '') !== (otherIP === '')) warnings.push(`${path}: dangerously ambiguous port definition with ${other.path}`);
      }
      all.set(key, [...(all.get(key) ?? []), { path, port }]);
    });
  }
  return warnings;
}

function affinityTermWarnings(spec: Json, at: (p: string) => string): string[] {
  const warnings: string[] = [];
  const affinity = map(spec.affinity);
  for (const kind of ['podAffinity', 'podAntiAffinity']) {
    const a = map(affinity[kind]);
    const required = `spec.affinity.${kind}.requiredDuringSchedulingIgnoredDuringExecution`;
    plainObjects(a.requiredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
      if (t.labelSelector == null) warnings.push(`${at(`${required}[${i}].labelSelector`)}: a null labelSelector results in matching no pod`);
    });
    const preferred = `spec.affinity.${kind}.preferredDuringSchedulingIgnoredDuringExecution`;
    plainObjects(a.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
      if (map(t.podAffinityTerm).labelSelector == null) warnings.push(`${at(`${preferred}[${i}].podAffinityTerm.labelSelector`)}: a null labelSelector results in matching no pod`);
    });
  }
  return warnings;
}

/** The warnings for a pod's (prefix "") or a template's spec and metadata. */
export function podSpecWarnings(prefix: string, spec: Json, meta: Json): string[] {
  const at = (p: string) => (prefix ? `${prefix}.${p}` : p);
  const annotations = map(meta.annotations);
  const annotation = (key: string) => at(`metadata.annotations[${key}]`);
  const warnings = nodeLabelWarnings(spec, at);
  for (const [key, msg] of DEPRECATED_ANNOTATIONS) if (key in annotations) warnings.push(`${annotation(key)}: ${msg}`);
  warnings.push(...volumeWarnings(spec, at));
  warnings.push(...duplicates(plainObjects(spec.hostAliases), 'ip', (i) => at(`spec.hostAliases[${i}].ip`), 'ip'));
  const pullSecrets = plainObjects(spec.imagePullSecrets);
  warnings.push(...duplicates(pullSecrets, 'name', (i) => at(`spec.imagePullSecrets[${i}].name`), 'name'));
  pullSecrets.forEach((s, i) => {
    if (!s.name) warnings.push(`${at(`spec.imagePullSecrets[${i}].name`)}: invalid empty name ""`);
  });
  for (const name of ['memory', 'ephemeral-storage']) warnings.push(...fractionalWarning(spec.overhead, name, at('spec.overhead')));
  const podContext = map(spec.securityContext);
  if (podContext.seccompProfile == null && SECCOMP_POD_ANNOTATION in annotations) warnings.push(`${annotation(SECCOMP_POD_ANNOTATION)}: non-functional in v1.27+; use the "seccompProfile" field instead`);
  const containers = containersWithPath(spec, at('spec'));
  for (const [c, path] of containers) {
    const context = map(c.securityContext);
    const seccompKey = SECCOMP_CONTAINER_ANNOTATION_PREFIX + String(c.name ?? '');
    if (context.seccompProfile == null && seccompKey in annotations) warnings.push(`${annotation(seccompKey)}: non-functional in v1.27+; use the "seccompProfile" field instead`);
    // A Pod's own AppArmor annotations are warned about where they are copied to fields (apparmor.ts).
    const appArmorKey = APPARMOR_ANNOTATION_PREFIX + String(c.name ?? '');
    if (prefix && podContext.appArmorProfile == null && context.appArmorProfile == null && appArmorKey in annotations) {
      warnings.push(`${annotation(appArmorKey)}: deprecated since v1.30; use the "appArmorProfile" field instead`);
    }
    const resources = map(c.resources);
    for (const name of ['memory', 'ephemeral-storage']) {
      warnings.push(...fractionalWarning(resources.limits, name, `${path}.resources.limits`), ...fractionalWarning(resources.requests, name, `${path}.resources.requests`));
    }
    warnings.push(...envWarnings(c, path));
  }
  warnings.push(...portWarnings(containers));
  if (typeof spec.terminationGracePeriodSeconds === 'number' && spec.terminationGracePeriodSeconds < 0) {
    warnings.push(`${at('spec.terminationGracePeriodSeconds')}: must be >= 0; negative values are invalid and will be treated as 1`);
  }
  warnings.push(...affinityTermWarnings(spec, at));
  return warnings;
}

/** A template's warnings, on create and on an update that changed the spec (a new generation). */
export function templateWarnings(path: string, template: (obj: KubeObject) => unknown): Pick<Strategy, 'warningsOnCreate' | 'warningsOnUpdate'> {
  const of = (obj: KubeObject) => {
    const t = map(template(obj));
    return podSpecWarnings(path, map(t.spec), map(t.metadata));
  };
  return {
    warningsOnCreate: of,
    warningsOnUpdate: (next, prev) => (next.metadata.generation !== prev.metadata.generation ? of(next) : []),
  };
}
