// The charts under packages/core/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';

export const coreCharts: Chart[] = [];
