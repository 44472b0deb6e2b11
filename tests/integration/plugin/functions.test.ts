// The plugin's functions (the lookups) against a real emulator: a call without an argument its
// lookup requires is refused by name before any request leaves the plugin (the required arguments
// are derived from the lookups' signatures by `npm run codegen`), and a complete call is answered.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import type { TestEmulator } from "../../support/emulator";
import { TOKEN, expectAllResponsesValid, startTestEmulator } from "../../support/emulator";
import type { Json, TestPlugin } from "../../support/plugin";
import { configure, struct, testPlugin } from "../../support/plugin";

let t: TestEmulator;
let p: TestPlugin;

beforeAll(async () => {
  t = await startTestEmulator();
  p = testPlugin();
  await configure(p, { apiUrl: t.emu.url, accessToken: TOKEN });
});
afterAll(async () => {
  await t.close();
  expectAllResponsesValid(t, "plugin-functions");
});

const invoke = (name: string, args: Json) =>
  p.call<pb.InvokeRequest, pb.InvokeResponse>(
    "invoke",
    new pb.InvokeRequest().setTok(`redpandacloud:index:${name}`).setArgs(struct(args)),
  );

const requests = async () =>
  ((await t.admin("GET", "/_admin/requests")) as { entries: { route: string }[] }).entries;

it("refuses a call without a required argument, naming it, before any API call", async () => {
  await t.admin("DELETE", "/_admin/requests");
  await expect(invoke("getServerlessRegions", {})).rejects.toMatchObject({
    message: 'getServerlessRegions: the argument "cloudProvider" is required',
  });
  await expect(invoke("getRegion", { cloudProvider: "CLOUD_PROVIDER_AWS" })).rejects.toMatchObject({
    message: 'getRegion: the argument "name" is required',
  });
  await expect(
    invoke("getSchema", { schemaRegistryUrl: `${t.emu.url}/sr/x` }),
  ).rejects.toMatchObject({ message: 'getSchema: the argument "subject" is required' });
  await expect(invoke("getServerlessCluster", {})).rejects.toMatchObject({
    message: 'getServerlessCluster: the argument "id" is required',
  });
  await expect(invoke("getCluster", {})).rejects.toMatchObject({
    message: 'getCluster: give the argument "id" or "name"',
  });
  expect(await requests()).toEqual([]);
});

it("answers a complete call: a list as `items`, an object as its fields", async () => {
  const regions = (await invoke("getServerlessRegions", { cloudProvider: "CLOUD_PROVIDER_AWS" }))
    .getReturn()!
    .toJavaScript() as { items: Json[] };
  expect(regions.items.length).toBeGreaterThan(0);
  expect(regions.items.every((r) => r.cloudProvider === "CLOUD_PROVIDER_AWS")).toBe(true);
  const region = (
    await invoke("getRegion", { cloudProvider: "CLOUD_PROVIDER_AWS", name: "us-east-1" })
  )
    .getReturn()!
    .toJavaScript() as Json;
  expect(region).toMatchObject({ cloudProvider: "CLOUD_PROVIDER_AWS", name: "us-east-1" });
  expect((await requests()).map((e) => e.route)).toEqual([
    "/v1/serverless/regions",
    "/v1/regions/:cloud/:name",
  ]);
});
