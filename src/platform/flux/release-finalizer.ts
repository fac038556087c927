// A HelmRelease being deleted, as helm-controller's finalizer handles it: uninstall the release
// (unless suspended), drop the HelmChart it templated, then release the finalizer.

import { isStatusError } from '../../machinery/errors.ts';
import type { KubeObject } from '../../machinery/object.ts';
import type { Clock, EventRecorder, KubeClient } from '../../controller/index.ts';
import { fullReleaseName } from '../helm/release.ts';
import { ReleaseStore } from '../helm/release-store.ts';
import { uninstallRelease } from '../helm/uninstall.ts';
import { helmChartFor } from './chart-source.ts';
import { releaseNameOf, releaseNamespaceOf, specOf, storageNamespaceOf } from './helmrelease-spec.ts';
import { FLUX_FINALIZER, HELMCHART_GVK, HELMRELEASE_GVK } from './kinds.ts';
import { statusOf } from './release-status.ts';

export async function finalizeHelmRelease(deps: { client: KubeClient; clock: Clock; recorder: EventRecorder }, hr: KubeObject): Promise<void> {
  if (!hr.metadata.finalizers?.includes(FLUX_FINALIZER)) return;
  // Other finalizers stand for work that must come before the uninstall (what a chart's pre-delete
  // hook does on a real cluster, e.g. a tenant deleting its apps first): wait for them to go.
  if (hr.metadata.finalizers.some((f) => f !== FLUX_FINALIZER)) return;
  const { client } = deps;
  if (!specOf(hr).suspend) {
    const status = statusOf(hr);
    const store = new ReleaseStore(client, status.storageNamespace || storageNamespaceOf(hr), () => deps.clock.now());
    const last = await store.last(releaseNameOf(hr));
    if (last) {
      const result = await uninstallRelease(client, store, releaseNameOf(hr), releaseNamespaceOf(hr));
      const message = `Helm uninstall succeeded for release ${fullReleaseName(last)} with chart ${last.chart.metadata.name}@${last.chart.metadata.version}`;
      await deps.recorder.normal(hr, 'UninstallSucceeded', result.keptMessage ? `${message}\n${result.keptMessage}` : message);
    }
    if (specOf(hr).chart) {
      const chart = helmChartFor(hr);
      try {
        await client.delete({ ...HELMCHART_GVK, namespace: chart.metadata.namespace, name: chart.metadata.name! });
      } catch (err) {
        if (!isStatusError(err, 'NotFound')) throw err;
      }
    }
  }
  try {
    await client.patch({ ...HELMRELEASE_GVK, namespace: hr.metadata.namespace, name: hr.metadata.name! }, 'merge', {
      metadata: { finalizers: hr.metadata.finalizers.filter((f) => f !== FLUX_FINALIZER), resourceVersion: hr.metadata.resourceVersion },
    });
  } catch (err) {
    if (!isStatusError(err, 'NotFound')) throw err;
  }
}
