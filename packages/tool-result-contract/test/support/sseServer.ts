/** A stand-in for a provider's host on 127.0.0.1: every request is answered with the same SSE text, so the SDKs read it through their own HTTP stack. */
import { createServer } from 'node:http';

export interface SseServer {
  /** `http://127.0.0.1:<port>`: the SDK's baseURL (OpenAI adds `/v1`). */
  url: string;
  /** Each request's path and parsed JSON body, in arrival order. */
  requests: { path: string; body: unknown }[];
  close(): Promise<void>;
}

/**
 * `drop`: send the text, then destroy the socket instead of ending the
 * response, as a connection lost mid-stream does.
 */
export async function serveSse(sse: string, options: { drop?: boolean } = {}): Promise<SseServer> {
  const requests: SseServer['requests'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: req.url ?? '', body: text === '' ? null : JSON.parse(text) });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      if (options.drop !== true) {
        res.end(sse);
        return;
      }
      // Destroyed only once the text is on its way: the SDK reads some events, then the connection fails.
      res.write(sse, () => setTimeout(() => res.socket?.destroy(), 50));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e === undefined ? resolve() : reject(e)));
      }),
  };
}
