// Message definitions for batch/v1,
// written from the field numbers of k8s.io/api batch/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const batchProto = `
syntax = "proto2";
package batch.v1;

message CronJob {
  optional meta.v1.ObjectMeta metadata = 1;
  optional CronJobSpec spec = 2;
  optional CronJobStatus status = 3;
}
message CronJobSpec {
  optional string schedule = 1;
  optional string timeZone = 8 [(keep) = true];
  optional int64 startingDeadlineSeconds = 2 [(keep) = true];
  optional string concurrencyPolicy = 3;
  optional bool suspend = 4 [(keep) = true];
  optional JobTemplateSpec jobTemplate = 5;
  optional int32 successfulJobsHistoryLimit = 6 [(keep) = true];
  optional int32 failedJobsHistoryLimit = 7 [(keep) = true];
}
message CronJobStatus {
  repeated core.v1.ObjectReference active = 1;
  optional meta.v1.Time lastScheduleTime = 4 [(keep) = true];
  optional meta.v1.Time lastSuccessfulTime = 5 [(keep) = true];
}
message Job {
  optional meta.v1.ObjectMeta metadata = 1;
  optional JobSpec spec = 2;
  optional JobStatus status = 3;
}
message JobCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastProbeTime = 3;
  optional meta.v1.Time lastTransitionTime = 4;
  optional string reason = 5;
  optional string message = 6;
}
message JobSpec {
  optional int32 parallelism = 1 [(keep) = true];
  optional int32 completions = 2 [(keep) = true];
  optional int64 activeDeadlineSeconds = 3 [(keep) = true];
  optional PodFailurePolicy podFailurePolicy = 11 [(keep) = true];
  optional SuccessPolicy successPolicy = 16 [(keep) = true];
  optional int32 backoffLimit = 7 [(keep) = true];
  optional int32 backoffLimitPerIndex = 12 [(keep) = true];
  optional int32 maxFailedIndexes = 13 [(keep) = true];
  optional meta.v1.LabelSelector selector = 4 [(keep) = true];
  optional bool manualSelector = 5 [(keep) = true];
  optional core.v1.PodTemplateSpec template = 6;
  optional int32 ttlSecondsAfterFinished = 8 [(keep) = true];
  optional string completionMode = 9 [(keep) = true];
  optional bool suspend = 10 [(keep) = true];
  optional string podReplacementPolicy = 14 [(keep) = true];
  optional string managedBy = 15 [(keep) = true];
}
message JobStatus {
  repeated JobCondition conditions = 1;
  optional meta.v1.Time startTime = 2 [(keep) = true];
  optional meta.v1.Time completionTime = 3 [(keep) = true];
  optional int32 active = 4;
  optional int32 succeeded = 5;
  optional int32 failed = 6;
  optional int32 terminating = 11 [(keep) = true];
  optional string completedIndexes = 7;
  optional string failedIndexes = 10 [(keep) = true];
  optional UncountedTerminatedPods uncountedTerminatedPods = 8 [(keep) = true];
  optional int32 ready = 9 [(keep) = true];
}
message JobTemplateSpec {
  optional meta.v1.ObjectMeta metadata = 1;
  optional JobSpec spec = 2;
}
message PodFailurePolicy {
  repeated PodFailurePolicyRule rules = 1;
}
message PodFailurePolicyOnExitCodesRequirement {
  optional string containerName = 1 [(keep) = true];
  optional string operator = 2;
  repeated int32 values = 3;
}
message PodFailurePolicyOnPodConditionsPattern {
  optional string type = 1;
  optional string status = 2;
}
message PodFailurePolicyRule {
  optional string action = 1;
  optional PodFailurePolicyOnExitCodesRequirement onExitCodes = 2 [(keep) = true];
  repeated PodFailurePolicyOnPodConditionsPattern onPodConditions = 3;
}
message SuccessPolicy {
  repeated SuccessPolicyRule rules = 1;
}
message SuccessPolicyRule {
  optional string succeededIndexes = 1 [(keep) = true];
  optional int32 succeededCount = 2 [(keep) = true];
}
message UncountedTerminatedPods {
  repeated string succeeded = 1;
  repeated string failed = 2;
}
`;
