// The controller runtime: one client interface (in-process or HTTPS), informers, work queues,
// reconcile loops, Events, leader election, and a clock tests can drive.

export { realClock, FakeClock, flushAsync, type Clock, type Timer } from './clock.ts';
export {
  refOf,
  groupOf,
  objectKey,
  splitKey,
  isStatus,
  isGone,
  PATCH_CONTENT_TYPES,
  type KubeClient,
  type GroupVersionKind,
  type ObjectRef,
  type ResourceInfo,
  type ListOptions,
  type WatchOptions,
  type WriteOptions,
  type PatchType,
  type PatchOptions,
  type DeleteOptions,
  type DeleteCollectionOptions,
  type ClientWatchEvent,
  type WatchHandler,
  type WatchHandle,
} from './client.ts';
export { InProcessClient, type InProcessClientOptions } from './inprocess-client.ts';
export { asFieldManager } from './field-manager-client.ts';
export { HttpClient, statusErrorFrom } from './http-client.ts';
export { loadKubeconfig, parseKubeconfig, type ClusterConnection } from './kubeconfig.ts';
export { SharedInformer, type InformerOptions, type InformerEventHandler, type IndexFunc } from './informer.ts';
export { InformerFactory, type InformerSelection } from './informer-factory.ts';
export { WorkQueue, ControllerRateLimiter, type WorkQueueOptions, type RateLimitOptions } from './workqueue.ts';
export { runController, runWhenSynced, type ControllerSpec, type ReconcileResult, type RunningController } from './controller.ts';
export { EventRecorder, involvedObjectOf, type EventType, type InvolvedObject, type EventRecorderOptions } from './events.ts';
export { LeaderElector, type LeaderElectionOptions, type LeaseSpec } from './leader-election.ts';
