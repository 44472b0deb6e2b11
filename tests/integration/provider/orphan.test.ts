import * as http from "node:http";
import * as net from "node:net";
import { StaticToken } from "../../../provider/transport/auth";
import { Transport } from "../../../provider/transport/http";
import { changeGuard, engineAddress, watchEngine } from "../../../provider/runtime/orphan";

it("finds the engine address among the provider's arguments", () => {
  expect(engineAddress(["node", "/x/dynamic-provider/index.js", "127.0.0.1:40211"])).toEqual({
    host: "127.0.0.1",
    port: 40211,
  });
  expect(engineAddress(["node", "script.js"])).toBeUndefined();
});

it("exits once the engine stops accepting connections, not while it is there", async () => {
  const engine = net.createServer((s) => s.destroy());
  await new Promise<void>((r) => engine.listen(0, "127.0.0.1", r));
  const { port } = engine.address() as net.AddressInfo;
  const exits: number[] = [];
  const watch = watchEngine(["node", "p", `127.0.0.1:${port}`], (c) => exits.push(c), 20, 3);
  await new Promise((r) => setTimeout(r, 150));
  expect(exits).toEqual([]);
  await new Promise<void>((r) => engine.close(() => r()));
  await new Promise((r) => setTimeout(r, 300));
  watch?.stop();
  expect(exits.length).toBeGreaterThan(0);
  expect(exits[0]).toBe(1);
});

it("checks before a change: passes while the engine listens, exits once its address refuses", async () => {
  const engine = net.createServer((s) => s.destroy());
  await new Promise<void>((r) => engine.listen(0, "127.0.0.1", r));
  const { port } = engine.address() as net.AddressInfo;
  const exits: number[] = [];
  const guard = changeGuard(["node", "p", `127.0.0.1:${port}`], (c) => exits.push(c));
  expect(changeGuard(["node", "p"], (c) => exits.push(c))).toBeUndefined();
  await guard?.();
  expect(exits).toEqual([]);
  await new Promise<void>((r) => engine.close(() => r()));
  await guard?.();
  expect(exits).toEqual([1]);
});

it("asks the guard before each request that changes something, never before a read", async () => {
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "application/json");
    res.end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as net.AddressInfo;
  const asked: string[] = [];
  const transport = new Transport({
    auth: new StaticToken("t"),
    beforeChange: async () => {
      asked.push("guard");
    },
  });
  const url = `http://127.0.0.1:${port}/v1/topics`;
  await transport.request({ method: "GET", url, idempotent: true });
  expect(asked).toEqual([]);
  await transport.request({ method: "POST", url, body: {}, idempotent: false });
  await transport.request({ method: "DELETE", url, idempotent: true });
  expect(asked).toEqual(["guard", "guard"]);
  await new Promise<void>((r) => server.close(() => r()));
});
