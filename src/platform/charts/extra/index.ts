// The charts under packages/extra/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';

export const extraCharts: Chart[] = [];
