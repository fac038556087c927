// Metadata the server owns: uid, timestamps, generation, names from generateName.

import { randomUUID, randomInt } from 'node:crypto';
import { deepEqual, type KubeObject } from '../../machinery/object.ts';
import { formatTime } from './codec.ts';
import type { Strategy } from './strategy.ts';

const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
const GENERATED_SUFFIX_LENGTH = 5;
const MAX_GENERATE_NAME_PREFIX = 63 - GENERATED_SUFFIX_LENGTH;

export function generateName(base: string): string {
  const prefix = base.length > MAX_GENERATE_NAME_PREFIX ? base.slice(0, MAX_GENERATE_NAME_PREFIX) : base;
  let suffix = '';
  for (let i = 0; i < GENERATED_SUFFIX_LENGTH; i++) suffix += NAME_ALPHABET[randomInt(NAME_ALPHABET.length)];
  return prefix + suffix;
}

export function fillMetaForCreate(obj: KubeObject, now: Date, strategy: Strategy): void {
  const m = obj.metadata;
  m.uid = randomUUID();
  m.creationTimestamp = formatTime(now);
  if (strategy.noGeneration) delete m.generation;
  else m.generation = 1;
  delete m.resourceVersion;
  delete m.deletionTimestamp;
  delete m.deletionGracePeriodSeconds;
  delete m.selfLink;
}

/** Keeps what an update may not change (generation too, until `bumpGeneration` looks at the prepared spec). */
export function carryMetaForUpdate(next: KubeObject, prev: KubeObject, strategy: Strategy): void {
  const m = next.metadata;
  const p = prev.metadata;
  m.uid = p.uid;
  m.creationTimestamp = p.creationTimestamp;
  if (strategy.noGeneration) delete m.generation;
  else m.generation = p.generation ?? 1;
  if (p.deletionTimestamp !== undefined) m.deletionTimestamp = p.deletionTimestamp;
  else delete m.deletionTimestamp;
  if (p.deletionGracePeriodSeconds !== undefined) m.deletionGracePeriodSeconds = p.deletionGracePeriodSeconds;
  else delete m.deletionGracePeriodSeconds;
  if (p.generateName !== undefined && m.generateName === undefined) m.generateName = p.generateName;
  delete m.selfLink;
}

/**
 * A new generation when the spec changed, judged as the strategies' PrepareForUpdate judge it: on
 * the defaulted, admitted, prepared object, so a writer that leaves out what defaulting fills in
 * (an apply of a pod template's `fieldRef` without its `apiVersion`) changes nothing.
 */
export function bumpGeneration(next: KubeObject, prev: KubeObject, strategy: Strategy, subresource = ''): void {
  if (strategy.noGeneration) return;
  // A binding places a pod past the strategy (BindingREST writes storage itself): its nodeName is no new generation.
  if (subresource !== 'binding' && !deepEqual(specOf(next, strategy), specOf(prev, strategy))) next.metadata.generation = (prev.metadata.generation ?? 1) + 1;
}

export function specOf(obj: KubeObject, strategy: Strategy): unknown {
  if (strategy.specOf) return strategy.specOf(obj);
  const { metadata: _m, status: _s, apiVersion: _a, kind: _k, ...rest } = obj;
  return rest;
}

/** The object without what a no-op comparison must ignore. */
export function comparable(obj: KubeObject): unknown {
  const { resourceVersion: _rv, managedFields: _mf, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
