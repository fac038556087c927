// The charts under packages/extra/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';
import { etcdChart } from './etcd/index.ts';
import { infoChart } from './info/index.ts';
import { ingressChart } from './ingress/index.ts';
import { monitoringChart } from './monitoring/index.ts';
import { seaweedfsChart } from './seaweedfs/index.ts';

export const extraCharts: Chart[] = [etcdChart, ingressChart, monitoringChart, seaweedfsChart, infoChart];
