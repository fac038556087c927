// Message definitions for policy/v1 (policy/v1beta1 has the same numbers),
// written from the field numbers of k8s.io/api policy/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const policyProto = `
syntax = "proto2";
package policy.v1;

message Eviction {
  optional meta.v1.ObjectMeta metadata = 1;
  optional meta.v1.DeleteOptions deleteOptions = 2 [(keep) = true];
}
message PodDisruptionBudget {
  optional meta.v1.ObjectMeta metadata = 1;
  optional PodDisruptionBudgetSpec spec = 2;
  optional PodDisruptionBudgetStatus status = 3;
}
message PodDisruptionBudgetSpec {
  optional intstr.IntOrString minAvailable = 1 [(keep) = true];
  optional meta.v1.LabelSelector selector = 2 [(keep) = true];
  optional intstr.IntOrString maxUnavailable = 3 [(keep) = true];
  optional string unhealthyPodEvictionPolicy = 4 [(keep) = true];
}
message PodDisruptionBudgetStatus {
  optional int64 observedGeneration = 1;
  map<string, meta.v1.Time> disruptedPods = 2;
  optional int32 disruptionsAllowed = 3 [(keep) = true];
  optional int32 currentHealthy = 4 [(keep) = true];
  optional int32 desiredHealthy = 5 [(keep) = true];
  optional int32 expectedPods = 6 [(keep) = true];
  repeated meta.v1.Condition conditions = 7;
}
`;
