// The ServiceAccount admission plug-in, for pods being created: a pod without a service account runs
// as `default`; the account must exist (else Forbidden, "error looking up service account …"); and
// unless the pod or its account opts out (automountServiceAccountToken: false), every container
// mounts a `kube-api-access-<random>` projected volume — a bound token, the cluster CA from the
// kube-root-ca.crt ConfigMap, the namespace — at /var/run/secrets/kubernetes.io/serviceaccount.
// Mirror pods are left as the kubelet wrote them, and may reference no account, Secret or token.

import { forbidden } from '../../machinery/errors.ts';
import { isPlainObject, plainObjects, type KubeObject } from '../../machinery/object.ts';
import type { ResourceRegistry } from '../registry/registry.ts';
import { generateName } from '../registry/object-meta.ts';
import { DEFAULT_FILE_MODE } from '../builtin/volume-defaults.ts';
import type { AdmissionPlugin, AdmissionRequest } from './admission.ts';

type Json = Record<string, any>;

export const DEFAULT_SERVICE_ACCOUNT = 'default';
export const TOKEN_VOLUME_PREFIX = 'kube-api-access-';
export const TOKEN_MOUNT_PATH = '/var/run/secrets/kubernetes.io/serviceaccount';
/** api.MirrorPodAnnotationKey: what the kubelet marks the API copy of a static pod with. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** The ConfigMap the root-CA publisher keeps in every namespace, which the token volume projects. */
export const ROOT_CA_CONFIGMAP = 'kube-root-ca.crt';
/** serviceaccount.WarnOnlyBoundTokenExpirationSeconds: an hour and 7 s, so stale tokens can be told apart in the audit log. */
const TOKEN_EXPIRATION_SECONDS = 3607;
const CONTAINER_LISTS = ['initContainers', 'containers'] as const;

/** TokenVolumeSource: what the kubelet projects into the token volume. */
function tokenVolumeSource(): Json {
  return {
    defaultMode: DEFAULT_FILE_MODE,
    sources: [
      { serviceAccountToken: { expirationSeconds: TOKEN_EXPIRATION_SECONDS, path: 'token' } },
      { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: ROOT_CA_CONFIGMAP } },
      { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
    ],
  };
}

function isPodCreate(req: AdmissionRequest): boolean {
  return req.operation === 'CREATE' && req.resource.group === '' && req.resource.plural === 'pods' && req.subresource === '';
}

const isMirror = (pod: KubeObject): boolean => pod.metadata.annotations?.[MIRROR_POD_ANNOTATION] !== undefined;

/** shouldAutomount: the pod's choice, else its account's, else yes. */
function shouldAutomount(account: KubeObject, spec: Json): boolean {
  if (typeof spec.automountServiceAccountToken === 'boolean') return spec.automountServiceAccountToken;
  const own = (account as Json).automountServiceAccountToken;
  return typeof own === 'boolean' ? own : true;
}

/** mountServiceAccountToken: a mount in each container without one at the token path, and the volume if any took it. */
function mountToken(spec: Json): void {
  const volumes: Json[] = Array.isArray(spec.volumes) ? spec.volumes : [];
  const existing = volumes.find((v) => isPlainObject(v) && typeof v.name === 'string' && v.name.startsWith(TOKEN_VOLUME_PREFIX));
  const name: string = existing?.name ?? generateName(TOKEN_VOLUME_PREFIX);
  let needed = false;
  for (const list of CONTAINER_LISTS) {
    for (const c of Array.isArray(spec[list]) ? spec[list] : []) {
      if (!isPlainObject(c)) continue;
      const mounts: Json[] = Array.isArray(c.volumeMounts) ? c.volumeMounts : [];
      if (mounts.some((m) => isPlainObject(m) && m.mountPath === TOKEN_MOUNT_PATH)) continue;
      c.volumeMounts = [...mounts, { mountPath: TOKEN_MOUNT_PATH, name, readOnly: true }];
      needed = true;
    }
  }
  if (!existing && needed) spec.volumes = [...volumes, { name, projected: tokenVolumeSource() }];
}

/** Whether a mirror pod's spec names a Secret anywhere (volumes, env, envFrom, image pull secrets) or a token projection. */
function mirrorPodReference(spec: Json): string | undefined {
  if (spec.serviceAccountName) return 'a mirror pod may not reference service accounts';
  const volumes: Json[] = plainObjects(spec.volumes);
  const containers: Json[] = CONTAINER_LISTS.flatMap((l) => plainObjects(spec[l]));
  const secretInEnv = containers.some(
    (c) => (c.env ?? []).some((e: Json) => e?.valueFrom?.secretKeyRef) || (c.envFrom ?? []).some((e: Json) => e?.secretRef),
  );
  const secretInVolume = volumes.some((v) => v.secret || (v.projected?.sources ?? []).some((s: Json) => s?.secret));
  if (secretInEnv || secretInVolume || (spec.imagePullSecrets ?? []).length > 0) return 'a mirror pod may not reference secrets';
  if (volumes.some((v) => (v.projected?.sources ?? []).some((s: Json) => s?.serviceAccountToken))) return 'a mirror pod may not use ServiceAccountToken volume projections';
  return undefined;
}

export function serviceAccountAdmission(serviceAccounts: () => ResourceRegistry): AdmissionPlugin {
  const lookUp = async (req: AdmissionRequest, name: string): Promise<KubeObject> => {
    const account = await serviceAccounts().tryGet(req.namespace, name);
    if (account) return account;
    throw forbidden({ group: '', resource: 'pods' }, req.name, `error looking up service account ${req.namespace}/${name}: serviceaccount "${name}" not found`);
  };
  /** The account each pod's mutation found: validation looks again only if a later plug-in changed it. */
  const found = new WeakMap<KubeObject, string>();
  return {
    name: 'ServiceAccount',
    mutate(req) {
      const pod = req.object;
      if (!isPodCreate(req) || !pod || isMirror(pod) || !isPlainObject(pod.spec)) return;
      const spec = pod.spec as Json;
      if (!spec.serviceAccountName) spec.serviceAccountName = DEFAULT_SERVICE_ACCOUNT;
      // The v1 conversion writes the deprecated alias from the name.
      spec.serviceAccount = spec.serviceAccountName;
      return lookUp(req, spec.serviceAccountName).then((account) => {
        found.set(pod, spec.serviceAccountName);
        if (shouldAutomount(account, spec)) mountToken(spec);
        const pullSecrets = (account as Json).imagePullSecrets;
        if (!(spec.imagePullSecrets?.length > 0) && Array.isArray(pullSecrets) && pullSecrets.length > 0) {
          spec.imagePullSecrets = pullSecrets.filter(isPlainObject).map((s) => ({ name: s.name }));
        }
      });
    },
    validate(req) {
      const pod = req.object;
      if (!isPodCreate(req) || !pod || !isPlainObject(pod.spec)) return;
      const spec = pod.spec as Json;
      if (isMirror(pod)) {
        const why = mirrorPodReference(spec);
        if (why) throw forbidden({ group: '', resource: 'pods' }, req.name, why);
        return;
      }
      if (!spec.serviceAccountName) throw forbidden({ group: '', resource: 'pods' }, req.name, `no service account specified for pod ${req.namespace}/${req.name}`);
      if (found.get(pod) === spec.serviceAccountName) return;
      return lookUp(req, spec.serviceAccountName).then(() => undefined);
    },
  };
}
