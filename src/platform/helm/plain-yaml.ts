// The YAML of a release manifest, written directly for the common shape of Kubernetes objects:
// maps, lists and scalars that YAML can show plain. Its output is byte for byte what
// `yaml.stringify(obj, { lineWidth: 0 })` writes; anything it is not sure to write the same way
// (a string needing quotes or a block, a float, a list in a list) makes it answer undefined, and
// the caller asks the library.

/** Words that YAML (1.1 or 1.2) reads as something other than a string: never written plain here. */
const SPECIAL = /^(?:true|false|yes|no|on|off|y|n|null|~|\.inf|\.nan|-\.inf|\+\.inf)$/i;
/** Plain-safe text: no `: `, ` #`, quotes, flow or block indicators, no indicator to start with. */
const PLAIN = /^(?:[A-Za-z0-9_/]|[-.][A-Za-z-])[A-Za-z0-9_.\/=+()-]*(?:[: ][A-Za-z0-9_.\/=+()-]+)*$/;
/** Text that could read as a number (any YAML version's), or a time: quoted by YAML. */
const NUMERIC = /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?$|^0[xXoObB]|^[0-9].*:/;

class Unsure extends Error {}

function scalar(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value) || Object.is(value, -0)) throw new Unsure();
    return String(value);
  }
  if (typeof value === 'string') {
    if (value.length > 200 || !PLAIN.test(value) || SPECIAL.test(value) || NUMERIC.test(value) || value.endsWith(':')) throw new Unsure();
    return value;
  }
  throw new Unsure();
}

function isMap(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/** Lines of a map's pairs at `indent`; the first line without its indentation when `inline` (after `- `). */
function writeMap(map: Record<string, unknown>, indent: string, out: string[], inline: boolean): void {
  let first = true;
  for (const key of Object.keys(map)) {
    const value = map[key];
    if (value === undefined) throw new Unsure();
    const lead = first && inline ? '' : indent;
    first = false;
    const k = scalar(key);
    if (typeof key !== 'string' || k !== key) throw new Unsure();
    if (Array.isArray(value)) {
      if (!value.length) out.push(`${lead}${k}: []`);
      else {
        out.push(`${lead}${k}:`);
        writeSeq(value, `${indent}  `, out);
      }
    } else if (isMap(value)) {
      if (!Object.keys(value).length) out.push(`${lead}${k}: {}`);
      else {
        out.push(`${lead}${k}:`);
        writeMap(value, `${indent}  `, out, false);
      }
    } else out.push(`${lead}${k}: ${scalar(value)}`);
  }
}

function writeSeq(seq: unknown[], indent: string, out: string[]): void {
  for (const item of seq) {
    if (Array.isArray(item) || item === undefined) throw new Unsure();
    if (isMap(item)) {
      if (!Object.keys(item).length) out.push(`${indent}- {}`);
      else {
        const at = out.length;
        writeMap(item, `${indent}  `, out, true);
        out[at] = `${indent}- ${out[at]}`;
      }
    } else out.push(`${indent}- ${scalar(item)}`);
  }
}

/** The document `yaml.stringify(obj, { lineWidth: 0 })` gives for this object, or undefined when unsure. */
export function plainYaml(obj: Record<string, unknown>): string | undefined {
  if (!isMap(obj) || !Object.keys(obj).length) return undefined;
  const out: string[] = [];
  try {
    writeMap(obj, '', out, false);
  } catch (err) {
    if (err instanceof Unsure) return undefined;
    throw err;
  }
  return `${out.join('\n')}\n`;
}
