// The charts under packages/core/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';
import { installerChart } from './installer/index.ts';
import { platformChart } from './platform/index.ts';

export const coreCharts: Chart[] = [installerChart, platformChart];
