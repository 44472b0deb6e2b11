import * as net from "node:net";
import { engineAddress, watchEngine } from "../../../provider/runtime/orphan";

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
