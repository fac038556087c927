// Services: type defaults, ClusterIP and NodePort allocation, immutable cluster IPs, and the
// load-balancer status a controller such as MetalLB writes.

import { isIP } from 'node:net';
import { fieldErrors, invalid, type FieldError } from '../../machinery/errors.ts';
import { isPlainObject, type KubeObject } from '../../machinery/object.ts';
import { isDNS1123Subdomain } from '../../machinery/validation/names.ts';
import type { Strategy, StrategyContext } from '../registry/strategy.ts';

type ServicePort = Record<string, unknown> & { port?: number; nodePort?: number; protocol?: string; name?: string };
type ServiceSpec = Record<string, unknown> & { type?: string; clusterIP?: string; clusterIPs?: string[]; ports?: ServicePort[] };

const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'];

function spec(obj: KubeObject): ServiceSpec {
  return (isPlainObject(obj.spec) ? obj.spec : {}) as ServiceSpec;
}

function usesNodePorts(s: ServiceSpec): boolean {
  return s.type === 'NodePort' || s.type === 'LoadBalancer';
}

/** A LoadBalancer may do without node ports (allocateLoadBalancerNodePorts: false) unless a port names one. */
function allocatesNodePorts(s: ServiceSpec): boolean {
  return usesNodePorts(s) && !(s.type === 'LoadBalancer' && s.allocateLoadBalancerNodePorts === false);
}

const SESSION_AFFINITIES = ['ClientIP', 'None'];
const MAX_CLIENT_IP_AFFINITY_SECONDS = 86400;

/** ValidateService's session affinity: one of two, and a ClientIP timeout within a day. */
function sessionAffinityErrors(s: ServiceSpec): FieldError[] {
  if (!SESSION_AFFINITIES.includes(String(s.sessionAffinity))) return [fieldErrors.notSupported('spec.sessionAffinity', s.sessionAffinity, SESSION_AFFINITIES)];
  if (s.sessionAffinity !== 'ClientIP') return [];
  const timeout = (s.sessionAffinityConfig as { clientIP?: { timeoutSeconds?: unknown } } | undefined)?.clientIP?.timeoutSeconds;
  const valid = typeof timeout === 'number' && timeout > 0 && timeout <= MAX_CLIENT_IP_AFFINITY_SECONDS;
  return valid
    ? []
    : [fieldErrors.invalid('spec.sessionAffinityConfig.clientIP.timeoutSeconds', timeout, `must be greater than 0 and less than ${MAX_CLIENT_IP_AFFINITY_SECONDS}`)];
}

/** SetDefaults_Service: what the creator of a Service owns along with what it sent. */
function defaultService(obj: KubeObject): void {
  const s = spec(obj);
  obj.spec = s;
  s.sessionAffinity ??= 'None';
  if (s.sessionAffinity === 'None') delete s.sessionAffinityConfig;
  if (s.sessionAffinity === 'ClientIP') {
    const config = isPlainObject(s.sessionAffinityConfig) ? s.sessionAffinityConfig : {};
    const clientIP = isPlainObject(config.clientIP) ? config.clientIP : {};
    s.sessionAffinityConfig = { ...config, clientIP: { ...clientIP, timeoutSeconds: clientIP.timeoutSeconds ?? 10800 } };
  }
  s.type ??= 'ClusterIP';
  for (const p of s.ports ?? []) {
    if (!isPlainObject(p)) continue;
    p.protocol ??= 'TCP';
    if (p.targetPort === undefined || p.targetPort === 0 || p.targetPort === '') p.targetPort = p.port;
  }
  if (usesNodePorts(s)) s.externalTrafficPolicy ??= 'Cluster';
  if (usesNodePorts(s) || s.type === 'ClusterIP') s.internalTrafficPolicy ??= 'Cluster';
  if (s.type === 'LoadBalancer') s.allocateLoadBalancerNodePorts ??= true;
}

function nodePortsOf(obj: KubeObject): number[] {
  return (spec(obj).ports ?? []).flatMap((p) => (typeof p.nodePort === 'number' ? [p.nodePort] : []));
}

/** What a create or an update attempt took from the allocators, until it ends (finishCreate / finishUpdate). */
interface Taken {
  ips: string[];
  ports: number[];
}

const takenFor = new WeakMap<KubeObject, Taken>();

function taking(obj: KubeObject): Taken {
  let taken = takenFor.get(obj);
  if (!taken) takenFor.set(obj, (taken = { ips: [], ports: [] }));
  return taken;
}

async function release(taken: Taken | undefined, ctx: StrategyContext): Promise<void> {
  for (const ip of taken?.ips ?? []) await ctx.services.releaseClusterIP(ip);
  for (const port of taken?.ports ?? []) await ctx.services.releaseNodePort(port);
}

/** Takes the NodePort a port asks for (one this write took already serves another protocol of it). */
async function reserveNodePort(obj: KubeObject, index: number, port: number, taken: Taken, ctx: StrategyContext): Promise<void> {
  if (taken.ports.includes(port)) return;
  const refused = await ctx.services.reserveNodePort(port);
  if (refused) throw invalid({ group: '', kind: 'Service' }, obj.metadata.name ?? '', [fieldErrors.invalid(`spec.ports[${index}].nodePort`, port, refused)]);
  taken.ports.push(port);
}

type LoadBalancerIngress = Record<string, unknown> & { ip?: string; hostname?: string; ipMode?: string };

const IP_MODES = ['Proxy', 'VIP'];

function ingressOf(obj: KubeObject): LoadBalancerIngress[] {
  const ingress = (obj.status as { loadBalancer?: { ingress?: unknown } } | undefined)?.loadBalancer?.ingress;
  return Array.isArray(ingress) ? (ingress.filter(isPlainObject) as LoadBalancerIngress[]) : [];
}

/** ValidateLoadBalancerStatus (LoadBalancerIPMode on, as in 1.32+): addresses, their ipMode, host names. */
function validateLoadBalancerStatus(next: KubeObject, prev: KubeObject): FieldError[] {
  const ingress = ingressOf(next);
  if (ingress.length === 0) return [];
  if (spec(next).type !== 'LoadBalancer') return [fieldErrors.forbidden('status.loadBalancer.ingress', "may only be used when `spec.type` is 'LoadBalancer'")];
  const existing = ingressOf(prev).flatMap((i) => (i.ip ? [i.ip] : []));
  const errors: FieldError[] = [];
  ingress.forEach((ing, i) => {
    const at = `status.loadBalancer.ingress[${i}]`;
    if (ing.ip && !existing.includes(ing.ip) && !isIP(ing.ip)) errors.push(fieldErrors.invalid(`${at}.ip`, ing.ip, 'must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)'));
    if (ing.ipMode === undefined) {
      if (ing.ip) errors.push(fieldErrors.required(`${at}.ipMode`, 'must be specified when `ip` is set'));
    } else if (!ing.ip) errors.push(fieldErrors.forbidden(`${at}.ipMode`, 'may not be specified when `ip` is not set'));
    else if (!IP_MODES.includes(ing.ipMode)) errors.push(fieldErrors.notSupported(`${at}.ipMode`, ing.ipMode, IP_MODES));
    if (ing.hostname) {
      for (const msg of isDNS1123Subdomain(ing.hostname)) errors.push(fieldErrors.invalid(`${at}.hostname`, ing.hostname, msg));
      if (isIP(ing.hostname)) errors.push(fieldErrors.invalid(`${at}.hostname`, ing.hostname, 'must be a DNS name, not an IP address'));
    }
  });
  return errors;
}

export const serviceStrategy: Strategy = {
  statusSubresource: true,
  // serviceStatusStrategy resets only the spec: MetalLB records its pool in an annotation with the status.
  statusUpdateKeepsAnnotations: true,
  noGeneration: true,
  applyDefaults: defaultService,
  async prepareForCreate(obj, ctx) {
    const s = spec(obj);
    obj.spec = s;
    obj.status = { loadBalancer: {} };
    if (s.type === 'ExternalName') return;
    // The address families and cluster IPs are the allocator's, not defaults: no manager owns them.
    s.ipFamilies ??= ['IPv4'];
    s.ipFamilyPolicy ??= 'SingleStack';
    const taken = taking(obj);
    if (s.clusterIP === undefined || s.clusterIP === '') {
      s.clusterIP = await ctx.services.allocateClusterIP();
      taken.ips.push(s.clusterIP);
    } else if (s.clusterIP !== 'None') {
      const refused = await ctx.services.reserveClusterIP(s.clusterIP);
      if (refused) throw invalid({ group: '', kind: 'Service' }, obj.metadata.name ?? '', [fieldErrors.invalidRendered('spec.clusterIPs', `[]string{${JSON.stringify(s.clusterIP)}}`, refused)]);
      taken.ips.push(s.clusterIP);
    }
    s.clusterIPs ??= [s.clusterIP];
    for (const [i, p] of (s.ports ?? []).entries()) {
      if (!allocatesNodePorts(s)) continue;
      if (typeof p.nodePort === 'number' && p.nodePort !== 0) await reserveNodePort(obj, i, p.nodePort, taken, ctx);
      else {
        p.nodePort = await ctx.services.allocateNodePort();
        taken.ports.push(p.nodePort);
      }
    }
  },
  async finishCreate(obj, stored, ctx) {
    const taken = takenFor.get(obj);
    takenFor.delete(obj);
    if (!stored) await release(taken, ctx);
  },
  async prepareForUpdate(next, prev, ctx) {
    const s = spec(next);
    const old = spec(prev);
    if (s.type !== 'ExternalName') {
      if (!s.clusterIP) s.clusterIP = old.clusterIP;
      if (!s.clusterIPs) s.clusterIPs = old.clusterIPs;
      s.ipFamilies ??= old.ipFamilies;
      s.ipFamilyPolicy ??= old.ipFamilyPolicy;
    }
    const oldPorts = new Map((old.ports ?? []).map((p) => [`${p.port}/${p.protocol ?? 'TCP'}`, p]));
    const held = new Set(nodePortsOf(prev));
    const taken = taking(next);
    for (const [i, p] of (s.ports ?? []).entries()) {
      if (!usesNodePorts(s)) continue;
      if (typeof p.nodePort === 'number' && p.nodePort !== 0) {
        if (!held.has(p.nodePort)) await reserveNodePort(next, i, p.nodePort, taken, ctx);
      } else {
        const kept = oldPorts.get(`${p.port}/${p.protocol}`)?.nodePort;
        if (kept) p.nodePort = kept;
        else if (allocatesNodePorts(s)) {
          p.nodePort = await ctx.services.allocateNodePort();
          taken.ports.push(p.nodePort);
        }
      }
    }
  },
  applyStatusDefaults(obj) {
    // SetDefaults_Service: an address without an ipMode is a VIP.
    for (const ing of ingressOf(obj)) if (ing.ip && ing.ipMode === undefined) ing.ipMode = 'VIP';
  },
  validateSubresourceUpdate(subresource, next, prev) {
    return subresource === 'status' ? validateLoadBalancerStatus(next, prev) : undefined;
  },
  async finishUpdate(next, prev, stored, ctx) {
    const taken = takenFor.get(next);
    takenFor.delete(next);
    if (!stored) return release(taken, ctx);
    const kept = new Set(nodePortsOf(next));
    for (const port of new Set(nodePortsOf(prev))) if (!kept.has(port)) await ctx.services.releaseNodePort(port);
    const ip = spec(prev).clusterIP;
    if (ip && ip !== 'None' && ip !== spec(next).clusterIP) await ctx.services.releaseClusterIP(ip);
  },
  validate(obj) {
    const s = spec(obj);
    const errors: FieldError[] = [];
    if (!SERVICE_TYPES.includes(String(s.type))) errors.push(fieldErrors.notSupported('spec.type', s.type, SERVICE_TYPES));
    errors.push(...sessionAffinityErrors(s));
    if (s.type === 'ExternalName') {
      if (!s.externalName) errors.push(fieldErrors.required('spec.externalName'));
      return errors;
    }
    const ports = s.ports ?? [];
    if (ports.length === 0 && s.clusterIP !== 'None') errors.push(fieldErrors.required('spec.ports'));
    const names = new Set<string>();
    ports.forEach((p, i) => {
      if (typeof p.port !== 'number' || p.port < 1 || p.port > 65535) {
        errors.push(fieldErrors.invalid(`spec.ports[${i}].port`, p.port ?? 0, 'must be between 1 and 65535, inclusive'));
      }
      if (ports.length > 1 && !p.name) errors.push(fieldErrors.required(`spec.ports[${i}].name`));
      if (p.name) {
        if (names.has(p.name)) errors.push(fieldErrors.duplicate(`spec.ports[${i}].name`, p.name));
        names.add(p.name);
      }
      if (p.protocol && !['TCP', 'UDP', 'SCTP'].includes(p.protocol)) errors.push(fieldErrors.notSupported(`spec.ports[${i}].protocol`, p.protocol, ['SCTP', 'TCP', 'UDP']));
    });
    return errors;
  },
  validateUpdate(next, prev) {
    const n = spec(next);
    const p = spec(prev);
    if (p.clusterIP && n.clusterIP !== p.clusterIP && n.type !== 'ExternalName' && p.type !== 'ExternalName') {
      return [fieldErrors.invalid('spec.clusterIPs[0]', n.clusterIP ?? '', 'may not change once set')];
    }
    return [];
  },
  async afterDelete(obj, ctx) {
    const ip = spec(obj).clusterIP;
    if (ip && ip !== 'None') await ctx.services.releaseClusterIP(ip);
    for (const port of new Set(nodePortsOf(obj))) await ctx.services.releaseNodePort(port);
  },
};
