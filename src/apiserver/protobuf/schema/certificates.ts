// Message definitions for certificates.k8s.io/v1,
// written from the field numbers of k8s.io/api certificates/v1/generated.proto
// (release 1.33). Only the fields cozylab decodes; unknown fields are skipped.
// Options read by the JSON converter: (keep) = the Go field is a pointer or has no omitempty,
// so a zero value on the wire is meaningful; (inline) = the Go struct is embedded and its JSON
// fields belong to the parent.
// request and certificate are Go []byte, so convert.ts writes them as base64 strings (the PEM
// text base64-encoded once more), as encoding/json does. ExtraValue is a list in JSON (convert.ts).

export const certificatesProto = `
syntax = "proto2";
package certificates.v1;

message CertificateSigningRequest {
  optional meta.v1.ObjectMeta metadata = 1;
  optional CertificateSigningRequestSpec spec = 2;
  optional CertificateSigningRequestStatus status = 3;
}
message CertificateSigningRequestSpec {
  optional bytes request = 1;
  optional string signerName = 7;
  optional int32 expirationSeconds = 8 [(keep) = true];
  repeated string usages = 5;
  optional string username = 2;
  optional string uid = 3;
  repeated string groups = 4;
  map<string, ExtraValue> extra = 6;
}
message ExtraValue {
  repeated string items = 1;
}
message CertificateSigningRequestStatus {
  repeated CertificateSigningRequestCondition conditions = 1;
  optional bytes certificate = 2;
}
message CertificateSigningRequestCondition {
  optional string type = 1;
  optional string status = 6;
  optional string reason = 2;
  optional string message = 3;
  optional meta.v1.Time lastUpdateTime = 4;
  optional meta.v1.Time lastTransitionTime = 5;
}
`;
