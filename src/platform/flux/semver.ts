// Enough of semver (Masterminds/semver, as Flux uses it) to resolve a chart version or OCI semver
// ref against the single version cozylab serves: comparisons, x-ranges, ~, ^, AND and ||.

interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: string;
}

export function parseVersion(text: string): Version | undefined {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2] ?? 0), patch: Number(m[3] ?? 0), pre: m[4] ?? '' };
}

function compare(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch || (a.pre === b.pre ? 0 : a.pre === '' ? 1 : b.pre === '' ? -1 : a.pre < b.pre ? -1 : 1);
}

/** Whether `version` satisfies `range` ('' and '*' match everything). */
export function satisfies(version: string, range: string): boolean {
  const v = parseVersion(version);
  if (!v) return false;
  const text = range.trim();
  if (text === '' || text === '*') return true;
  return text.split('||').some((alt) => alt.trim().split(/[\s,]+/).filter(Boolean).every((c) => comparatorHolds(v, c)));
}

function comparatorHolds(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|!=|>|<|=|~|\^)?\s*v?(.*)$/.exec(comparator)!;
  const op = m[1] ?? '';
  const target = m[2]!;
  if (target === '*' || target === 'x' || target === 'X') return true;
  const parts = target.split(/[.-]/, 3);
  const wild = parts.findIndex((p) => p === 'x' || p === 'X' || p === '*');
  const given = wild >= 0 ? wild : target.split('-')[0]!.split('.').length;
  const base = parseVersion(parts.slice(0, given).join('.') || '0');
  if (!base) return false;
  const c = compare(v, base);
  const upper = (level: number): Version => (level <= 1 ? { major: base.major + 1, minor: 0, patch: 0, pre: '' } : { major: base.major, minor: base.minor + 1, patch: 0, pre: '' });
  switch (op) {
    case '>=': return c >= 0;
    case '>': return c > 0;
    case '<=': return c <= 0;
    case '<': return c < 0;
    case '!=': return c !== 0;
    case '~': return c >= 0 && compare(v, upper(given <= 1 ? 1 : 2)) < 0;
    case '^': return c >= 0 && compare(v, upper(base.major > 0 || given === 1 ? 1 : 2)) < 0;
    default: return given >= 3 ? c === 0 : c >= 0 && compare(v, upper(given)) < 0;
  }
}
