// templates/scheduling.yaml: the ConfigMap cozy-system/cozystack-scheduling carrying the
// topology spread constraints every application chart adds to its pods.

import { stringify } from 'yaml';
import type { KubeObject } from '../../../../machinery/object.ts';
import { COZY_SYSTEM } from '../../../installer/types.ts';
import type { Values } from '../../chart.ts';
import { dig, truthy } from './template.ts';

export function schedulingConfigMap(values: Values): KubeObject[] {
  const constraints = dig(values, 'scheduling', 'globalAppTopologySpreadConstraints');
  if (!truthy(constraints)) return [];
  // `toYaml` of the value: a string stays the YAML scalar it is, a list becomes YAML.
  const text = typeof constraints === 'string' ? constraints : stringify(constraints);
  return [
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'cozystack-scheduling', namespace: COZY_SYSTEM },
      data: { globalAppTopologySpreadConstraints: text.endsWith('\n') ? text : `${text}\n` },
    },
  ];
}
