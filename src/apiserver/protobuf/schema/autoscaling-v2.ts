// Message definitions for autoscaling/v2,
// written from the field numbers of k8s.io/api autoscaling/v2/generated.proto
// (release 1.33, which has HPAScalingRules.tolerance). Fields are listed in Go struct order,
// which is the order of the JSON keys convert.ts produces. Only the fields cozylab decodes;
// unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const autoscalingV2Proto = `
syntax = "proto2";
package autoscaling.v2;

message ContainerResourceMetricSource {
  optional string name = 1;
  optional MetricTarget target = 2;
  optional string container = 3;
}
message ContainerResourceMetricStatus {
  optional string name = 1;
  optional MetricValueStatus current = 2;
  optional string container = 3;
}
message CrossVersionObjectReference {
  optional string kind = 1;
  optional string name = 2;
  optional string apiVersion = 3;
}
message ExternalMetricSource {
  optional MetricIdentifier metric = 1;
  optional MetricTarget target = 2;
}
message ExternalMetricStatus {
  optional MetricIdentifier metric = 1;
  optional MetricValueStatus current = 2;
}
message HPAScalingPolicy {
  optional string type = 1;
  optional int32 value = 2 [(keep) = true];
  optional int32 periodSeconds = 3 [(keep) = true];
}
message HPAScalingRules {
  optional int32 stabilizationWindowSeconds = 3 [(keep) = true];
  optional string selectPolicy = 1 [(keep) = true];
  repeated HPAScalingPolicy policies = 2;
  optional resource.Quantity tolerance = 4 [(keep) = true];
}
message HorizontalPodAutoscaler {
  optional meta.v1.ObjectMeta metadata = 1;
  optional HorizontalPodAutoscalerSpec spec = 2;
  optional HorizontalPodAutoscalerStatus status = 3;
}
message HorizontalPodAutoscalerBehavior {
  optional HPAScalingRules scaleUp = 1 [(keep) = true];
  optional HPAScalingRules scaleDown = 2 [(keep) = true];
}
message HorizontalPodAutoscalerCondition {
  optional string type = 1;
  optional string status = 2;
  optional meta.v1.Time lastTransitionTime = 3;
  optional string reason = 4;
  optional string message = 5;
}
message HorizontalPodAutoscalerSpec {
  optional CrossVersionObjectReference scaleTargetRef = 1;
  optional int32 minReplicas = 2 [(keep) = true];
  optional int32 maxReplicas = 3 [(keep) = true];
  repeated MetricSpec metrics = 4;
  optional HorizontalPodAutoscalerBehavior behavior = 5 [(keep) = true];
}
message HorizontalPodAutoscalerStatus {
  optional int64 observedGeneration = 1 [(keep) = true];
  optional meta.v1.Time lastScaleTime = 2 [(keep) = true];
  optional int32 currentReplicas = 3;
  optional int32 desiredReplicas = 4 [(keep) = true];
  repeated MetricStatus currentMetrics = 5;
  repeated HorizontalPodAutoscalerCondition conditions = 6;
}
message MetricIdentifier {
  optional string name = 1;
  optional meta.v1.LabelSelector selector = 2 [(keep) = true];
}
message MetricSpec {
  optional string type = 1;
  optional ObjectMetricSource object = 2 [(keep) = true];
  optional PodsMetricSource pods = 3 [(keep) = true];
  optional ResourceMetricSource resource = 4 [(keep) = true];
  optional ContainerResourceMetricSource containerResource = 7 [(keep) = true];
  optional ExternalMetricSource external = 5 [(keep) = true];
}
message MetricStatus {
  optional string type = 1;
  optional ObjectMetricStatus object = 2 [(keep) = true];
  optional PodsMetricStatus pods = 3 [(keep) = true];
  optional ResourceMetricStatus resource = 4 [(keep) = true];
  optional ContainerResourceMetricStatus containerResource = 7 [(keep) = true];
  optional ExternalMetricStatus external = 5 [(keep) = true];
}
message MetricTarget {
  optional string type = 1;
  optional resource.Quantity value = 2 [(keep) = true];
  optional resource.Quantity averageValue = 3 [(keep) = true];
  optional int32 averageUtilization = 4 [(keep) = true];
}
message MetricValueStatus {
  optional resource.Quantity value = 1 [(keep) = true];
  optional resource.Quantity averageValue = 2 [(keep) = true];
  optional int32 averageUtilization = 3 [(keep) = true];
}
message ObjectMetricSource {
  optional CrossVersionObjectReference describedObject = 1;
  optional MetricTarget target = 2;
  optional MetricIdentifier metric = 3;
}
message ObjectMetricStatus {
  optional MetricIdentifier metric = 1;
  optional MetricValueStatus current = 2;
  optional CrossVersionObjectReference describedObject = 3;
}
message PodsMetricSource {
  optional MetricIdentifier metric = 1;
  optional MetricTarget target = 2;
}
message PodsMetricStatus {
  optional MetricIdentifier metric = 1;
  optional MetricValueStatus current = 2;
}
message ResourceMetricSource {
  optional string name = 1;
  optional MetricTarget target = 2;
}
message ResourceMetricStatus {
  optional string name = 1;
  optional MetricValueStatus current = 2;
}
`;
