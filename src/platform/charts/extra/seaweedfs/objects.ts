// Smaller objects of extra/seaweedfs: the filer's external gRPC Ingress and Service
// (templates/ingress.yaml) and the COSI classes of each storage pool (storage-pool-bucket-classes.yaml).

import type { KubeObject } from '../../../../machinery/object.ts';
import type { Values } from '../../chart.ts';
import { asRecord, namespaceValue } from '../module-objects.ts';

export function filerExternal(values: Values, release: string): KubeObject[] {
  const filer = asRecord(values.filer);
  if (values.topology === 'Client' || !filer.grpcHost) return [];
  const whitelist = Array.isArray(filer.whitelist) && filer.whitelist.length ? filer.whitelist.map(String) : ['0.0.0.0/32'];
  return [
    {
      apiVersion: 'networking.k8s.io/v1', kind: 'Ingress',
      metadata: { name: 'seaweedfs-filer-external', annotations: {
        'nginx.ingress.kubernetes.io/backend-protocol': 'GRPCS',
        'nginx.ingress.kubernetes.io/ssl-passthrough': 'true',
        'nginx.ingress.kubernetes.io/whitelist-source-range': whitelist.join(','),
      } },
      spec: {
        ingressClassName: 'tenant-root',
        rules: [{ host: String(filer.grpcHost || `filer.${namespaceValue(values, 'host')}`), http: { paths: [{
          backend: { service: { name: `${release}-filer-external`, port: { number: 18888 } } }, path: '/', pathType: 'ImplementationSpecific',
        }] } }],
      },
    },
    {
      apiVersion: 'v1', kind: 'Service', metadata: { name: `${release}-filer-external` },
      spec: { ports: [{ name: 'swfs-filer-grpc', port: 18888, protocol: 'TCP', targetPort: 18888 }], selector: { 'app.kubernetes.io/component': 'filer', 'app.kubernetes.io/name': release } },
    },
  ];
}

export function bucketClasses(pools: Map<string, string>, namespace: string): KubeObject[] {
  const driverName = `${namespace}.seaweedfs.objectstorage.k8s.io`;
  const group = 'objectstorage.k8s.io/v1alpha1';
  return [...pools.keys()].sort().flatMap((pool) => {
    const disk = pools.get(pool)!;
    return [
      { apiVersion: group, kind: 'BucketClass', metadata: { name: `${namespace}-${pool}` }, driverName, deletionPolicy: 'Delete', parameters: { disk } },
      { apiVersion: group, kind: 'BucketClass', metadata: { name: `${namespace}-${pool}-lock` }, driverName, deletionPolicy: 'Retain',
        parameters: { disk, objectLockEnabled: 'true', objectLockRetentionMode: 'COMPLIANCE', objectLockRetentionDays: '365' } },
      { apiVersion: group, kind: 'BucketAccessClass', metadata: { name: `${namespace}-${pool}` }, driverName, authenticationType: 'KEY', parameters: { accessPolicy: 'readwrite' } },
      { apiVersion: group, kind: 'BucketAccessClass', metadata: { name: `${namespace}-${pool}-readonly` }, driverName, authenticationType: 'KEY', parameters: { accessPolicy: 'readonly' } },
    ] as KubeObject[];
  });
}
