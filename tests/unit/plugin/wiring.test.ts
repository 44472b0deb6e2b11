// The provider plugin's gRPC wiring, with the engine's protobuf messages and no API: secrets in and
// out, unknowns at check, preview create, the detailed diff, import ids, functions, the schema.
import * as pb from "@pulumi/pulumi/proto/provider_pb";
import { GetSchemaRequest } from "@pulumi/pulumi/proto/provider_pb";
import { fromStruct, SECRET_SIG, SIG_KEY, toStruct } from "../../../provider/plugin/props";
import { instanceConfig } from "../../../provider/plugin/config";
import { typeName } from "../../../provider/plugin/server";
import { withTimeout } from "../../../provider/plugin/timeouts";
import { servedKinds } from "../../../provider/plugin/registry-bridge";
import type { Json } from "../../support/plugin";
import { configure, struct, testPlugin, urnOf } from "../../support/plugin";

const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const secret = (value: unknown) => ({ [SIG_KEY]: SECRET_SIG, value });
const DP = "https://dp.cluster-1.example.com";

it("unwraps secrets and resource references on input and rewraps the secret keys", () => {
  const { props, secretKeys } = fromStruct(
    struct({
      password: secret("s3cret"),
      nested: { inner: [secret("x"), "plain"] },
      ref: { [SIG_KEY]: "5cf8f73096256a8f31e491e813e4eb8e", urn: "urn:x", id: "c-1" },
      name: "alice",
    }),
  );
  expect(props).toEqual({
    password: "s3cret",
    nested: { inner: ["x", "plain"] },
    ref: "c-1",
    name: "alice",
  });
  expect([...secretKeys].sort()).toEqual(["nested", "password"]);
  const back = toStruct(props, secretKeys).toJavaScript();
  expect(back.password).toEqual(secret("s3cret"));
  expect(back.name).toBe("alice");
});

it("Check skips unknowns, keeps the password secret and names a bad property", async () => {
  const p = testPlugin();
  await configure(p, { apiUrl: "http://127.0.0.1:9", accessToken: "t" });
  const req = new pb.CheckRequest()
    .setUrn(urnOf("User", "alice"))
    .setType("redpandacloud:index:User")
    .setOlds(struct({}))
    .setNews(
      struct({ dataplaneApiUrl: UNKNOWN, name: "alice", password: secret("pa55word-long-enough") }),
    );
  const res = await p.call<pb.CheckRequest, pb.CheckResponse>("check", req);
  expect(res.getFailuresList()).toEqual([]);
  const inputs = res.getInputs()!.toJavaScript() as Json;
  expect(inputs.dataplaneApiUrl).toBe(UNKNOWN);
  expect(inputs.password).toEqual(secret("pa55word-long-enough"));

  const bad = new pb.CheckRequest()
    .setUrn(urnOf("Topic", "t"))
    .setType("redpandacloud:index:Topic")
    .setOlds(struct({}))
    .setNews(struct({ dataplaneApiUrl: DP, name: "bad name!", partitionCount: 0 }));
  const failures = (await p.call<pb.CheckRequest, pb.CheckResponse>("check", bad))
    .getFailuresList()
    .map((f) => f.getProperty());
  expect(failures.sort()).toEqual(["name", "partitionCount"]);
});

it("Create at preview answers unknown outputs and calls no API", async () => {
  const p = testPlugin();
  // Nothing listens at port 9: any API call would fail the create.
  await configure(p, { apiUrl: "http://127.0.0.1:9", accessToken: "t" });
  const req = new pb.CreateRequest()
    .setUrn(urnOf("Cluster", "c"))
    .setType("redpandacloud:index:Cluster")
    .setPreview(true)
    .setProperties(struct({ name: "c", networkId: UNKNOWN }));
  const res = await p.call<pb.CreateRequest, pb.CreateResponse>("create", req);
  const outs = res.getProperties()!.toJavaScript() as Json;
  expect(res.getId()).toBe("");
  expect(outs.name).toBe("c");
  expect(outs.dataplaneApiUrl).toBe(UNKNOWN);
  expect(outs.networkId).toBe(UNKNOWN);
});

it("Diff details each changed property, replaces and deletes first as the lifecycle says", async () => {
  const p = testPlugin();
  const olds = {
    id: "orders",
    dataplaneApiUrl: DP,
    name: "orders",
    configs: { "retention.ms": "1" },
  };
  const diff = (news: Json) =>
    p.call<pb.DiffRequest, pb.DiffResponse>(
      "diff",
      new pb.DiffRequest()
        .setId("orders")
        .setUrn(urnOf("Topic", "orders"))
        .setType("redpandacloud:index:Topic")
        .setOlds(struct(olds))
        .setNews(struct(news)),
    );
  const same = await diff({
    dataplaneApiUrl: `${DP}/`,
    name: "orders",
    configs: { "retention.ms": "1" },
  });
  expect(same.getChanges()).toBe(pb.DiffResponse.DiffChanges.DIFF_NONE);

  const inPlace = await diff({
    dataplaneApiUrl: DP,
    name: "orders",
    configs: { "retention.ms": "2" },
  });
  expect(inPlace.getChanges()).toBe(pb.DiffResponse.DiffChanges.DIFF_SOME);
  expect(inPlace.getReplacesList()).toEqual([]);
  expect(inPlace.getDetaileddiffMap().get("configs")!.getKind()).toBe(pb.PropertyDiff.Kind.UPDATE);

  const renamed = await diff({
    dataplaneApiUrl: DP,
    name: "orders2",
    configs: { "retention.ms": "1" },
    allowDeletion: true,
  });
  expect(renamed.getReplacesList()).toEqual(["name"]);
  expect(renamed.getDeletebeforereplace()).toBe(true);
  expect(renamed.getDetaileddiffMap().get("name")!.getKind()).toBe(
    pb.PropertyDiff.Kind.UPDATE_REPLACE,
  );
});

it("Read with only an id of the wrong form says the form to use", async () => {
  const p = testPlugin();
  await configure(p, { apiUrl: "http://127.0.0.1:9", accessToken: "t" });
  const req = new pb.ReadRequest()
    .setId("orders")
    .setUrn(urnOf("Topic", "orders"))
    .setType("redpandacloud:index:Topic");
  await expect(p.call("read", req)).rejects.toMatchObject({
    message: expect.stringContaining("<clusterId>/<topic name>"),
  });
});

it("Invoke serves a lookup as a function; the schema lists kinds, secrets and functions", async () => {
  const p = testPlugin();
  await configure(p, { apiUrl: "http://127.0.0.1:9", accessToken: "t" });
  const res = await p.call<pb.InvokeRequest, pb.InvokeResponse>(
    "invoke",
    new pb.InvokeRequest()
      .setTok("redpandacloud:index:getThroughputTiers")
      .setArgs(struct({ cloudProvider: "CLOUD_PROVIDER_GCP", region: "us-central1" })),
  );
  const items = (res.getReturn()!.toJavaScript() as { items: Json[] }).items;
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((t) => t.region === "us-central1")).toBe(true);

  const schema = JSON.parse(
    (
      await p.call<GetSchemaRequest, pb.GetSchemaResponse>("getSchema", new GetSchemaRequest())
    ).getSchema(),
  );
  expect(schema.name).toBe("redpandacloud");
  expect(Object.keys(schema.resources)).toHaveLength(25);
  expect(schema.resources["redpandacloud:index:User"].inputProperties.password.secret).toBe(true);
  expect(schema.resources["redpandacloud:index:Topic"].requiredInputs).toEqual(
    expect.arrayContaining(["dataplaneApiUrl", "name"]),
  );
  expect(Object.keys(schema.functions)).toHaveLength(17);
});

it("each instance keeps its own config: variables, args over variables", () => {
  const a = instanceConfig([["redpandacloud:config:apiUrl", "http://a"]], {});
  const b = instanceConfig([["redpandacloud:config:apiUrl", "http://a"]], { apiUrl: "http://b" });
  expect(a("apiUrl")).toBe("http://a");
  expect(b("apiUrl")).toBe("http://b");
  expect(typeName("", urnOf("Topic", "x"))).toBe("Topic");
  expect(() => typeName("aws:s3:Bucket", "")).toThrow(/not a redpandacloud resource/);
});

it("CheckConfig names a config key whose value does not parse", async () => {
  const p = testPlugin();
  const res = await p.call<pb.CheckRequest, pb.CheckResponse>(
    "checkConfig",
    new pb.CheckRequest()
      .setUrn("urn:pulumi:test::plugin::pulumi:providers:redpandacloud::default")
      .setOlds(struct({}))
      .setNews(struct({ apiUrl: "http://127.0.0.1:9", requestTimeoutMs: "soon" })),
  );
  expect(res.getFailuresList().map((f) => [f.getProperty(), f.getReason()])).toEqual([
    ["requestTimeoutMs", 'redpandacloud:requestTimeoutMs must be a positive number, got "soon".'],
  ]);
});

it("the engine's customTimeouts reach the kind's deadline and stay out of the outputs", () => {
  const cluster = servedKinds().get("Cluster")!;
  const t = withTimeout(cluster, { name: "c" }, "create", 90);
  expect(cluster.kind.deadlineMs(t.news.timeouts as never, "create")).toBe(90_000);
  expect(t.restore({ name: "c", timeouts: t.news.timeouts, id: "x" })).toEqual({
    name: "c",
    id: "x",
  });
  // The program's own value wins; a kind without `timeouts` is left alone.
  const own = withTimeout(cluster, { timeouts: { create: "2h" } }, "create", 90);
  expect(own.news.timeouts).toEqual({ create: "2h" });
  const topic = servedKinds().get("Topic")!;
  expect(withTimeout(topic, { name: "t" }, "create", 90).news).toEqual({ name: "t" });
});
