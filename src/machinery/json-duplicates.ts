// Duplicate keys in a JSON text, found without building the value. kube-apiserver's strict
// decoder reports each as `duplicate field "metadata.labels.app"` (full path, once, at most 100).

const MAX_REPORTED = 100;

interface Frame {
  kind: 'object' | 'array';
  /** Path of this container: `spec.containers[0]`. */
  path: string;
  keys: Set<string>;
  index: number;
  /** Object: the key whose value comes next. */
  pendingKey: string;
}

function childPath(frame: Frame | undefined): string {
  if (!frame) return '';
  if (frame.kind === 'array') return `${frame.path}[${frame.index}]`;
  return frame.path ? `${frame.path}.${frame.pendingKey}` : frame.pendingKey;
}

/** Reads the string starting at `start` (a quote); returns its decoded text and the index after it. */
function readString(text: string, start: number): [string, number] {
  let i = start + 1;
  let escaped = false;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) {
      escaped = true;
      i += 2;
      continue;
    }
    if (c === 0x22) break;
    i++;
  }
  const raw = text.slice(start + 1, i);
  return [escaped ? (JSON.parse(`"${raw}"`) as string) : raw, i + 1];
}

/** Paths of keys that repeat within one JSON object, in document order. Malformed input yields what was found so far. */
export function findDuplicateFields(jsonText: string): string[] {
  const found: string[] = [];
  const reported = new Set<string>();
  const stack: Frame[] = [];
  let expectKey = false;
  for (let i = 0; i < jsonText.length; ) {
    const c = jsonText[i]!;
    const top = stack[stack.length - 1];
    if (c === '{' || c === '[') {
      stack.push({ kind: c === '{' ? 'object' : 'array', path: childPath(top), keys: new Set(), index: 0, pendingKey: '' });
      expectKey = c === '{';
      i++;
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
      i++;
    } else if (c === ',') {
      if (top?.kind === 'array') top.index++;
      expectKey = top?.kind === 'object';
      i++;
    } else if (c === '"') {
      const [value, next] = readString(jsonText, i);
      i = next;
      if (expectKey && top?.kind === 'object') {
        if (top.keys.has(value)) {
          const path = top.path ? `${top.path}.${value}` : value;
          if (!reported.has(path) && found.length < MAX_REPORTED) {
            reported.add(path);
            found.push(path);
          }
        }
        top.keys.add(value);
        top.pendingKey = value;
        expectKey = false;
      }
    } else {
      i++;
    }
  }
  return found;
}
