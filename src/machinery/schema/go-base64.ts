// Where Go's base64.StdEncoding gives up on a []byte field's text, as encoding/json reports it
// ("illegal base64 data at input byte 2"): the same walk quantum by quantum, newlines skipped,
// padding required, so the byte offset named is the one kube-apiserver names.

const PAD = 0x3d; // '='
const CR = 0x0d;
const LF = 0x0a;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DECODES = new Uint8Array(256).fill(0);
for (const c of ALPHABET) DECODES[c.charCodeAt(0)] = 1;

const isNewline = (b: number | undefined) => b === CR || b === LF;

/** One quantum from `si`: where the next one starts, or the offset of the error (decodeQuantum). */
function quantum(src: Uint8Array, start: number): { next: number } | { error: number } {
  let si = start;
  for (let j = 0; j < 4; j++) {
    if (si === src.length) return j === 0 ? { next: si } : { error: si - j };
    const b = src[si]!;
    si++;
    if (DECODES[b]) continue;
    if (isNewline(b)) {
      j--;
      continue;
    }
    if (b !== PAD || j < 2) return { error: si - 1 };
    if (j === 2) {
      while (si < src.length && isNewline(src[si])) si++;
      if (si === src.length) return { error: src.length };
      if (src[si] !== PAD) return { error: si - 1 };
      si++;
    }
    while (si < src.length && isNewline(src[si])) si++;
    return si < src.length ? { error: si } : { next: si };
  }
  return { next: si };
}

/** The byte offset Go's StdEncoding.DecodeString fails at, or undefined when `text` decodes. */
export function base64ErrorOffset(text: string): number | undefined {
  const src = Buffer.from(text, 'utf8');
  let si = 0;
  while (si < src.length) {
    const r = quantum(src, si);
    if ('error' in r) return r.error;
    si = r.next;
  }
  return undefined;
}
