// ingress-nginx's status sync (internal/ingress/status): each controller Deployment the ingress-nginx
// chart renders (`/nginx-ingress-controller --publish-service=… --controller-class=…`) writes, while
// it has a ready pod, the address of its publish Service into the status of every Ingress it serves:
// those whose ingressClassName is an IngressClass of its controller class, or whose
// kubernetes.io/ingress.class annotation names its --ingress-class. A LoadBalancer Service gives its
// load-balancer addresses (MetalLB's) and external IPs, a ClusterIP one its cluster IP — so `kubectl
// get ingress` shows the ADDRESS a real Cozystack shows.

import type { KubeObject } from '../../../machinery/object.ts';
import { isStatusError } from '../../../machinery/errors.ts';
import { objectKey, runWhenSynced, WorkQueue, type Clock, type InformerFactory, type KubeClient, type ReconcileResult } from '../../../controller/index.ts';

type Rec = Record<string, any>;
type Address = { ip?: string; hostname?: string };

const CLASS_ANNOTATION = 'kubernetes.io/ingress.class';

interface ControllerFlags {
  publishService?: string;
  controllerClass: string;
  ingressClass: string;
}

/** The flags of an ingress-nginx controller Deployment, or undefined for any other Deployment. */
export function controllerFlags(deployment: KubeObject): ControllerFlags | undefined {
  const containers = ((deployment.spec as Rec | undefined)?.template?.spec?.containers ?? []) as Rec[];
  const args = containers.map((c) => (c.args ?? []) as string[]).find((a) => a[0] === '/nginx-ingress-controller');
  if (!args) return undefined;
  const flag = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const namespace = deployment.metadata.namespace ?? '';
  return {
    publishService: flag('publish-service')?.replace('$(POD_NAMESPACE)', namespace),
    controllerClass: flag('controller-class') ?? 'k8s.io/ingress-nginx',
    ingressClass: flag('ingress-class') ?? 'nginx',
  };
}

/** statusAddressFromService, ordered as standardizeLoadBalancerIngresses and updateStatus order them. */
export function serviceAddresses(svc: KubeObject): Address[] {
  const spec = (svc.spec ?? {}) as Rec;
  const external = (spec.externalIPs ?? []) as string[];
  let addrs: Address[];
  switch (spec.type ?? 'ClusterIP') {
    case 'ExternalName':
      addrs = [{ hostname: spec.externalName }];
      break;
    case 'NodePort':
      addrs = external.length ? external.map((ip) => ({ ip })) : [{ ip: spec.clusterIP }];
      break;
    case 'LoadBalancer': {
      addrs = (((svc.status as Rec | undefined)?.loadBalancer?.ingress ?? []) as Rec[]).map((i) => ({ ...(i.ip ? { ip: i.ip } : {}), ...(i.hostname ? { hostname: i.hostname } : {}) }));
      for (const ip of external) if (!addrs.some((a) => a.ip === ip || a.hostname === ip)) addrs.push({ ip });
      break;
    }
    default:
      addrs = [{ ip: spec.clusterIP }];
  }
  const cmp = (a?: string, b?: string) => ((a ?? '') < (b ?? '') ? -1 : (a ?? '') > (b ?? '') ? 1 : 0);
  return addrs.sort((a, b) => cmp(a.hostname, b.hostname) || cmp(a.ip, b.ip));
}

function sameAddresses(current: Rec[], next: Address[]): boolean {
  return current.length === next.length && current.every((c, i) => (c.ip ?? '') === (next[i]!.ip ?? '') && (c.hostname ?? '') === (next[i]!.hostname ?? ''));
}

export function startIngressNginxStatus(deps: { client: KubeClient; factory: InformerFactory; clock: Clock }): { stop(): Promise<void> } {
  const { factory, client, clock } = deps;
  const deployments = factory.informerFor({ apiVersion: 'apps/v1', kind: 'Deployment' });
  const ingresses = factory.informerFor({ apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' });
  const classes = factory.informerFor({ apiVersion: 'networking.k8s.io/v1', kind: 'IngressClass' });
  const services = factory.informerFor({ apiVersion: 'v1', kind: 'Service' });
  const queue = new WorkQueue<string>({ clock });
  const controllers = () => deployments.list().filter((d) => controllerFlags(d));
  const enqueueAll = () => controllers().forEach((d) => queue.add(objectKey(d)));

  /** Whether this controller serves the Ingress (checkIngress / IsValid of ingress-nginx). */
  function serves(flags: ControllerFlags, ingress: KubeObject): boolean {
    const className = (ingress.spec as Rec | undefined)?.ingressClassName as string | undefined;
    if (className) return (classes.get(undefined, className)?.spec as Rec | undefined)?.controller === flags.controllerClass;
    return ingress.metadata.annotations?.[CLASS_ANNOTATION] === flags.ingressClass;
  }

  async function reconcile(key: string): Promise<ReconcileResult | void> {
    const deployment = deployments.getByKey(key);
    const flags = deployment && controllerFlags(deployment);
    if (!flags?.publishService) return;
    // The elected leader syncs the status: nothing does while no pod is ready.
    if (!(Number((deployment!.status as Rec | undefined)?.readyReplicas ?? 0) > 0)) return;
    const svc = services.getByKey(flags.publishService);
    if (!svc) return;
    const addresses = serviceAddresses(svc);
    for (const ingress of ingresses.list()) {
      if (!serves(flags, ingress)) continue;
      const current = (((ingress.status as Rec | undefined)?.loadBalancer?.ingress ?? []) as Rec[]);
      if (sameAddresses(current, addresses)) continue;
      try {
        await client.updateStatus({ ...ingress, status: { ...(ingress.status ?? {}), loadBalancer: addresses.length ? { ingress: addresses } : {} } });
      } catch (err) {
        if (isStatusError(err, 'Conflict')) return { requeue: true };
        if (!isStatusError(err, 'NotFound')) throw err;
      }
    }
  }

  deployments.addEventHandler({ onAdd: (d) => controllerFlags(d) && queue.add(objectKey(d)), onUpdate: (_, d) => controllerFlags(d) && queue.add(objectKey(d)) });
  for (const informer of [ingresses, classes, services]) informer.addEventHandler({ onAdd: enqueueAll, onUpdate: enqueueAll });

  const controller = runWhenSynced({ name: 'ingress-nginx-status', queue, reconcile, workers: 1 }, [deployments, ingresses, classes, services]);
  return {
    async stop() {
      queue.shutDown();
      await controller.stop();
    },
  };
}
