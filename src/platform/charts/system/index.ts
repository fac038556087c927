// The charts under packages/system/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';

export const systemCharts: Chart[] = [];
