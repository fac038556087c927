// cozy-lib for cozylab's charts: names, labels, workload and CRD builders, resource presets and
// allocation ratios, and the image profiles of the platform's own pods.

export * from './names.ts';
export * from './labels.ts';
export * from './workloads.ts';
export * from './crd.ts';
export * from './presets.ts';
export * from './resources.ts';
export * from './images.ts';
export * from './values.ts';
