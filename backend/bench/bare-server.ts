import { createServer } from 'node:http';

/**
 * The Reads baseline: a bare node:http server that answers every request with the JSON the
 * app's GET /api/capacity gave, as fast as Node can. Spawned as its own process, like the app.
 */
const body = Buffer.from(process.env.BARE_BODY ?? '{}');
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
