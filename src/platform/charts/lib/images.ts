// Image repositories the platform's charts run, with fast simulated start-up: the platform
// registers these with the kubelet simulator's ImageProfiles so a cold install settles quickly.
// A test checks that every image a system chart renders matches one of these prefixes.

import type { SimulationProfile } from '../../../cluster/nodes/image-profiles.ts';

export const PLATFORM_IMAGE_PREFIXES: readonly string[] = [
  'ghcr.io/cozystack/',
  'ghcr.io/kvaps/',
  'ghcr.io/lexfrei/',
  'ghcr.io/cloudnative-pg/',
  'ghcr.io/grafana/',
  'ghcr.io/stakater/',
  'ghcr.io/spiffe/',
  'ghcr.io/sap/',
  'ghcr.io/intreecom/',
  'ghcr.io/controlplaneio-fluxcd/',
  'ghcr.io/fluxcd/',
  'ghcr.io/seaweedfs/',
  'ghcr.io/openbao/',
  'ghcr.io/jimmidyson/',
  'quay.io/cilium/',
  'quay.io/jetstack/',
  'quay.io/metallb/',
  'quay.io/frrouting/',
  'quay.io/kubevirt/',
  'quay.io/piraeusdatastore/',
  'quay.io/keycloak/',
  'quay.io/prometheus/node-exporter',
  'quay.io/brancz/kube-rbac-proxy',
  'quay.io/spotahome/',
  'quay.io/tinkerbell/',
  'quay.io/openbao/',
  'quay.io/strimzi/',
  'registry.k8s.io/',
  'docker.io/altinity/',
  'docker.io/percona/',
  'docker.io/opensearchproject/',
  'docker.io/foundationdb/',
  'docker.io/victoriametrics/',
  'docker.io/velero/',
  'docker.io/bloomberg/',
  'docker.io/clastix/',
  'docker.io/alpine/',
  'docker.io/kubeovn/',
  'docker.io/rabbitmqoperator/',
  'docker.io/epamedp/',
  'docker.io/datawire/',
  'docker.io/projecthami/',
  'docker.io/goharbor/',
  'docker.io/qdrant/',
  'docker.io/library/nats',
  'docker.io/natsio/',
  'docker.io/alerta/',
  'docker.io/grafana/grafana',
  'docker.io/chrislusf/seaweedfs',
  'docker.io/hashicorp/vault-k8s',
  'docker-registry3.mariadb.com/',
  'oci.external-secrets.io/',
  'cr.fluentbit.io/',
  'nvcr.io/nvidia/',
  'gcr.io/kubebuilder/',
];

/** Pulled and started within 20 ms, ready 10 ms later, init containers done in 10 ms: every phase of a platform pod still happens, in a few tens of ms. */
export const PLATFORM_IMAGE_PROFILE: Partial<SimulationProfile> = { startDelayMs: 20, readyDelayMs: 10, finishMs: 10 };

/** Prefix → profile, the shape ImageProfiles' constructor takes. */
export function platformImageProfiles(): Record<string, Partial<SimulationProfile>> {
  return Object.fromEntries(PLATFORM_IMAGE_PREFIXES.map((prefix) => [prefix, { ...PLATFORM_IMAGE_PROFILE }]));
}

/** True when `image` (as written, or as containerd normalizes it) belongs to the platform. */
export function isPlatformImage(image: string, normalize: (image: string) => string): boolean {
  const normalized = normalize(image);
  return PLATFORM_IMAGE_PREFIXES.some((p) => image.startsWith(p) || normalized.startsWith(p));
}
