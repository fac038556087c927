// What kube-apiserver serves on /metrics (Prometheus text format), under its metric names and
// labels: requests by verb, resource and code with their latencies, requests in flight, open
// watches, objects stored per resource, the build, and the process. Requests of the in-process
// clients (the controllers) count as they would over HTTP.

import { readdirSync, readFileSync } from 'node:fs';
import { Counter, Gauge, Registry } from 'prom-client';
import type { ResourceCatalog } from './catalog.ts';
import { resourcePrefix } from './registry/keys.ts';
import type { Store } from '../storage/store.ts';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** What a request was, as the metrics label it. */
export interface RequestLabels {
  /** Kubernetes' verb: get, list, watch, create, update, patch, delete, deletecollection. */
  verb: string;
  group: string;
  version: string;
  resource: string;
  subresource: string;
  /** resource (one named object), namespace or cluster. */
  scope: string;
  /** The dryRun query value ("All") or "". */
  dryRun: string;
  /** A server-side apply patch is reported as APPLY. */
  apply?: boolean;
}

// kube-apiserver's buckets for apiserver_request_duration_seconds.
const DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

const REPORTED_VERBS: Record<string, string> = {
  get: 'GET',
  list: 'LIST',
  watch: 'WATCH',
  create: 'POST',
  update: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  deletecollection: 'DELETECOLLECTION',
};

const MUTATING = new Set(['create', 'update', 'patch', 'delete', 'deletecollection']);

/** The labels of a request: `resource` scope names one object, `namespace` a namespace's collection, else `cluster`. */
export function requestLabels(
  verb: string,
  rt: { group: string; version: string; plural: string },
  subresource: string,
  name: string,
  namespace: string,
  dryRun: string,
  apply = false,
): RequestLabels {
  const scope = name ? 'resource' : namespace ? 'namespace' : 'cluster';
  return { verb, group: rt.group, version: rt.version, resource: rt.plural, subresource, scope, dryRun, apply };
}

/** One kind of request (its labels but the code): how many got each code, and how long they took. */
interface RequestSeries {
  labels: Record<string, string>;
  codes: Map<number, number>;
  /** Requests at or under each of DURATION_BUCKETS (not yet cumulative). */
  buckets: number[];
  sum: number;
  count: number;
}

type MetricValue = { labels: Record<string, string | number>; value: number; metricName?: string };

export class ApiServerMetrics {
  readonly registry = new Registry();
  private readonly inflight: Gauge<string>;
  private readonly longRunning: Gauge<string>;
  /**
   * The request series, kept as plain counts and read out at scrape time: a request costs a
   * lookup and a few additions rather than hashing its labels into a prom-client child.
   */
  private readonly series = new Map<string, RequestSeries>();

  constructor(deps: { catalog: ResourceCatalog; store: Store; version: Record<string, string>; now?: () => number }) {
    const registers = [this.registry];
    const series = this.series;
    const requestsHelp = 'Counter of apiserver requests broken out for each verb, dry run value, group, version, resource, scope, component, and HTTP response code.';
    const durationHelp = 'Response latency distribution in seconds for each verb, dry run value, group, version, resource, subresource, scope and component.';
    this.registry.registerMetric({
      name: 'apiserver_request_total',
      help: requestsHelp,
      type: 'counter',
      get: () => {
        const values: MetricValue[] = [];
        for (const s of series.values()) for (const [code, n] of s.codes) values.push({ labels: { code, ...s.labels }, value: n });
        return { name: 'apiserver_request_total', help: requestsHelp, type: 'counter', values, aggregator: 'sum' };
      },
    } as never);
    this.registry.registerMetric({
      name: 'apiserver_request_duration_seconds',
      help: durationHelp,
      type: 'histogram',
      get: () => {
        const values: MetricValue[] = [];
        for (const s of series.values()) {
          let cumulative = 0;
          DURATION_BUCKETS.forEach((le, i) => {
            cumulative += s.buckets[i]!;
            values.push({ metricName: 'apiserver_request_duration_seconds_bucket', labels: { ...s.labels, le }, value: cumulative });
          });
          values.push({ metricName: 'apiserver_request_duration_seconds_bucket', labels: { ...s.labels, le: '+Inf' }, value: s.count });
          values.push({ metricName: 'apiserver_request_duration_seconds_sum', labels: s.labels, value: s.sum });
          values.push({ metricName: 'apiserver_request_duration_seconds_count', labels: s.labels, value: s.count });
        }
        return { name: 'apiserver_request_duration_seconds', help: durationHelp, type: 'histogram', values, aggregator: 'sum' };
      },
    } as never);
    this.inflight = new Gauge({
      name: 'apiserver_current_inflight_requests',
      help: 'Maximal number of currently used inflight request limit of this apiserver per request kind in last second.',
      labelNames: ['request_kind'],
      registers,
    });
    for (const kind of ['readOnly', 'mutating']) this.inflight.set({ request_kind: kind }, 0);
    this.longRunning = new Gauge({
      name: 'apiserver_longrunning_requests',
      help: 'Gauge of all active long-running apiserver requests broken out by verb, group, version, resource, scope and component. Not all requests are tracked this way.',
      labelNames: ['component', 'group', 'resource', 'scope', 'subresource', 'verb', 'version'],
      registers,
    });
    const { catalog, store } = deps;
    new Gauge({
      name: 'apiserver_storage_objects',
      help: 'Number of stored objects at the time of last check split by kind. In case of a fetching error, the value will be -1.',
      labelNames: ['resource'],
      registers,
      async collect() {
        this.reset();
        const seen = new Set<string>();
        for (const { type } of catalog.all()) {
          const prefix = resourcePrefix(type);
          if (seen.has(prefix)) continue;
          seen.add(prefix);
          const resource = type.group ? `${type.plural}.${type.group}` : type.plural;
          this.set({ resource }, await store.count(prefix).catch(() => -1));
        }
      },
    });
    const v = deps.version;
    new Gauge({
      name: 'kubernetes_build_info',
      help: 'A metric with a constant \'1\' value labeled by major, minor, git version, git commit, git tree state, build date, Go version, and compiler from which Kubernetes was built, and platform on which it is running.',
      labelNames: ['build_date', 'compiler', 'git_commit', 'git_tree_state', 'git_version', 'go_version', 'major', 'minor', 'platform'],
      registers,
    }).set(
      {
        build_date: v.buildDate ?? '',
        compiler: v.compiler ?? '',
        git_commit: v.gitCommit ?? '',
        git_tree_state: v.gitTreeState ?? '',
        git_version: v.gitVersion ?? '',
        go_version: v.goVersion ?? '',
        major: v.major ?? '',
        minor: v.minor ?? '',
        platform: v.platform ?? '',
      },
      1,
    );
    registerProcessMetrics(this.registry);
  }

  /** A request is being served (not a watch): it counts in flight until `done`. */
  started(verb: string): () => void {
    const kind = MUTATING.has(verb) ? 'mutating' : 'readOnly';
    this.inflight.inc({ request_kind: kind });
    return () => this.inflight.dec({ request_kind: kind });
  }

  /** A watch opened: it counts as long-running until the returned function is called. */
  watchStarted(l: RequestLabels): () => void {
    const labels = { component: 'apiserver', group: l.group, resource: l.resource, scope: l.scope, subresource: l.subresource, verb: 'WATCH', version: l.version };
    this.longRunning.inc(labels);
    let open = true;
    return () => {
      if (!open) return;
      open = false;
      this.longRunning.dec(labels);
    };
  }

  /** A request was answered with `code` after `seconds`. */
  observe(l: RequestLabels, code: number, seconds: number): void {
    const verb = l.apply ? 'APPLY' : (REPORTED_VERBS[l.verb] ?? l.verb.toUpperCase());
    const key = `${verb}|${l.group}|${l.version}|${l.resource}|${l.subresource}|${l.scope}|${l.dryRun}`;
    let s = this.series.get(key);
    if (!s) {
      const labels = { component: 'apiserver', dry_run: l.dryRun, group: l.group, resource: l.resource, scope: l.scope, subresource: l.subresource, verb, version: l.version };
      s = { labels, codes: new Map(), buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    s.codes.set(code, (s.codes.get(code) ?? 0) + 1);
    const bucket = DURATION_BUCKETS.findIndex((le) => seconds <= le);
    if (bucket >= 0) s.buckets[bucket]!++;
    s.sum += seconds;
    s.count++;
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** The process_* metrics every Kubernetes component exposes, read from /proc where Linux has them. */
function registerProcessMetrics(registry: Registry): void {
  const registers = [registry];
  const startTime = Math.round((Date.now() - process.uptime() * 1000) / 1000);
  new Gauge({ name: 'process_start_time_seconds', help: 'Start time of the process since unix epoch in seconds.', registers }).set(startTime);
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'Total user and system CPU time spent in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory size in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'process_open_fds',
    help: 'Number of open file descriptors.',
    registers,
    collect() {
      try {
        this.set(readdirSync('/proc/self/fd').length);
      } catch {
        this.set(-1);
      }
    },
  });
  new Gauge({
    name: 'process_max_fds',
    help: 'Maximum number of open file descriptors.',
    registers,
    collect() {
      try {
        const limit = /Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1];
        this.set(limit ? Number(limit) : -1);
      } catch {
        this.set(-1);
      }
    },
  });
}
