// HorizontalPodAutoscaler, as kube-apiserver prints it in either version (it prints the internal
// object, so a v1 object is first seen as the v2 one it stands for).

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { hpaV1ToV2 } from '../builtin/hpa-conversion.ts';
import { textColumn } from './access.ts';

type Json = Record<string, any>;

/** Targets shown before "+ N more...". */
const SHOWN_METRICS = 2;

/** One metric's "current/target", as formatHPAMetrics writes it. */
function formatMetric(spec: Json, current: Json | undefined): string {
  const unknown = '<unknown>';
  switch (spec.type) {
    case 'External':
    case 'Object': {
      const field = spec.type === 'External' ? 'external' : 'object';
      const target = spec[field]?.target ?? {};
      const now = current?.[field]?.current;
      if (target.averageValue !== undefined) return `${now?.averageValue ?? unknown}/${target.averageValue} (avg)`;
      return `${now ? (now.value ?? '0') : unknown}/${target.value ?? '0'}`;
    }
    case 'Pods':
      return `${current?.pods?.current?.averageValue ?? unknown}/${spec.pods?.target?.averageValue ?? '0'}`;
    case 'Resource':
    case 'ContainerResource': {
      const field = spec.type === 'Resource' ? 'resource' : 'containerResource';
      const source = spec[field] ?? {};
      const target = source.target ?? {};
      const now = current?.[field]?.current;
      if (target.averageValue !== undefined) return `${source.name}: ${now ? (now.averageValue ?? '0') : unknown}/${target.averageValue}`;
      const utilization = now?.averageUtilization !== undefined ? `${now.averageUtilization}%` : unknown;
      return `${source.name}: ${utilization}/${target.averageUtilization !== undefined ? `${target.averageUtilization}%` : '<auto>'}`;
    }
    default:
      return '<unknown type>';
  }
}

export function formatHpaMetrics(specs: Json[], statuses: Json[]): string {
  if (specs.length === 0) return '<none>';
  const shown = specs.slice(0, SHOWN_METRICS).map((m, i) => formatMetric(m, statuses[i]));
  const more = specs.length - shown.length;
  return more > 0 ? `${shown.join(', ')} + ${more} more...` : shown.join(', ');
}

function asV2(hpa: KubeObject): KubeObject {
  return hpa.apiVersion === 'autoscaling/v1' ? hpaV1ToV2(hpa) : hpa;
}

export const horizontalPodAutoscalerPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Reference', 'string', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.'),
    textColumn('Targets', 'string', 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used). If not set, the default metric will be set to 80% average CPU utilization.'),
    textColumn('MinPods', 'string', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.'),
    textColumn('MaxPods', 'integer', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.'),
    textColumn('Replicas', 'integer', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.'),
    ageColumn(),
  ],
  cells(input, now) {
    const hpa = asV2(input);
    const spec = (hpa.spec ?? {}) as Json;
    const status = (hpa.status ?? {}) as Json;
    const ref = (spec.scaleTargetRef ?? {}) as Json;
    return [
      objectName(hpa),
      `${ref.kind ?? ''}/${ref.name ?? ''}`,
      formatHpaMetrics((spec.metrics ?? []) as Json[], (status.currentMetrics ?? []) as Json[]),
      typeof spec.minReplicas === 'number' ? String(spec.minReplicas) : '<unset>',
      Number(spec.maxReplicas ?? 0),
      Number(status.currentReplicas ?? 0),
      objectAge(input, now),
    ];
  },
};
