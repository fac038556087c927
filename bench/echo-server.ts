// The transport ceiling for the API benchmark: an HTTP/2 TLS server, in its own process like
// `cozylab up`, that decodes each JSON body and answers it back with 201 and nothing else.
// What the benchmark client reaches against it bounds what any API server can reach on this machine.

import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const pki = process.argv[2]!;
const server = createSecureServer({ key: readFileSync(join(pki, 'apiserver.key')), cert: readFileSync(join(pki, 'apiserver.crt')) }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
});
server.listen(0, '127.0.0.1', () => process.send!((server.address() as AddressInfo).port));
process.on('disconnect', () => process.exit(0));
