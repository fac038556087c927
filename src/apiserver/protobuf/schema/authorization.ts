// Message definitions for authorization.k8s.io/v1,
// written from the field numbers of k8s.io/api authorization/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.

export const authorizationProto = `
syntax = "proto2";
package authorization.v1;

message ExtraValue {
  repeated string items = 1;
}
message FieldSelectorAttributes {
  optional string rawSelector = 1;
  repeated meta.v1.FieldSelectorRequirement requirements = 2;
}
message LabelSelectorAttributes {
  optional string rawSelector = 1;
  repeated meta.v1.LabelSelectorRequirement requirements = 2;
}
message LocalSubjectAccessReview {
  optional meta.v1.ObjectMeta metadata = 1;
  optional SubjectAccessReviewSpec spec = 2;
  optional SubjectAccessReviewStatus status = 3;
}
message NonResourceAttributes {
  optional string path = 1;
  optional string verb = 2;
}
message NonResourceRule {
  repeated string verbs = 1;
  repeated string nonResourceURLs = 2;
}
message ResourceAttributes {
  optional string namespace = 1;
  optional string verb = 2;
  optional string group = 3;
  optional string version = 4;
  optional string resource = 5;
  optional string subresource = 6;
  optional string name = 7;
  optional FieldSelectorAttributes fieldSelector = 8 [(keep) = true];
  optional LabelSelectorAttributes labelSelector = 9 [(keep) = true];
}
message ResourceRule {
  repeated string verbs = 1;
  repeated string apiGroups = 2;
  repeated string resources = 3;
  repeated string resourceNames = 4;
}
message SelfSubjectAccessReview {
  optional meta.v1.ObjectMeta metadata = 1;
  optional SelfSubjectAccessReviewSpec spec = 2;
  optional SubjectAccessReviewStatus status = 3;
}
message SelfSubjectAccessReviewSpec {
  optional ResourceAttributes resourceAttributes = 1 [(keep) = true];
  optional NonResourceAttributes nonResourceAttributes = 2 [(keep) = true];
}
message SelfSubjectRulesReview {
  optional meta.v1.ObjectMeta metadata = 1;
  optional SelfSubjectRulesReviewSpec spec = 2;
  optional SubjectRulesReviewStatus status = 3;
}
message SelfSubjectRulesReviewSpec {
  optional string namespace = 1;
}
message SubjectAccessReview {
  optional meta.v1.ObjectMeta metadata = 1;
  optional SubjectAccessReviewSpec spec = 2;
  optional SubjectAccessReviewStatus status = 3;
}
message SubjectAccessReviewSpec {
  optional ResourceAttributes resourceAttributes = 1 [(keep) = true];
  optional NonResourceAttributes nonResourceAttributes = 2 [(keep) = true];
  optional string user = 3;
  repeated string groups = 4;
  map<string, ExtraValue> extra = 5;
  optional string uid = 6;
}
message SubjectAccessReviewStatus {
  optional bool allowed = 1 [(keep) = true];
  optional bool denied = 4;
  optional string reason = 2;
  optional string evaluationError = 3;
}
message SubjectRulesReviewStatus {
  repeated ResourceRule resourceRules = 1;
  repeated NonResourceRule nonResourceRules = 2;
  optional bool incomplete = 3 [(keep) = true];
  optional string evaluationError = 4;
}
`;
