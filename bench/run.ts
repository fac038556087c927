// `npm run bench`: every benchmark, printed as figures and as ratios against baselines measured in the same run.

import { apiBenchmark } from './api.bench.ts';
import { machineReport } from './machine.ts';
import { platformBenchmark } from './platform.bench.ts';
import { podsBenchmark } from './pods.bench.ts';
import { tenantsBenchmark } from './tenants.bench.ts';

const report = (line: string) => console.log(line);

console.log(`# cozylab benchmarks (${new Date().toISOString()}, node ${process.version})`);
await machineReport(report);
await apiBenchmark(report);
await platformBenchmark(report);
await podsBenchmark(report);
await tenantsBenchmark(report);
process.exit(0);
