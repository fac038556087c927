// CEL expressions over Kubernetes objects (@marcbachmann/cel-js), as admission policies evaluate
// them: JSON integers are CEL ints (so `object.spec.replicas * 2` is an int, as in kube-apiserver's
// CEL environment), compiled once per expression text.

import { parse, type ParseResult } from '@marcbachmann/cel-js';
import { isPlainObject } from './object.ts';

const compiled = new Map<string, ParseResult>();

/** The expression compiled, or the compiler's message. */
export function compileCel(expression: string): { program?: ParseResult; error?: string } {
  const known = compiled.get(expression);
  if (known) return { program: known };
  try {
    const program = parse(expression);
    compiled.set(expression, program);
    return { program };
  } catch (err) {
    return { error: (err as Error).message.split('\n')[0] };
  }
}

/** A JSON value as CEL sees it: whole numbers as ints. */
export function celValue(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(celValue);
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = celValue(v);
    return out;
  }
  return value;
}

/** Evaluates a compiled expression; the activation's values are given as JSON. */
export function evaluateCel(program: ParseResult, activation: Record<string, unknown>): unknown {
  return program(activation);
}
