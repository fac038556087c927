// Service accounts: a `default` ServiceAccount in every active namespace, and Secrets of type
// kubernetes.io/service-account-token filled with `token`, `ca.crt` and `namespace`, as
// kube-controller-manager's serviceaccount and token controllers do.

import type { ServiceAccountTokens } from '../../apiserver/auth/service-account-tokens.ts';
import { type InformerFactory, type KubeClient, runController, splitKey, WorkQueue, type Clock } from '../../controller/index.ts';
import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';

export const SA_TOKEN_TYPE = 'kubernetes.io/service-account-token';
export const SA_NAME_ANNOTATION = 'kubernetes.io/service-account.name';
export const SA_UID_ANNOTATION = 'kubernetes.io/service-account.uid';

const NAMESPACE = { apiVersion: 'v1', kind: 'Namespace' };
const SERVICE_ACCOUNT = { apiVersion: 'v1', kind: 'ServiceAccount' };
const SECRET = { apiVersion: 'v1', kind: 'Secret' };

export interface ServiceAccountDeps {
  client: KubeClient;
  factory: InformerFactory;
  clock: Clock;
  tokens: ServiceAccountTokens;
  caPem: string;
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export function startServiceAccountControllers(deps: ServiceAccountDeps): { stop(): Promise<void> } {
  const namespaces = deps.factory.informerFor(NAMESPACE);
  const accounts = deps.factory.informerFor(SERVICE_ACCOUNT);
  const secrets = deps.factory.informerFor(SECRET, { fieldSelector: `type=${SA_TOKEN_TYPE}` });
  const nsQueue = new WorkQueue({ clock: deps.clock });
  const secretQueue = new WorkQueue({ clock: deps.clock });

  namespaces.addEventHandler({ onAdd: (ns) => nsQueue.add(ns.metadata.name!), onUpdate: (_o, ns) => nsQueue.add(ns.metadata.name!) });
  accounts.addEventHandler({
    onDelete: (sa) => {
      nsQueue.add(sa.metadata.namespace!);
      for (const s of secrets.list(sa.metadata.namespace)) secretQueue.add(`${s.metadata.namespace}/${s.metadata.name}`);
    },
    onAdd: (sa) => {
      for (const s of secrets.list(sa.metadata.namespace)) secretQueue.add(`${s.metadata.namespace}/${s.metadata.name}`);
    },
  });
  const enqueueSecret = (s: KubeObject) => secretQueue.add(`${s.metadata.namespace}/${s.metadata.name}`);
  secrets.addEventHandler({ onAdd: enqueueSecret, onUpdate: (_o, s) => enqueueSecret(s) });

  const ensureDefault = async (name: string) => {
    const ns = namespaces.get(undefined, name);
    if (!ns || ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating') return;
    if (accounts.get(name, 'default')) return;
    await deps.client
      .create({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'default', namespace: name } }, { fieldManager: 'kube-controller-manager' })
      .catch((err) => {
        if (!isStatusError(err, 'AlreadyExists') && !isStatusError(err, 'Forbidden') && !isStatusError(err, 'NotFound')) throw err;
      });
  };

  const fillToken = async (key: string) => {
    const { namespace, name } = splitKey(key);
    const secret = secrets.get(namespace, name);
    if (!secret || secret.metadata.deletionTimestamp || secret.type !== SA_TOKEN_TYPE) return;
    const saName = secret.metadata.annotations?.[SA_NAME_ANNOTATION];
    if (!saName) return;
    const sa = accounts.get(namespace, saName) ?? (await deps.client.get({ ...SERVICE_ACCOUNT, namespace, name: saName }).catch(() => undefined));
    const wantedUid = secret.metadata.annotations?.[SA_UID_ANNOTATION];
    if (!sa || (wantedUid && wantedUid !== sa.metadata.uid)) {
      // A token Secret outlives its ServiceAccount only until this controller sees it.
      if (accounts.hasSynced() && !sa) await deps.client.delete({ ...SECRET, namespace, name }).catch(() => undefined);
      return;
    }
    const data = (secret.data ?? {}) as Record<string, string>;
    if (data.token && data['ca.crt'] && data.namespace && wantedUid) return;
    const token = data.token
      ? Buffer.from(data.token, 'base64').toString('utf8')
      : deps.tokens.issueLegacyToken({ namespace: namespace!, serviceAccountName: saName, serviceAccountUID: sa.metadata.uid!, secretName: name });
    const next: KubeObject = {
      ...secret,
      metadata: { ...secret.metadata, annotations: { ...secret.metadata.annotations, [SA_UID_ANNOTATION]: sa.metadata.uid! } },
      data: { ...data, token: b64(token), 'ca.crt': b64(deps.caPem), namespace: b64(namespace!) },
    };
    await deps.client.update(next, { fieldManager: 'kube-controller-manager' }).catch((err) => {
      if (!isStatusError(err, 'NotFound')) throw err;
    });
  };

  const controllers = [
    runController({ name: 'serviceaccount', queue: nsQueue, reconcile: ensureDefault, onError: () => {} }),
    runController({ name: 'serviceaccount-token', queue: secretQueue, reconcile: fillToken, onError: () => {} }),
  ];
  deps.factory.start();
  return {
    async stop() {
      nsQueue.shutDown();
      secretQueue.shutDown();
      await Promise.all(controllers.map((c) => c.stop()));
    },
  };
}
