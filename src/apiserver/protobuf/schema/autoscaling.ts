// Message definitions for autoscaling/v1,
// written from the field numbers of k8s.io/api autoscaling/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.
// autoscaling/v1 HorizontalPodAutoscaler has no metrics field (v1 keeps extra metrics in
// annotations), so the v1 MetricSpec family is not defined here; autoscaling/v2 is in
// autoscaling-v2.ts.

export const autoscalingProto = `
syntax = "proto2";
package autoscaling.v1;

message CrossVersionObjectReference {
  optional string kind = 1;
  optional string name = 2;
  optional string apiVersion = 3;
}
message HorizontalPodAutoscaler {
  optional meta.v1.ObjectMeta metadata = 1;
  optional HorizontalPodAutoscalerSpec spec = 2;
  optional HorizontalPodAutoscalerStatus status = 3;
}
message HorizontalPodAutoscalerSpec {
  optional CrossVersionObjectReference scaleTargetRef = 1;
  optional int32 minReplicas = 2 [(keep) = true];
  optional int32 maxReplicas = 3 [(keep) = true];
  optional int32 targetCPUUtilizationPercentage = 4 [(keep) = true];
}
message HorizontalPodAutoscalerStatus {
  optional int64 observedGeneration = 1 [(keep) = true];
  optional meta.v1.Time lastScaleTime = 2 [(keep) = true];
  optional int32 currentReplicas = 3 [(keep) = true];
  optional int32 desiredReplicas = 4 [(keep) = true];
  optional int32 currentCPUUtilizationPercentage = 5 [(keep) = true];
}
message Scale {
  optional meta.v1.ObjectMeta metadata = 1;
  optional ScaleSpec spec = 2;
  optional ScaleStatus status = 3;
}
message ScaleSpec {
  optional int32 replicas = 1;
}
message ScaleStatus {
  optional int32 replicas = 1 [(keep) = true];
  optional string selector = 2;
}
`;
