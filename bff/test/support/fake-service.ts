import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A real HTTP server standing in for a downstream service in the BFF's own tests (the BFF may not
 * import a service's code). Counts calls; can be stopped and restarted on the same port.
 */
export class FakeService {
  calls = 0;
  private server?: Server;
  port = 0;

  constructor(private handler: Handler) {}

  setHandler(handler: Handler): void {
    this.handler = handler;
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      this.calls++;
      this.handler(req, res);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server!.address() as AddressInfo).port;
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }
}

export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
