// The charts under packages/system/ of the Cozystack tree that cozylab ships: one per component
// path the platform's PackageSources name (core/platform/sources.ts), each a description in
// components/*.ts turned into a chart, plus the `<app>-rd` charts.

import type { Chart } from '../chart.ts';
import { simulatedComponent, type ComponentSpec } from './component.ts';
import { appSystemComponents } from './components/app-systems.ts';
import { engineComponents } from './components/engine.ts';
import { monitoringComponents } from './components/monitoring.ts';
import { networkComponents } from './components/network.ts';
import { operatorComponents } from './components/operators.ts';
import { storageComponents } from './components/storage.ts';
import { virtualizationComponents } from './components/virtualization.ts';
import { rdCharts } from './rd.ts';

export const systemComponentSpecs: ComponentSpec[] = [
  ...engineComponents,
  ...networkComponents,
  ...storageComponents,
  ...virtualizationComponents,
  ...monitoringComponents,
  ...operatorComponents,
  ...appSystemComponents,
];

export const systemCharts: Chart[] = [...systemComponentSpecs.map(simulatedComponent), ...rdCharts];
