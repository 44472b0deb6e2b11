// Ctrl-C in a dynamic provider's process (provider/runtime/interrupt.ts): SIGINT or SIGTERM
// cancels its provider instance — a request under way ends at once with Interrupted — and the
// process exits once the answers under way are out. A create's POST under way is let bring its
// answer (the id the interrupted create records); every other request stops at once.
import { spawn } from "node:child_process";
import * as http from "node:http";
import type * as net from "node:net";
import * as path from "node:path";
import * as z from "zod";
import { Interrupted } from "../../../provider/errors";
import { ProviderInstance } from "../../../provider/runtime/context";

const HOST = path.join(__dirname, "../../support/fixtures/dynamic-provider/index.js");

let server: http.Server;
let url: string;
beforeAll(async () => {
  // Holds every request: the provider's request stays under way until it is cancelled.
  server = http.createServer(() => undefined);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

it.each(["SIGINT", "SIGTERM"] as const)(
  "%s: the request under way ends with Interrupted and the process exits",
  async (signal) => {
    const child = spawn(process.execPath, [HOST, url], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
    // ts-node's start-up, then the request is sent and held.
    for (let i = 0; i < 600 && !out.includes("sent"); i++)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    const at = Date.now();
    child.kill(signal);
    const code = await exited;
    expect(Date.now() - at).toBeLessThan(2_000);
    expect(code).toBe(130);
    expect(out).toContain(`[redpanda] ${signal}: stopping the waits under way`);
    expect(out).toContain("ended: Interrupted: interrupted: the run was cancelled (Ctrl-C)");
    expect(out).not.toContain("answered");
  },
);

it("Ctrl-C lets a create's POST under way bring its answer (the id), and stops a GET at once", async () => {
  // Answers POSTs after 300 ms and never answers a GET.
  const slow = http.createServer((req, res) => {
    if (req.method !== "POST") return;
    setTimeout(() => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ id: "made-1" }));
    }, 300);
  });
  await new Promise<void>((r) => slow.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(slow.address() as net.AddressInfo).port}`;
  try {
    const instance = new ProviderInstance(
      (key) => ({ apiUrl: base, accessToken: "t" })[key],
      () => undefined,
    );
    const transport = instance.clients().transport;
    const created = transport.request({
      method: "POST",
      url: `${base}/v1/things`,
      body: {},
      idempotent: false,
      schema: z.object({ id: z.string() }),
    });
    const read = transport.request({ method: "GET", url: `${base}/v1/things`, idempotent: true });
    await new Promise((r) => setTimeout(r, 100));
    const at = Date.now();
    instance.cancel();
    await expect(read).rejects.toBeInstanceOf(Interrupted);
    expect(Date.now() - at).toBeLessThan(100);
    await expect(created).resolves.toEqual({ id: "made-1" });
  } finally {
    slow.closeAllConnections();
    await new Promise<void>((r) => slow.close(() => r()));
  }
});
