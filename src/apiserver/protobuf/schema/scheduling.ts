// Message definitions for scheduling.k8s.io/v1,
// written from the field numbers of k8s.io/api scheduling/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const schedulingProto = `
syntax = "proto2";
package scheduling.v1;

message PriorityClass {
  optional meta.v1.ObjectMeta metadata = 1;
  optional int32 value = 2 [(keep) = true];
  optional bool globalDefault = 3;
  optional string description = 4;
  optional string preemptionPolicy = 5 [(keep) = true];
}
`;
