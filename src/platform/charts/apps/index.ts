// The charts under packages/apps/ of the Cozystack tree that cozylab ships.

import type { Chart } from '../chart.ts';
import { tenantChart } from './tenant/index.ts';

export const appsCharts: Chart[] = [tenantChart];
