// Reading the metadata of a stored object without parsing the whole object: the garbage collector
// watches every write of the cluster, and needs only uids, owners, deletion and finalizers — not
// the spec, status and managed fields that make most of a pod's bytes.

/** The index just past the string whose opening quote is at `i`, or -1. */
function skipString(s: string, i: number): number {
  let j = i + 1;
  for (;;) {
    j = s.indexOf('"', j);
    if (j < 0) return -1;
    let backslashes = 0;
    for (let k = j - 1; s.charCodeAt(k) === 92; k--) backslashes++;
    if (backslashes % 2 === 0) return j + 1;
    j++;
  }
}

/** The index just past the JSON value starting at `i` (no whitespace before it), or -1. */
export function skipValue(s: string, i: number): number {
  const c = s.charCodeAt(i);
  if (c === 34) return skipString(s, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const ch = s.charCodeAt(j);
      if (ch === 34) {
        j = skipString(s, j);
        if (j < 0) return -1;
        j--;
      } else if (ch === 123 || ch === 91) depth++;
      else if ((ch === 125 || ch === 93) && --depth === 0) return j + 1;
    }
    return -1;
  }
  // A number, true, false or null: up to the next delimiter.
  let j = i;
  while (j < s.length) {
    const d = s.charCodeAt(j);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
    j++;
  }
  return j > i ? j : -1;
}

/** Where the top-level `metadata` object of a compact JSON object (as the store holds them) starts, or -1. */
export function metadataStart(json: string): number {
  if (json.charCodeAt(0) !== 123) return -1;
  let i = 1;
  while (i < json.length && json.charCodeAt(i) === 34) {
    const keyEnd = skipString(json, i);
    if (keyEnd < 0 || json.charCodeAt(keyEnd) !== 58) return -1;
    if (keyEnd - i === 10 && json.startsWith('"metadata"', i)) return json.charCodeAt(keyEnd + 1) === 123 ? keyEnd + 1 : -1;
    const valueEnd = skipValue(json, keyEnd + 1);
    if (valueEnd < 0 || json.charCodeAt(valueEnd) !== 44) return -1;
    i = valueEnd + 1;
  }
  return -1;
}

/**
 * The raw text of a field directly in the top-level metadata of a stored object: '' when metadata
 * has no such field, undefined when the text is not in the store's compact form. `opening` is the
 * first character of the value ('"' or '['), so a label or annotation of the same name, whose
 * value is a string inside a nested object, is told apart by its depth.
 */
export function metadataField(json: string, field: string, opening: '"' | '['): string | undefined {
  const start = metadataStart(json);
  if (start < 0) return undefined;
  const needle = `"${field}":${opening}`;
  let depth = 0;
  let j = start;
  let at = json.indexOf(needle, start);
  // Nowhere past metadata's start, so not in metadata: no need to find where metadata ends.
  if (at < 0) return '';
  for (; ; at = json.indexOf(needle, at + 1)) {
    // Walk to the candidate, counting depth; metadata may close before it.
    const until = at < 0 ? json.length : at;
    for (; j < until; j++) {
      const ch = json.charCodeAt(j);
      if (ch === 34) {
        j = skipString(json, j);
        if (j < 0) return undefined;
        if (j > until) break;
        j--;
      } else if (ch === 123 || ch === 91) depth++;
      else if ((ch === 125 || ch === 93) && --depth === 0) return '';
    }
    if (at < 0) return undefined;
    // The candidate lay inside a string (an escaped value): look further.
    if (j > at) continue;
    if (depth === 1) {
      const valueStart = at + needle.length - 1;
      const end = skipValue(json, valueStart);
      return end < 0 ? undefined : json.slice(valueStart, end);
    }
  }
}

/**
 * A copy of `part` (cut out of a larger string) that does not keep the larger one alive: V8 makes
 * a long slice a view of the string it comes from, so a slice kept past the object's next version
 * would keep that version's whole text in memory.
 */
export function detachedCopy(part: string): string {
  return part.length < 13 ? part : Buffer.from(part, 'utf8').toString('utf8');
}

/** `metadata.ownerReferences`' text ('' for none), read without parsing; undefined when unsure. */
export function ownerReferencesText(json: string): string | undefined {
  return metadataField(json, 'ownerReferences', '[');
}
