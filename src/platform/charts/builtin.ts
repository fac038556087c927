// Every chart cozylab ships.

import { appsCharts } from './apps/index.ts';
import { ChartRegistry } from './registry.ts';
import { coreCharts } from './core/index.ts';
import { extraCharts } from './extra/index.ts';
import { systemCharts } from './system/index.ts';

export function builtinCharts(): ChartRegistry {
  return new ChartRegistry([...coreCharts, ...systemCharts, ...appsCharts, ...extraCharts]);
}
