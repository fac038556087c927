// The cozystack-operator's command line (cmd/cozystack-operator/main.go), read from the args of
// its Deployment's container, with the upstream defaults.


export interface OperatorFlags {
  installFlux: boolean;
  installCRDs: boolean;
  leaderElect: boolean;
  platformSourceURL: string;
  platformSourceName: string;
  platformSourceRef: string;
  platformSourceSecret: string;
  cozyValuesSecretName: string;
  cozyValuesSecretNamespace: string;
  cozyValuesNamespaceSelector: string;
  helmReleaseInterval: string;
  helmReleaseRetryInterval: string;
  helmReleaseInstallTimeout: string;
  helmReleaseUpgradeTimeout: string;
  helmReleaseMaxHistory: number;
}

export const DEFAULT_FLAGS: OperatorFlags = {
  installFlux: false,
  installCRDs: false,
  leaderElect: false,
  platformSourceURL: '',
  platformSourceName: 'cozystack-platform',
  platformSourceRef: '',
  platformSourceSecret: '',
  cozyValuesSecretName: 'cozystack-values',
  cozyValuesSecretNamespace: 'cozy-system',
  cozyValuesNamespaceSelector: 'cozystack.io/system=true',
  helmReleaseInterval: '5m',
  helmReleaseRetryInterval: '30s',
  helmReleaseInstallTimeout: '10m',
  helmReleaseUpgradeTimeout: '10m',
  helmReleaseMaxHistory: 5,
};

const STRING_FLAGS: Record<string, keyof OperatorFlags> = {
  'platform-source-url': 'platformSourceURL',
  'platform-source-name': 'platformSourceName',
  'platform-source-ref': 'platformSourceRef',
  'platform-source-secret': 'platformSourceSecret',
  'cozy-values-secret-name': 'cozyValuesSecretName',
  'cozy-values-secret-namespace': 'cozyValuesSecretNamespace',
  'cozy-values-namespace-selector': 'cozyValuesNamespaceSelector',
  'helmrelease-interval': 'helmReleaseInterval',
  'helmrelease-retry-interval': 'helmReleaseRetryInterval',
  'helmrelease-install-timeout': 'helmReleaseInstallTimeout',
  'helmrelease-upgrade-timeout': 'helmReleaseUpgradeTimeout',
};

const BOOL_FLAGS: Record<string, keyof OperatorFlags> = {
  'install-flux': 'installFlux',
  'install-crds': 'installCRDs',
  'leader-elect': 'leaderElect',
};

/** Go's flag package: `--name=value`, `--name value`, bare `--bool`; unknown flags (metrics, telemetry …) are ignored. */
export function parseOperatorFlags(args: string[]): OperatorFlags {
  const flags: Record<string, unknown> = { ...DEFAULT_FLAGS };
  for (let i = 0; i < args.length; i++) {
    const m = /^--?([^=]+)(?:=(.*))?$/.exec(args[i]!);
    if (!m) continue;
    const [, name, inline] = m as unknown as [string, string, string | undefined];
    if (name in BOOL_FLAGS) flags[BOOL_FLAGS[name]!] = inline === undefined ? true : inline === 'true';
    else if (name in STRING_FLAGS || name === 'helmrelease-max-history') {
      const value = inline ?? args[++i] ?? '';
      if (name === 'helmrelease-max-history') {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 0) throw new Error(`--helmrelease-max-history must be >= 0, got ${value}`);
        flags.helmReleaseMaxHistory = n;
      } else flags[STRING_FLAGS[name]!] = value;
    }
  }
  const parsed = flags as unknown as OperatorFlags;
  for (const [flag, key] of Object.entries(STRING_FLAGS).filter(([f]) => f.startsWith('helmrelease-'))) {
    const value = parsed[key] as string;
    if (!(parseDuration(value) > 0)) throw new Error(`--${flag}: invalid duration ${JSON.stringify(value)}: must be positive`);
  }
  return parsed;
}

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ("5m", "1h30m", "500ms") in milliseconds; NaN when malformed. */
export function parseDuration(text: string): number {
  if (text === '0') return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let m: RegExpExecArray | null;
  let end = 0;
  while ((m = re.exec(text))) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    end = re.lastIndex;
  }
  return end === text.length && end > 0 ? total : NaN;
}
