// cozy-lib's resource presets (packages/library/cozy-lib/templates/_resourcepresets.tpl):
// `<series>.<size>` instance-type names, and the deprecated flat names kept as aliases.

import { ChartRenderError } from '../chart.ts';

/** A preset before sanitizing: every value is a limit. */
export type FlatResources = Record<string, string>;

export const PRESET_SERIES = ['t1', 'c1', 's1', 'u1', 'm1'] as const;
export const PRESET_SIZES = ['nano', 'micro', 'small', 'medium', 'large', 'xlarge', '2xlarge', '4xlarge'] as const;

const SIZE_CPU: Record<(typeof PRESET_SIZES)[number], string> = {
  nano: '250m', micro: '500m', small: '1', medium: '2', large: '4', xlarge: '8', '2xlarge': '16', '4xlarge': '32',
};

/** Memory per size, column by series; the series fixes the CPU:memory ratio (t1 1:0.5 … m1 1:8). */
const SIZE_MEMORY: Record<(typeof PRESET_SIZES)[number], [string, string, string, string, string]> = {
  nano: ['128Mi', '256Mi', '512Mi', '1Gi', '2Gi'],
  micro: ['256Mi', '512Mi', '1Gi', '2Gi', '4Gi'],
  small: ['512Mi', '1Gi', '2Gi', '4Gi', '8Gi'],
  medium: ['1Gi', '2Gi', '4Gi', '8Gi', '16Gi'],
  large: ['2Gi', '4Gi', '8Gi', '16Gi', '32Gi'],
  xlarge: ['4Gi', '8Gi', '16Gi', '32Gi', '64Gi'],
  '2xlarge': ['8Gi', '16Gi', '32Gi', '64Gi', '128Gi'],
  '4xlarge': ['16Gi', '32Gi', '64Gi', '128Gi', '256Gi'],
};

export const PRESET_EPHEMERAL_STORAGE = '2Gi';

function instanceTypePresets(): Record<string, FlatResources> {
  const out: Record<string, FlatResources> = {};
  PRESET_SERIES.forEach((series, column) => {
    for (const size of PRESET_SIZES) {
      out[`${series}.${size}`] = { cpu: SIZE_CPU[size], memory: SIZE_MEMORY[size][column], 'ephemeral-storage': PRESET_EPHEMERAL_STORAGE };
    }
  });
  return out;
}

/** Names from before v1.4, with their old values (legacy `medium` is 1 CPU, unlike every `*.medium`). */
export const LEGACY_PRESETS: Record<string, FlatResources> = {
  nano: { cpu: '250m', memory: '128Mi', 'ephemeral-storage': '2Gi' },
  micro: { cpu: '500m', memory: '256Mi', 'ephemeral-storage': '2Gi' },
  small: { cpu: '1', memory: '512Mi', 'ephemeral-storage': '2Gi' },
  medium: { cpu: '1', memory: '1Gi', 'ephemeral-storage': '2Gi' },
  large: { cpu: '2', memory: '2Gi', 'ephemeral-storage': '2Gi' },
  xlarge: { cpu: '4', memory: '4Gi', 'ephemeral-storage': '2Gi' },
  '2xlarge': { cpu: '8', memory: '8Gi', 'ephemeral-storage': '2Gi' },
};

/** The instance-type name each legacy name maps to (platform migration 39). */
export const LEGACY_PRESET_EQUIVALENTS: Record<string, string> = {
  nano: 't1.nano', micro: 't1.micro', small: 't1.small', medium: 'c1.small', large: 'c1.medium', xlarge: 'c1.large', '2xlarge': 'c1.xlarge',
};

export const INSTANCE_TYPE_PRESETS: Record<string, FlatResources> = instanceTypePresets();
export const ALL_PRESETS: Record<string, FlatResources> = { ...INSTANCE_TYPE_PRESETS, ...LEGACY_PRESETS };

/** Every accepted preset name, sorted as Go's sortAlpha sorts them. */
export const PRESET_NAMES: string[] = Object.keys(ALL_PRESETS).sort();

export function isLegacyPreset(name: string): boolean {
  return Object.hasOwn(LEGACY_PRESETS, name);
}

/** `cozy-lib.resources.unsanitizedPreset`; an unknown name fails the render with cozy-lib's message. */
export function presetResources(name: string): FlatResources {
  const preset = Object.hasOwn(ALL_PRESETS, name) ? ALL_PRESETS[name] : undefined;
  if (!preset) throw new ChartRenderError(`ERROR: Preset key '${name}' invalid. Allowed values are ${PRESET_NAMES.join(',')}`);
  return { ...preset };
}
