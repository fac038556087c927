// The status subresource's split of an update, as kube-apiserver's strategies make it: a write to
// the main resource keeps the stored status, a write to /status keeps everything but the status
// (and, for some kinds, the annotations).

import { deepClone, type KubeObject } from '../../machinery/object.ts';
import type { Strategy } from './strategy.ts';

/**
 * What a status write takes from the request (shapeUpdate reads nothing else of it): its own copies
 * of status and annotations, over shallow copies of the rest, which the write never reads.
 */
export function statusPart(input: KubeObject): KubeObject {
  const metadata = { ...input.metadata };
  if (metadata.annotations !== undefined) metadata.annotations = deepClone(metadata.annotations);
  const next: KubeObject = { ...input, metadata };
  if (input.status !== undefined) next.status = deepClone(input.status);
  return next;
}

/** The object an update of `subresource` stores, from the desired one (the caller's own) and the current one (only read). */
export function shapeUpdate(desired: KubeObject, current: KubeObject, subresource: string, strategy: Strategy): KubeObject {
  const own = subresource && subresource !== 'status' ? strategy.shapeSubresource?.(subresource, desired, current) : undefined;
  if (own) return own;
  if (subresource === 'status') {
    // current but for its status, which the desired one replaces (key order kept). The write
    // changes only top-level metadata fields, so the rest is current's own, shared, never changed.
    const next = {} as KubeObject;
    for (const key of Object.keys(current)) next[key] = key === 'status' ? undefined : key === 'metadata' ? { ...current.metadata } : current[key];
    if (desired.status === undefined) delete next.status;
    else next.status = desired.status;
    if (strategy.statusUpdateKeepsAnnotations) {
      if (desired.metadata.annotations === undefined) delete next.metadata.annotations;
      else next.metadata.annotations = desired.metadata.annotations;
    }
    return next;
  }
  const next = desired;
  next.apiVersion = current.apiVersion;
  next.kind = current.kind;
  // A binding places the pod and records PodScheduled in one write, as the binding REST does.
  if (subresource === 'binding') return next;
  if (strategy.statusSubresource) {
    if (current.status === undefined) delete next.status;
    else next.status = deepClone(current.status);
  }
  return next;
}
