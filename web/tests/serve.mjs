// A static file server on a free loopback port, for the browser tests:
// what `python3 -m http.server -d web/dist` does, with the types a browser
// needs to run WebAssembly modules.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/// Serves the directory `root` (a file URL ending in /); resolves to the
/// server, with `url` its address.
export function serve(root) {
  const server = createServer(async (request, response) => {
    const path = new URL(request.url, 'http://localhost').pathname;
    const file = new URL(`.${path.endsWith('/') ? `${path}index.html` : path}`, root);
    if (!file.href.startsWith(root.href)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file.pathname)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      server.url = `http://127.0.0.1:${server.address().port}/`;
      resolve(server);
    });
  });
}
