// The request and response types the server handles: HTTP/1.1 and HTTP/2 alike.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';

export type ApiRequest = IncomingMessage | Http2ServerRequest;
export type ApiResponse = ServerResponse | Http2ServerResponse;
