// networking.k8s.io/v1 ServiceCIDR and IPAddress: the ranges ClusterIPs are allocated from and the
// record of each allocated address, validated as kube-apiserver's networking validation does.

import { fieldErrors, type FieldError } from '../../machinery/errors.ts';
import { deepEqual, isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { bigIntToIP, canonicalIP, isCanonicalPrefix, parsePrefix } from '../../machinery/net/ip.ts';
import type { Strategy } from '../registry/strategy.ts';

type Json = Record<string, unknown>;

const specOf = (obj: KubeObject): Json => (isPlainObject(obj.spec) ? (obj.spec as Json) : {});
const goStrings = (values: unknown[]): string => `[]string{${values.map((v) => JSON.stringify(String(v))).join(', ')}}`;
const cidrsOf = (obj: KubeObject): unknown[] => (Array.isArray(specOf(obj).cidrs) ? (specOf(obj).cidrs as unknown[]) : []);

function validCIDR(field: string, value: unknown): FieldError[] {
  const prefix = typeof value === 'string' ? parsePrefix(value) : undefined;
  if (!prefix) return [fieldErrors.invalid(field, value, 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)')];
  if (!isCanonicalPrefix(prefix)) return [fieldErrors.invalid(field, value, `must be in canonical form ("${bigIntToIP(prefix.base, prefix.family)}/${prefix.bits}")`)];
  return [];
}

export const serviceCIDRStrategy: Strategy = {
  statusSubresource: true,
  validate(obj) {
    const cidrs = cidrsOf(obj);
    if (cidrs.length === 0) return [fieldErrors.required('spec.cidrs', 'at least one CIDR required')];
    if (cidrs.length > 2) return [fieldErrors.invalidRendered('spec', `networking.ServiceCIDRSpec{CIDRs:${goStrings(cidrs)}}`, 'may only hold up to 2 values')];
    const errors = cidrs.flatMap((c, i) => validCIDR(`spec.cidrs[${i}]`, c));
    if (errors.length === 0 && cidrs.length === 2 && parsePrefix(String(cidrs[0]))!.family === parsePrefix(String(cidrs[1]))!.family) {
      errors.push(fieldErrors.invalidRendered('spec', `networking.ServiceCIDRSpec{CIDRs:${goStrings(cidrs)}}`, 'may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64'));
    }
    return errors;
  },
  validateUpdate(next, prev) {
    const now = cidrsOf(next);
    const before = cidrsOf(prev);
    // The one change allowed: a single-stack range becoming dual-stack, its first CIDR kept.
    if (before.length === 1 && now.length === 2) return now[0] === before[0] ? [] : [fieldErrors.invalid('spec.cidrs[0]', now[0], 'field is immutable')];
    return deepEqual(now, before) ? [] : [fieldErrors.invalidRendered('spec.cidrs', goStrings(now), 'field is immutable')];
  },
};

export const ipAddressStrategy: Strategy = {
  statusSubresource: false,
  noGeneration: true,
  nameRule: 'path-segment',
  validate(obj) {
    const errors: FieldError[] = [];
    const name = obj.metadata.name ?? '';
    const canonical = canonicalIP(name);
    if (canonical === undefined) errors.push(fieldErrors.invalid('metadata.name', name, `ParseAddr(${JSON.stringify(name)}): unable to parse IP`));
    else if (canonical !== name) errors.push(fieldErrors.invalid('metadata.name', name, 'must be a canonical format IP address'));
    const ref = specOf(obj).parentRef;
    if (!isPlainObject(ref)) return [...errors, fieldErrors.required('spec.parentRef')];
    const r = ref as Json;
    if (!r.resource) errors.push(fieldErrors.required('spec.parentRef.resource'));
    if (!r.name) errors.push(fieldErrors.required('spec.parentRef.name'));
    return errors;
  },
  validateUpdate(next, prev) {
    const now = specOf(next).parentRef;
    return deepEqual(now, specOf(prev).parentRef) ? [] : [fieldErrors.invalid('spec.parentRef', now, 'field is immutable')];
  },
};
