// /openapi/v2: kubectl 1.27/1.28 require a 200 protobuf `openapi_v2.Document` before apply,
// create and explain. An empty body decodes as an empty document, which is all they need;
// explain and validation read OpenAPI v3.

export const OPENAPI_V2_CONTENT_TYPE = 'application/com.github.proto-openapi.spec.v2.v1.0+protobuf';

const EMPTY_DOCUMENT = Buffer.alloc(0);

export function openAPIV2Response(): { contentType: string; body: Buffer } {
  return { contentType: OPENAPI_V2_CONTENT_TYPE, body: EMPTY_DOCUMENT };
}
