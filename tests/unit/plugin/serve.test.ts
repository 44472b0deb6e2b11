// The plugin process's handler table (provider/plugin/serve.ts): the methods it sends to the full
// handlers are exactly those server.ts answers, each a method of the engine's ResourceProvider
// service; GetPluginInfo and GetSchema answer from the metadata given (package.json's version, the
// schema); the other methods reach the full handlers, loaded at the first call.
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import type { PluginInfo } from "@pulumi/pulumi/proto/plugin_pb";
import { ResourceProviderService } from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { FULL_METHODS, lazyHandlers, withVersion } from "../../../provider/plugin/serve";
import { providerHandlers } from "../../../provider/plugin/server";
import { struct } from "../../support/plugin";

const meta = { version: "9.8.7", schema: () => withVersion({ name: "redpandacloud" }, "9.8.7") };

function call<Res>(method: string, request: unknown): Promise<Res> {
  const handler = lazyHandlers(meta, undefined)[method]!;
  return new Promise((resolve, reject) =>
    handler({ request }, (err, res) => (err ? reject(err) : resolve(res as Res))),
  );
}

it("sends server.ts's methods, and only those, to the full handlers", () => {
  const full = providerHandlers({ ...meta, kinds: new Map(), log: () => undefined });
  const served = Object.keys(full).filter((m) => Object.hasOwn(ResourceProviderService, m));
  expect([...FULL_METHODS, "getPluginInfo", "getSchema"].sort()).toEqual(served.sort());
  expect(Object.keys(lazyHandlers(meta, undefined)).sort()).toEqual(served.sort());
});

it("reports the given version and the schema naming it", async () => {
  expect((await call<PluginInfo>("getPluginInfo", new Empty())).getVersion()).toBe("9.8.7");
  const schema = await call<pb.GetSchemaResponse>("getSchema", new pb.GetSchemaRequest());
  expect(JSON.parse(schema.getSchema())).toEqual({ name: "redpandacloud", version: "9.8.7" });
});

it("answers the other methods with the full handlers (a bad config value named at CheckConfig)", async () => {
  const req = new pb.CheckRequest()
    .setUrn("urn:pulumi:test::plugin::pulumi:providers:redpandacloud::default")
    .setOlds(struct({}))
    .setNews(struct({ requestTimeoutMs: "soon" }));
  const res = await call<pb.CheckResponse>("checkConfig", req);
  expect(res.getFailuresList().map((f) => f.getProperty())).toEqual(["requestTimeoutMs"]);
});
