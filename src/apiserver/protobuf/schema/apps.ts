// Message definitions for apps/v1,
// written from the field numbers of k8s.io/api apps/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const appsProto = `
syntax = "proto2";
package apps.v1;

message DaemonSet {
  optional meta.v1.ObjectMeta metadata = 1;
  optional DaemonSetSpec spec = 2;
  optional DaemonSetStatus status = 3;
}
message DaemonSetCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastTransitionTime = 3;
  optional string reason = 4;
  optional string message = 5;
}
message DaemonSetSpec {
  optional meta.v1.LabelSelector selector = 1 [(keep) = true];
  optional core.v1.PodTemplateSpec template = 2;
  optional DaemonSetUpdateStrategy updateStrategy = 3;
  optional int32 minReadySeconds = 4;
  optional int32 revisionHistoryLimit = 6 [(keep) = true];
}
message DaemonSetStatus {
  optional int32 currentNumberScheduled = 1 [(keep) = true];
  optional int32 numberMisscheduled = 2 [(keep) = true];
  optional int32 desiredNumberScheduled = 3 [(keep) = true];
  optional int32 numberReady = 4 [(keep) = true];
  optional int64 observedGeneration = 5;
  optional int32 updatedNumberScheduled = 6;
  optional int32 numberAvailable = 7;
  optional int32 numberUnavailable = 8;
  optional int32 collisionCount = 9 [(keep) = true];
  repeated DaemonSetCondition conditions = 10;
}
message DaemonSetUpdateStrategy {
  optional string type = 1;
  optional RollingUpdateDaemonSet rollingUpdate = 2 [(keep) = true];
}
message Deployment {
  optional meta.v1.ObjectMeta metadata = 1;
  optional DeploymentSpec spec = 2;
  optional DeploymentStatus status = 3;
}
message DeploymentCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastUpdateTime = 6;
  optional meta.v1.Time lastTransitionTime = 7;
  optional string reason = 4;
  optional string message = 5;
}
message DeploymentSpec {
  optional int32 replicas = 1 [(keep) = true];
  optional meta.v1.LabelSelector selector = 2 [(keep) = true];
  optional core.v1.PodTemplateSpec template = 3;
  optional DeploymentStrategy strategy = 4;
  optional int32 minReadySeconds = 5;
  optional int32 revisionHistoryLimit = 6 [(keep) = true];
  optional bool paused = 7;
  optional int32 progressDeadlineSeconds = 9 [(keep) = true];
}
message DeploymentStatus {
  optional int64 observedGeneration = 1;
  optional int32 replicas = 2;
  optional int32 updatedReplicas = 3;
  optional int32 readyReplicas = 7;
  optional int32 availableReplicas = 4;
  optional int32 unavailableReplicas = 5;
  optional int32 terminatingReplicas = 9 [(keep) = true];
  repeated DeploymentCondition conditions = 6;
  optional int32 collisionCount = 8 [(keep) = true];
}
message DeploymentStrategy {
  optional string type = 1;
  optional RollingUpdateDeployment rollingUpdate = 2 [(keep) = true];
}
message ReplicaSet {
  optional meta.v1.ObjectMeta metadata = 1;
  optional ReplicaSetSpec spec = 2;
  optional ReplicaSetStatus status = 3;
}
message ReplicaSetCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastTransitionTime = 3;
  optional string reason = 4;
  optional string message = 5;
}
message ReplicaSetSpec {
  optional int32 replicas = 1 [(keep) = true];
  optional int32 minReadySeconds = 4;
  optional meta.v1.LabelSelector selector = 2 [(keep) = true];
  optional core.v1.PodTemplateSpec template = 3;
}
message ReplicaSetStatus {
  optional int32 replicas = 1 [(keep) = true];
  optional int32 fullyLabeledReplicas = 2;
  optional int32 readyReplicas = 4;
  optional int32 availableReplicas = 5;
  optional int32 terminatingReplicas = 7 [(keep) = true];
  optional int64 observedGeneration = 3;
  repeated ReplicaSetCondition conditions = 6;
}
message RollingUpdateDaemonSet {
  optional intstr.IntOrString maxUnavailable = 1 [(keep) = true];
  optional intstr.IntOrString maxSurge = 2 [(keep) = true];
}
message RollingUpdateDeployment {
  optional intstr.IntOrString maxUnavailable = 1 [(keep) = true];
  optional intstr.IntOrString maxSurge = 2 [(keep) = true];
}
`;
