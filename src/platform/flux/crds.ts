// Flux's CustomResourceDefinitions as cozylab serves them: the upstream manifests from
// fluxcd/source-controller and fluxcd/helm-controller (crds/, storage version only, descriptions cut
// to a sentence), labelled as Cozystack's embedded Flux install labels them.

import { join } from 'node:path';
import type { KubeObject } from '../../machinery/object.ts';
import { readYamlDocuments } from '../../machinery/yaml-file.ts';

const MANIFESTS = [
  'source.toolkit.fluxcd.io_externalartifacts.yaml',
  'source.toolkit.fluxcd.io_gitrepositories.yaml',
  'source.toolkit.fluxcd.io_helmcharts.yaml',
  'source.toolkit.fluxcd.io_helmrepositories.yaml',
  'source.toolkit.fluxcd.io_ocirepositories.yaml',
  'helm.toolkit.fluxcd.io_helmreleases.yaml',
];

/** The labels of every object of cozystack's Flux install (internal/fluxinstall/manifests). */
export const FLUX_INSTALL_LABELS = {
  'app.kubernetes.io/name': 'flux',
  'app.kubernetes.io/part-of': 'flux',
  'app.kubernetes.io/version': 'v2.8.0',
};

let cached: KubeObject[] | undefined;

export function fluxCRDs(): KubeObject[] {
  cached ??= MANIFESTS.map((file) => {
    const crd = readYamlDocuments(join(import.meta.dirname, 'crds', file))[0] as KubeObject;
    crd.metadata.labels = { ...crd.metadata.labels, ...FLUX_INSTALL_LABELS };
    crd.metadata.annotations = { ...crd.metadata.annotations, 'app.kubernetes.io/role': 'cluster-admin' };
    return crd;
  });
  return structuredClone(cached);
}
