// Service networking: Service, Endpoints, EndpointSlice, Ingress, IngressClass, NetworkPolicy.

import type { KubeObject } from '../../machinery/object.ts';
import type { TablePrinter } from '../../machinery/table.ts';
import { ageColumn, nameColumn, objectAge, objectName } from '../../machinery/table-build.ts';
import { formatLabels, formatLabelSelector } from '../../machinery/labels.ts';
import { arr, docColumn, joinHostPort, listWithMore, num, obj, objs, selectorObject, spec, status, str, strMap, textColumn, type Obj } from './access.ts';

/** Unique, sorted IPs (or hostnames) of a load balancer status. The server always prints wide: no clipping. */
function loadBalancerAddresses(lbStatus: unknown): string {
  const set = new Set<string>();
  for (const ing of objs(obj(lbStatus).ingress)) {
    if (str(ing.ip)) set.add(str(ing.ip));
    else if (str(ing.hostname)) set.add(str(ing.hostname));
  }
  return [...set].sort().join(',');
}

function serviceExternalIP(svc: KubeObject): string {
  const s = spec(svc);
  const externalIPs = arr(s.externalIPs).map(str);
  switch (s.type) {
    case 'ClusterIP':
    case 'NodePort':
      return externalIPs.length > 0 ? externalIPs.join(',') : '<none>';
    case 'LoadBalancer': {
      const lb = loadBalancerAddresses(obj(status(svc).loadBalancer));
      if (externalIPs.length > 0) return [...(lb ? lb.split(',') : []), ...externalIPs].join(',');
      return lb || '<pending>';
    }
    case 'ExternalName':
      return str(s.externalName);
  }
  return '<unknown>';
}

function servicePorts(ports: unknown): string {
  return objs(ports)
    .map((p) => {
      const protocol = str(p.protocol) || 'TCP';
      return num(p.nodePort) > 0 ? `${num(p.port)}:${num(p.nodePort)}/${protocol}` : `${num(p.port)}/${protocol}`;
    })
    .join(',');
}

export const servicePrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('Type', 'string', 'ServiceSpec.type'),
    docColumn('Cluster-IP', 'string', 'ServiceSpec.clusterIP'),
    docColumn('External-IP', 'string', 'ServiceSpec.externalIPs'),
    docColumn('Port(s)', 'string', 'ServiceSpec.ports'),
    ageColumn(),
    docColumn('Selector', 'string', 'ServiceSpec.selector', 1),
  ],
  cells(svc, now) {
    const s = spec(svc);
    const clusterIPs = arr(s.clusterIPs).map(str);
    // The internal type mirrors a lone spec.clusterIP into clusterIPs.
    const clusterIP = clusterIPs[0] ?? (str(s.clusterIP) || '<none>');
    return [
      objectName(svc),
      str(s.type),
      clusterIP || '<none>',
      serviceExternalIP(svc),
      servicePorts(s.ports) || '<none>',
      objectAge(svc, now),
      formatLabels(strMap(s.selector)),
    ];
  },
};

function formatEndpoints(endpoints: KubeObject): string {
  const subsets = objs(endpoints.subsets);
  if (subsets.length === 0) return '<none>';
  const list: string[] = [];
  let count = 0;
  for (const ss of subsets) {
    const addresses = objs(ss.addresses);
    const ports = objs(ss.ports);
    // Headless services may have no ports.
    const hosts = ports.length === 0 ? [(a: Obj) => str(a.ip)] : ports.map((p) => (a: Obj) => joinHostPort(str(a.ip), num(p.port)));
    for (const render of hosts) {
      count += addresses.length;
      for (const a of addresses) if (list.length < 3) list.push(render(a));
    }
  }
  const ret = list.join(',');
  return count > 3 ? `${ret} + ${count - 3} more...` : ret;
}

export const endpointsPrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Endpoints', 'string', 'Endpoints.subsets'), ageColumn()],
  cells: (ep, now) => [objectName(ep), formatEndpoints(ep), objectAge(ep, now)],
};

export const endpointSlicePrinter: TablePrinter = {
  columns: [
    nameColumn(),
    docColumn('AddressType', 'string', 'EndpointSlice.addressType'),
    docColumn('Ports', 'string', 'EndpointSlice.ports'),
    docColumn('Endpoints', 'string', 'EndpointSlice.endpoints'),
    ageColumn(),
  ],
  cells(slice, now) {
    const ports = objs(slice.ports).map((p) => (typeof p.port === 'number' ? String(p.port) : typeof p.name === 'string' ? p.name : '*'));
    const addresses = objs(slice.endpoints).flatMap((e) => arr(e.addresses).map(str));
    return [objectName(slice), str(slice.addressType), listWithMore(ports, ports.length), listWithMore(addresses, addresses.length), objectAge(slice, now)];
  },
};

function ingressHosts(rules: Obj[]): string {
  const list: string[] = [];
  let more = false;
  for (const rule of rules) {
    if (list.length === 3) more = true;
    if (!more && str(rule.host)) list.push(str(rule.host));
  }
  if (list.length === 0) return '*';
  const ret = list.join(',');
  return more ? `${ret} + ${rules.length - 3} more...` : ret;
}

export const ingressPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Class', 'string', 'The name of the IngressClass resource that should be used for additional configuration'),
    textColumn('Hosts', 'string', 'Hosts that incoming requests are matched against before the ingress rule'),
    textColumn('Address', 'string', 'Address is a list containing ingress points for the load-balancer'),
    textColumn('Ports', 'string', 'Ports of TLS configurations that open'),
    ageColumn(),
  ],
  cells(ing, now) {
    const s = spec(ing);
    return [
      objectName(ing),
      typeof s.ingressClassName === 'string' ? s.ingressClassName : '<none>',
      ingressHosts(objs(s.rules)),
      loadBalancerAddresses(obj(status(ing).loadBalancer)),
      arr(s.tls).length > 0 ? '80, 443' : '80',
      objectAge(ing, now),
    ];
  },
};

export const ingressClassPrinter: TablePrinter = {
  columns: [
    nameColumn(),
    textColumn('Controller', 'string', 'Controller that is responsible for handling this class'),
    textColumn('Parameters', 'string', 'A reference to a resource with additional parameters'),
    ageColumn(),
  ],
  cells(ic, now) {
    const s = spec(ic);
    let parameters = '<none>';
    if (s.parameters && typeof s.parameters === 'object') {
      const p = obj(s.parameters);
      parameters = str(p.kind) + (typeof p.apiGroup === 'string' ? `.${p.apiGroup}` : '') + `/${str(p.name)}`;
    }
    return [objectName(ic), str(s.controller), parameters, objectAge(ic, now)];
  },
};

export const networkPolicyPrinter: TablePrinter = {
  columns: [nameColumn(), docColumn('Pod-Selector', 'string', 'NetworkPolicySpec.podSelector'), ageColumn()],
  cells: (np, now) => [objectName(np), formatLabelSelector(selectorObject(spec(np).podSelector) ?? {}), objectAge(np, now)],
};

/** NAME CIDRS AGE. */
export const serviceCIDRPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('CIDRs', 'string', 'list of IPv4 or IPv6 CIDRs'), ageColumn()],
  cells: (sc, now) => [objectName(sc), arr(spec(sc).cidrs).map(str).join(','), objectAge(sc, now)],
};

/** NAME PARENTREF: the owner as `<resource>[.<group>]/[<namespace>/]<name>`. */
export const ipAddressPrinter: TablePrinter = {
  columns: [nameColumn(), textColumn('ParentRef', 'string', 'ParentRef references the resource that an IPAddress is attached to')],
  cells(ip) {
    const ref = obj(spec(ip).parentRef);
    const group = str(ref.group) ? `.${str(ref.group).toLowerCase()}` : '';
    const namespace = str(ref.namespace) ? `${str(ref.namespace)}/` : '';
    return [objectName(ip), `${str(ref.resource).toLowerCase()}${group}/${namespace}${str(ref.name)}`];
  },
};
