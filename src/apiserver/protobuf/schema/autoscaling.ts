// Message definitions for autoscaling/v1,
// written from the field numbers of k8s.io/api autoscaling/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const autoscalingProto = `
syntax = "proto2";
package autoscaling.v1;

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
