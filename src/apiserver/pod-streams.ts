// The kubelet's streaming endpoints as the API server serves them. GET pods/<name>/log: the container
// is chosen and checked as kube-apiserver's LogLocation does, and its state as the kubelet's
// validateContainerLogStatus does, so `kubectl logs` gives the errors users know ("is waiting to
// start: ContainerCreating"). A simulated container runs no program and so has written nothing: the
// log of a running or finished container is empty, and `-f` stays open until the container stops or
// the client leaves. exec, attach and portforward have no process to connect to: after the same
// checks they are refused with a message that says so, instead of a MethodNotAllowed that reads as if
// the API lacked them.

import { badRequest, methodNotSupported } from '../machinery/errors.ts';
import type { KubeObject } from '../machinery/object.ts';
import type { SpecialHandler } from './pipeline.ts';
import type { ResourceRegistry } from './registry/registry.ts';

type Registries = { registry(group: string, plural: string): ResourceRegistry };
type Json = Record<string, any>;

const FOLLOW_POLL_MS = 1000;

function containerNames(pod: KubeObject): string[] {
  const spec = (pod.spec ?? {}) as Json;
  return [...(spec.initContainers ?? []), ...(spec.containers ?? []), ...(spec.ephemeralContainers ?? [])].map((c: Json) => String(c.name));
}

/** ValidateContainer: the one container, or the one named, else BadRequest. */
function chooseContainer(pod: KubeObject, requested: string | null): string {
  const names = containerNames(pod);
  const main = (((pod.spec ?? {}) as Json).containers ?? []) as Json[];
  if (!requested) {
    if (main.length === 1) return String(main[0]!.name);
    if (main.length === 0) throw badRequest(`a container name must be specified for pod ${pod.metadata.name}`);
    throw badRequest(`a container name must be specified for pod ${pod.metadata.name}, choose one of: [${names.join(' ')}]`);
  }
  if (!names.includes(requested)) throw badRequest(`container ${requested} is not valid for pod ${pod.metadata.name}`);
  return requested;
}

function statusOf(pod: KubeObject, container: string): Json | undefined {
  const status = (pod.status ?? {}) as Json;
  return [...(status.initContainerStatuses ?? []), ...(status.containerStatuses ?? []), ...(status.ephemeralContainerStatuses ?? [])].find((s: Json) => s.name === container);
}

/** validateContainerLogStatus: whether the container has a log to read, or why not. */
function checkLogStatus(pod: KubeObject, container: string, previous: boolean): void {
  const quoted = `container "${container}" in pod "${pod.metadata.name}"`;
  const status = statusOf(pod, container);
  const state = (status?.state ?? {}) as Json;
  const last = (status?.lastState ?? {}) as Json;
  if (previous) {
    if (!last.terminated?.containerID) throw badRequest(`previous terminated ${quoted} not found`);
    return;
  }
  if (state.running) return;
  if (state.terminated) {
    if (state.terminated.containerID || last.terminated?.containerID) return;
    throw badRequest(`${quoted} is terminated`);
  }
  if (last.terminated) {
    if (last.terminated.containerID) return;
    throw badRequest(`${quoted} is terminated`);
  }
  if (state.waiting) {
    const reason = String(state.waiting.reason ?? '');
    if (reason === 'ErrImagePull') throw badRequest(`${quoted} is waiting to start: image can't be pulled`);
    if (reason === 'ImagePullBackOff') throw badRequest(`${quoted} is waiting to start: trying and failing to pull image`);
    throw badRequest(`${quoted} is waiting to start: ${reason}`);
  }
  throw badRequest(`${quoted} is waiting to start - no logs yet`);
}

function isRunning(pod: KubeObject | undefined, uid: string | undefined, container: string): boolean {
  return Boolean(pod && pod.metadata.uid === uid && statusOf(pod, container)?.state?.running);
}

/** pods/exec, pods/attach, pods/portforward: checked as kube-apiserver does, then refused because nothing runs. */
export function podConnectHandler(host: Registries, subresource: 'exec' | 'attach' | 'portforward'): SpecialHandler {
  return async ({ info, query }) => {
    if (info.verb !== 'get' && info.verb !== 'create') throw methodNotSupported({ group: '', resource: `pods/${subresource}` }, info.verb);
    const pod = await host.registry('', 'pods').get(info.namespace, info.name);
    const phase = (pod.status as Json | undefined)?.phase;
    if (phase === 'Succeeded' || phase === 'Failed') throw badRequest(`cannot ${subresource === 'portforward' ? 'port-forward to' : `${subresource} into`} a container in a completed pod; current phase is ${phase}`);
    if (subresource === 'portforward') {
      throw badRequest(`pod ${pod.metadata.name} is simulated by cozylab: no process listens on its ports, so there is nothing to forward to`);
    }
    const container = chooseContainer(pod, query.get('container'));
    if (!statusOf(pod, container)?.state?.running) throw badRequest(`unable to upgrade connection: container not found ("${container}")`);
    const what = subresource === 'exec' ? `run ${JSON.stringify(query.getAll('command').join(' '))} in` : 'attach to';
    throw badRequest(`container "${container}" in pod "${pod.metadata.name}" is simulated by cozylab and runs no process: there is nothing to ${what}`);
  };
}

export function podLogHandler(host: Registries): SpecialHandler {
  return async ({ req, res, info, query }) => {
    if (info.verb !== 'get') throw methodNotSupported({ group: '', resource: 'pods/log' }, info.verb);
    const pods = host.registry('', 'pods');
    const pod = await pods.get(info.namespace, info.name);
    const container = chooseContainer(pod, query.get('container'));
    // LogLocation: a pod not on a node yet has no kubelet to ask; the log is empty.
    if ((pod.spec as Json | undefined)?.nodeName) checkLogStatus(pod, container, query.get('previous') === 'true');
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    if (query.get('follow') !== 'true' || !isRunning(pod, pod.metadata.uid, container)) {
      res.end();
      return;
    }
    (res as { flushHeaders?: () => void }).flushHeaders?.();
    const timer = setInterval(() => {
      void pods.tryGet(info.namespace, info.name).then((now) => {
        if (isRunning(now, pod.metadata.uid, container)) return;
        clearInterval(timer);
        res.end();
      });
    }, FOLLOW_POLL_MS);
    timer.unref?.();
    req.on('close', () => clearInterval(timer));
  };
}
