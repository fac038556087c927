// The Pod Security Standards' checks (k8s.io/pod-security-admission/policy, as of Kubernetes 1.33):
// each looks at a pod's spec and metadata and answers why the pod fails it, worded as upstream
// words it, or nothing when the pod passes.

import { isPlainObject } from '../../../machinery/object.ts';
import { APPARMOR_ANNOTATION_PREFIX } from '../../../machinery/pod-spec.ts';

type Json = Record<string, unknown>;

export type Level = 'privileged' | 'baseline' | 'restricted';

/** What a check reports: `reason (detail)` in the aggregate message. */
export interface CheckResult {
  reason: string;
  detail: string;
}

/** A pod (or a pod template) as the checks see it. */
export interface PodView {
  annotations: Record<string, string>;
  spec: Json;
  /** initContainers, then containers, then ephemeralContainers, each in spec order. */
  containers: Json[];
}

export interface Check {
  id: string;
  level: Exclude<Level, 'privileged'>;
  /** The first policy minor version (1.N) the check applies to. */
  since: number;
  /** Baseline checks this one replaces at the restricted level. */
  overrides?: string[];
  run(pod: PodView, minor: number): CheckResult | undefined;
}

const obj = (v: unknown): Json | undefined => (isPlainObject(v) ? v : undefined);
const nameOf = (c: Json): string => (typeof c.name === 'string' ? c.name : '');
const podContext = (pod: PodView): Json | undefined => obj(pod.spec.securityContext);
const containerContext = (c: Json): Json | undefined => obj(c.securityContext);

export const joinQuote = (items: readonly string[]): string => (items.length === 0 ? '' : `"${items.join('", "')}"`);
const pluralize = (singular: string, plural: string, n: number): string => (n === 1 ? singular : plural);
const sortedUnique = (items: Iterable<string>): string[] => [...new Set(items)].sort();
/** `container "a"` / `containers "a", "b"`. */
const containersPhrase = (names: readonly string[]): string => `${pluralize('container', 'containers', names.length)} ${joinQuote(names)}`;

/** `pod`, `container "a"`, … joined with " and ": who set a forbidden value. */
function setters(pod: boolean, containers: readonly string[], extra?: string): string {
  const parts: string[] = [];
  if (pod) parts.push('pod');
  if (containers.length > 0) parts.push(containersPhrase(containers));
  if (extra) parts.push(extra);
  return parts.join(' and ');
}

/**
 * The containers `forbidden` finds forbidden values in (in visit order), and those values sorted
 * and de-duplicated, as every per-container check reports them.
 */
function offenders(pod: PodView, forbidden: (c: Json) => readonly string[]): { containers: string[]; values: string[] } {
  const containers: string[] = [];
  const values: string[] = [];
  for (const c of pod.containers) {
    const bad = forbidden(c);
    if (bad.length === 0) continue;
    containers.push(nameOf(c));
    values.push(...bad);
  }
  return { containers, values: sortedUnique(values) };
}

const one = (value: string | undefined): readonly string[] => (value === undefined ? [] : [value]);

const isWindows = (pod: PodView): boolean => obj(pod.spec.os)?.name === 'windows';

// ---- baseline ----

const goQuote = (s: string): string => JSON.stringify(s);

const appArmorProfile: Check = {
  id: 'appArmorProfile',
  level: 'baseline',
  since: 0,
  run(pod) {
    const badType = (ctx: Json | undefined): string | undefined => {
      const type = obj(ctx?.appArmorProfile)?.type;
      return typeof type === 'string' && type !== 'RuntimeDefault' && type !== 'Localhost' ? type : undefined;
    };
    const podType = badType(podContext(pod));
    const { containers, values } = offenders(pod, (c) => one(badType(containerContext(c))));
    const annotations: string[] = [];
    for (const [key, value] of Object.entries(pod.annotations)) {
      if (!key.startsWith(APPARMOR_ANNOTATION_PREFIX)) continue;
      if (value === '' || value === 'runtime/default' || value.startsWith('localhost/')) continue;
      annotations.push(`${key}=${goQuote(value)}`);
    }
    if (!podType && containers.length === 0 && annotations.length === 0) return undefined;
    const list = [...sortedUnique(podType ? [podType, ...values] : values), ...annotations.sort()];
    const who = setters(!!podType, containers, annotations.length > 0 ? pluralize('annotation', 'annotations', annotations.length) : undefined);
    return {
      reason: pluralize('forbidden AppArmor profile', 'forbidden AppArmor profiles', list.length),
      detail: `${who} must not set AppArmor profile type to ${joinQuote(list)}`,
    };
  },
};

const BASELINE_CAPABILITIES = new Set(['AUDIT_WRITE', 'CHOWN', 'DAC_OVERRIDE', 'FOWNER', 'FSETID', 'KILL', 'MKNOD', 'NET_BIND_SERVICE', 'SETFCAP', 'SETGID', 'SETPCAP', 'SETUID', 'SYS_CHROOT']);

const addedCapabilities = (c: Json): string[] => {
  const add = obj(containerContext(c)?.capabilities)?.add;
  return Array.isArray(add) ? add.filter((x): x is string => typeof x === 'string') : [];
};

/** Containers adding a capability `allowed` lacks, and those capabilities. */
function forbiddenAdds(pod: PodView, allowed: (cap: string) => boolean): { containers: string[]; values: string[] } {
  return offenders(pod, (c) => addedCapabilities(c).filter((cap) => !allowed(cap)));
}

const capabilitiesBaseline: Check = {
  id: 'capabilities_baseline',
  level: 'baseline',
  since: 0,
  run(pod) {
    const { containers, values: caps } = forbiddenAdds(pod, (cap) => BASELINE_CAPABILITIES.has(cap));
    if (containers.length === 0) return undefined;
    return { reason: 'non-default capabilities', detail: `${containersPhrase(containers)} must not include ${joinQuote(caps)} in securityContext.capabilities.add` };
  },
};

const hostNamespaces: Check = {
  id: 'hostNamespaces',
  level: 'baseline',
  since: 0,
  run(pod) {
    const set = (['hostNetwork', 'hostPID', 'hostIPC'] as const).filter((f) => pod.spec[f] === true).map((f) => `${f}=true`);
    return set.length === 0 ? undefined : { reason: 'host namespaces', detail: set.join(', ') };
  },
};

const volumes = (pod: PodView): Json[] => (Array.isArray(pod.spec.volumes) ? pod.spec.volumes.filter(isPlainObject) : []);

const hostPathVolumes: Check = {
  id: 'hostPathVolumes',
  level: 'baseline',
  since: 0,
  run(pod) {
    const names = volumes(pod).filter((v) => v.hostPath != null).map(nameOf);
    return names.length === 0 ? undefined : { reason: 'hostPath volumes', detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)}` };
  },
};

const hostPortsCheck: Check = {
  id: 'hostPorts',
  level: 'baseline',
  since: 0,
  run(pod) {
    const { containers, values: list } = offenders(pod, (c) =>
      (Array.isArray(c.ports) ? c.ports : []).map((p) => obj(p)?.hostPort).filter((p): p is number => typeof p === 'number' && p !== 0).map(String),
    );
    if (containers.length === 0) return undefined;
    return {
      reason: 'hostPort',
      detail: `${containersPhrase(containers)} ${pluralize('uses', 'use', containers.length)} ${pluralize('hostPort', 'hostPorts', list.length)} ${list.join(', ')}`,
    };
  },
};

const privileged: Check = {
  id: 'privileged',
  level: 'baseline',
  since: 0,
  run(pod) {
    const names = pod.containers.filter((c) => containerContext(c)?.privileged === true).map(nameOf);
    return names.length === 0 ? undefined : { reason: 'privileged', detail: `${containersPhrase(names)} must not set securityContext.privileged=true` };
  },
};

const procMount: Check = {
  id: 'procMount',
  level: 'baseline',
  since: 0,
  run(pod) {
    const { containers, values: types } = offenders(pod, (c) => {
      const t = containerContext(c)?.procMount;
      return typeof t === 'string' && t !== '' && t !== 'Default' ? [t] : [];
    });
    if (containers.length === 0) return undefined;
    return { reason: 'procMount', detail: `${containersPhrase(containers)} must not set securityContext.procMount to ${joinQuote(types)}` };
  },
};

const SELINUX_TYPES = new Set(['', 'container_t', 'container_init_t', 'container_kvm_t']);

const seLinuxOptions: Check = {
  id: 'seLinuxOptions',
  level: 'baseline',
  since: 0,
  run(pod, minor) {
    const types = new Set<string>();
    let user = false;
    let role = false;
    const bad = (ctx: Json | undefined): boolean => {
      const opts = obj(ctx?.seLinuxOptions);
      if (!opts) return false;
      let found = false;
      const type = typeof opts.type === 'string' ? opts.type : '';
      if (!SELINUX_TYPES.has(type) && !(minor >= 31 && type === 'container_engine_t')) {
        types.add(type);
        found = true;
      }
      if (typeof opts.user === 'string' && opts.user !== '') found = user = true;
      if (typeof opts.role === 'string' && opts.role !== '') found = role = true;
      return found;
    };
    const podBad = bad(podContext(pod));
    const containers = pod.containers.filter((c) => bad(containerContext(c))).map(nameOf);
    if (!podBad && containers.length === 0) return undefined;
    const data: string[] = [];
    if (types.size > 0) data.push(`${pluralize('type', 'types', types.size)} ${joinQuote(sortedUnique(types))}`);
    if (user) data.push('user may not be set');
    if (role) data.push('role may not be set');
    return { reason: 'seLinuxOptions', detail: `${setters(podBad, containers)} set forbidden securityContext.seLinuxOptions: ${data.join('; ')}` };
  },
};

const seccompType = (ctx: Json | undefined): string | undefined => {
  const type = obj(ctx?.seccompProfile)?.type;
  return typeof type === 'string' ? type : undefined;
};
const validSeccomp = (type: string): boolean => type === 'RuntimeDefault' || type === 'Localhost';

/** Explicitly set profile types other than RuntimeDefault and Localhost, with who set them. */
function forbiddenSeccomp(pod: PodView): CheckResult | undefined {
  const forbidden = (ctx: Json | undefined): readonly string[] => {
    const t = seccompType(ctx);
    return t === undefined || validSeccomp(t) ? [] : [t];
  };
  const podTypes = forbidden(podContext(pod));
  const { containers, values } = offenders(pod, (c) => forbidden(containerContext(c)));
  if (podTypes.length === 0 && containers.length === 0) return undefined;
  return { reason: 'seccompProfile', detail: `${setters(podTypes.length > 0, containers)} must not set securityContext.seccompProfile.type to ${joinQuote(sortedUnique([...podTypes, ...values]))}` };
}

const seccompProfileBaseline: Check = {
  id: 'seccompProfile_baseline',
  level: 'baseline',
  since: 0,
  run: forbiddenSeccomp,
};

const SAFE_SYSCTLS: Array<[number, string[]]> = [
  [0, ['kernel.shm_rmid_forced', 'net.ipv4.ip_local_port_range', 'net.ipv4.tcp_syncookies', 'net.ipv4.ping_group_range', 'net.ipv4.ip_unprivileged_port_start']],
  [27, ['net.ipv4.ip_local_reserved_ports']],
  [29, ['net.ipv4.tcp_keepalive_time', 'net.ipv4.tcp_fin_timeout', 'net.ipv4.tcp_keepalive_intvl', 'net.ipv4.tcp_keepalive_probes']],
  [32, ['net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']],
];

const sysctls: Check = {
  id: 'sysctls',
  level: 'baseline',
  since: 0,
  run(pod, minor) {
    const list = podContext(pod)?.sysctls;
    if (!Array.isArray(list)) return undefined;
    const safe = new Set(SAFE_SYSCTLS.filter(([since]) => minor >= since).flatMap(([, names]) => names));
    const bad = list.map((s) => obj(s)?.name).filter((n): n is string => typeof n === 'string' && !safe.has(n));
    return bad.length === 0 ? undefined : { reason: 'forbidden sysctls', detail: bad.join(', ') };
  },
};

const windowsHostProcess: Check = {
  id: 'windowsHostProcess',
  level: 'baseline',
  since: 0,
  run(pod) {
    const hostProcess = (ctx: Json | undefined): boolean => obj(ctx?.windowsOptions)?.hostProcess === true;
    const podSet = hostProcess(podContext(pod));
    const containers = pod.containers.filter((c) => hostProcess(containerContext(c))).map(nameOf);
    if (!podSet && containers.length === 0) return undefined;
    return { reason: 'hostProcess', detail: `${setters(podSet, containers)} must not set securityContext.windowsOptions.hostProcess=true` };
  },
};

// ---- restricted ----

/** From 1.25 the Linux-only restricted checks leave pods that declare `os.name: windows` alone. */
const windowsExempt = (pod: PodView, minor: number): boolean => minor >= 25 && isWindows(pod);

const allowPrivilegeEscalation: Check = {
  id: 'allowPrivilegeEscalation',
  level: 'restricted',
  since: 8,
  run(pod, minor) {
    if (windowsExempt(pod, minor)) return undefined;
    const names = pod.containers.filter((c) => containerContext(c)?.allowPrivilegeEscalation !== false).map(nameOf);
    return names.length === 0 ? undefined : { reason: 'allowPrivilegeEscalation != false', detail: `${containersPhrase(names)} must set securityContext.allowPrivilegeEscalation=false` };
  },
};

const capabilitiesRestricted: Check = {
  id: 'capabilities_restricted',
  level: 'restricted',
  since: 22,
  overrides: ['capabilities_baseline'],
  run(pod, minor) {
    if (windowsExempt(pod, minor)) return undefined;
    const noDrop = pod.containers
      .filter((c) => {
        const drop = obj(containerContext(c)?.capabilities)?.drop;
        return !(Array.isArray(drop) && drop.includes('ALL'));
      })
      .map(nameOf);
    const { containers, values: caps } = forbiddenAdds(pod, (cap) => cap === 'NET_BIND_SERVICE');
    if (noDrop.length === 0 && containers.length === 0) return undefined;
    const parts: string[] = [];
    if (noDrop.length > 0) parts.push(`${containersPhrase(noDrop)} must set securityContext.capabilities.drop=["ALL"]`);
    if (containers.length > 0) parts.push(`${containersPhrase(containers)} must not include ${joinQuote(caps)} in securityContext.capabilities.add`);
    return { reason: 'unrestricted capabilities', detail: parts.join('; ') };
  },
};

const ALLOWED_VOLUME_TYPES = new Set(['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret']);
const RESTRICTED_VOLUME_TYPES = ['hostPath', 'gcePersistentDisk', 'awsElasticBlockStore', 'gitRepo', 'nfs', 'iscsi', 'glusterfs', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'flocker', 'fc', 'azureFile', 'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'scaleIO', 'storageos'];

/** The restricted type a volume uses, or undefined when its type is allowed. */
function restrictedType(v: Json): string | undefined {
  for (const type of ALLOWED_VOLUME_TYPES) if (v[type] != null) return undefined;
  return RESTRICTED_VOLUME_TYPES.find((type) => v[type] != null) ?? 'unknown';
}

const restrictedVolumes: Check = {
  id: 'restrictedVolumes',
  level: 'restricted',
  since: 0,
  overrides: ['hostPathVolumes'],
  run(pod) {
    const names: string[] = [];
    const types: string[] = [];
    for (const v of volumes(pod)) {
      const type = restrictedType(v);
      if (!type) continue;
      names.push(nameOf(v));
      types.push(type);
    }
    if (names.length === 0) return undefined;
    const list = sortedUnique(types);
    return {
      reason: 'restricted volume types',
      detail: `${pluralize('volume', 'volumes', names.length)} ${joinQuote(names)} ${pluralize('uses', 'use', names.length)} ${pluralize('restricted volume type', 'restricted volume types', list.length)} ${joinQuote(list)}`,
    };
  },
};

const runAsNonRoot: Check = {
  id: 'runAsNonRoot',
  level: 'restricted',
  since: 0,
  run(pod) {
    const podValue = podContext(pod)?.runAsNonRoot;
    const explicitFalse = pod.containers.filter((c) => containerContext(c)?.runAsNonRoot === false).map(nameOf);
    if (podValue === false || explicitFalse.length > 0) {
      return { reason: 'runAsNonRoot != true', detail: `${setters(podValue === false, explicitFalse)} must not set securityContext.runAsNonRoot=false` };
    }
    if (podValue === true) return undefined;
    const unset = pod.containers.filter((c) => containerContext(c)?.runAsNonRoot == null).map(nameOf);
    return unset.length === 0 ? undefined : { reason: 'runAsNonRoot != true', detail: `pod or ${containersPhrase(unset)} must set securityContext.runAsNonRoot=true` };
  },
};

const runAsUser: Check = {
  id: 'runAsUser',
  level: 'restricted',
  since: 23,
  run(pod) {
    const podRoot = podContext(pod)?.runAsUser === 0;
    const containers = pod.containers.filter((c) => containerContext(c)?.runAsUser === 0).map(nameOf);
    if (!podRoot && containers.length === 0) return undefined;
    return { reason: 'runAsUser=0', detail: `${setters(podRoot, containers)} must not set runAsUser=0` };
  },
};

const seccompProfileRestricted: Check = {
  id: 'seccompProfile_restricted',
  level: 'restricted',
  since: 19,
  overrides: ['seccompProfile_baseline'],
  run(pod, minor) {
    if (windowsExempt(pod, minor)) return undefined;
    const forbidden = forbiddenSeccomp(pod);
    if (forbidden) return forbidden;
    const podType = seccompType(podContext(pod));
    if (podType !== undefined && validSeccomp(podType)) return undefined;
    const unset = pod.containers.filter((c) => seccompType(containerContext(c)) === undefined).map(nameOf);
    if (unset.length === 0) return undefined;
    return { reason: 'seccompProfile', detail: `pod or ${containersPhrase(unset)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"` };
  },
};

export const CHECKS: readonly Check[] = [
  appArmorProfile,
  capabilitiesBaseline,
  hostNamespaces,
  hostPathVolumes,
  hostPortsCheck,
  privileged,
  procMount,
  seLinuxOptions,
  seccompProfileBaseline,
  sysctls,
  windowsHostProcess,
  allowPrivilegeEscalation,
  capabilitiesRestricted,
  restrictedVolumes,
  runAsNonRoot,
  runAsUser,
  seccompProfileRestricted,
];
