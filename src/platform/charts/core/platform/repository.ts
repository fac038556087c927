// templates/repository.yaml: the Flux source `cozystack-packages` every component PackageSource
// references, a copy of the spec of the source the platform chart itself came from
// (`values.sourceRef`, the operator's `cozystack-platform`).

import type { KubeObject } from '../../../../machinery/object.ts';
import { COZY_SYSTEM } from '../../../installer/types.ts';
import type { Values } from '../../chart.ts';
import type { Lookup } from './lookup.ts';
import { PACKAGES_SOURCE_NAME } from './sources.ts';
import { record, str, templateFail } from './template.ts';

export const NO_DELETE_LABEL = 'platform.cozystack.io/no-delete';
const SOURCE_API_VERSION = 'source.toolkit.fluxcd.io/v1';

export function packagesRepository(values: Values, lookup: Lookup): KubeObject {
  const ref = record(values.sourceRef);
  const kind = str(ref.kind);
  const name = str(ref.name);
  const namespace = str(ref.namespace);
  const source = lookup(SOURCE_API_VERSION, kind, namespace, name);
  if (!source) {
    throw templateFail('repository.yaml', 8, `Source repository ${namespace}/${name} of kind ${kind} not found in namespace ${namespace}`);
  }
  return {
    apiVersion: SOURCE_API_VERSION,
    kind,
    metadata: { name: PACKAGES_SOURCE_NAME, namespace: COZY_SYSTEM, labels: { [NO_DELETE_LABEL]: 'true' } },
    spec: structuredClone(record(source.spec)),
  };
}
