// Silence alone never drops a data-plane resource: without the control plane's word that its
// cluster is gone, a read or delete that got no answer keeps the resource and fails saying why.
// A cluster kind's refusal to say (PERMISSION_DENIED) is no word that the cluster is gone.
// (The control plane's answers themselves: e2e cluster-identity.test.ts.)
import * as z from "zod";
import type { Adoption, ClusterReader } from "../../../provider/declare/adopt";
import { byId, sameId } from "../../../provider/declare/adopt";
import { ApiError, DeadlineError } from "../../../provider/errors";
import { declareKind } from "../../../provider/declare/declare";
import type { InputsOf } from "../../../provider/declare/declare";
import { dataplaneApiUrl } from "../../../provider/declare/fields";
import { addressKeyOf, noAnswer } from "../../../provider/runtime/cluster-gone";
import { clusterFinder } from "../../../provider/runtime/find-cluster";
import type { ClusterFinder } from "../../../provider/runtime/find-cluster";
import { makeProvider } from "../../../provider/runtime/lifecycle";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const apiError = (status: number, code: string) =>
  new ApiError({ status, code, apiMessage: "x", method: "GET", path: "/v1/topics" });
const silent = apiError(0, "DEADLINE_EXCEEDED");

function providerFailingWith(err: unknown, withAddress = true, findCluster?: ClusterFinder) {
  const kind = declareKind({
    type: "Gadget",
    doc: "A data-plane kind with no API: only the shared rules are under test.",
    fields: withAddress
      ? { dataplaneApiUrl, name: { schema: z.string(), change: "replace", doc: "Name" } }
      : { name: { schema: z.string(), change: "replace", doc: "Name" } },
    outputs: {},
  });
  type In = InputsOf<typeof kind.fields>;
  return makeProvider<typeof kind.fields, In & { id: string }>(
    {
      kind,
      label: () => "gadget",
      create: async () => Promise.reject(err),
      read: async () => Promise.reject(err),
      update: async () => Promise.reject(err),
      delete: async () => Promise.reject(err),
    },
    findCluster,
  );
}

// An address that names no cluster id: the control plane cannot be asked, so nothing is dropped.
const props = { _rpType: "Gadget", dataplaneApiUrl: "https://dp.example.test", name: "g" };

it.each([
  ["a timeout", silent],
  ["a 503 after the retries", apiError(503, "UNAVAILABLE")],
  ["the retry deadline", new DeadlineError("gave up", 120_000, apiError(0, "UNAVAILABLE"))],
])("%s on read or delete keeps the resource and says why", async (_what, err) => {
  const p = providerFailingWith(err);
  for (const op of [() => p.read("g", props, ctx), () => p.delete("g", props, ctx)]) {
    const failure = (await op().then(
      () => undefined,
      (e: unknown) => e,
    )) as Error | undefined;
    expect(failure?.message).toContain(
      "Gadget g: the data plane at https://dp.example.test did not answer, and its address " +
        "https://dp.example.test names no cluster id to ask the control plane about, so the " +
        "resource stays in the stack.",
    );
  }
});

it("other failures pass through untouched; a 404 still means gone", async () => {
  const refused = apiError(400, "INVALID_ARGUMENT");
  await expect(providerFailingWith(refused).read("g", props, ctx)).rejects.toBe(refused);
  const internal = apiError(500, "INTERNAL");
  await expect(providerFailingWith(internal).delete("g", props, ctx)).rejects.toBe(internal);
  expect(await providerFailingWith(apiError(404, "NOT_FOUND")).read("g", props, ctx)).toEqual({});
});

it("a kind without an address input is never taken for a data-plane one", async () => {
  // A cluster's outputs carry `dataplaneApiUrl` too: only declared inputs count.
  expect(addressKeyOf(["name", "dataplaneApiUrl"])).toBe("dataplaneApiUrl");
  expect(addressKeyOf(["name"])).toBeUndefined();
  await expect(providerFailingWith(silent, false).read("g", props, ctx)).rejects.toBe(silent);
});

it("classifies no answer: nothing back, a gateway's 502/503/504, or the retries' last such", () => {
  expect([0, 502, 503, 504].map((s) => noAnswer(apiError(s, "UNAVAILABLE")))).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(noAnswer(apiError(500, "INTERNAL"))).toBe(false);
  expect(noAnswer(new DeadlineError("operation wait", 1))).toBe(false);
  expect(noAnswer(new Error("x"))).toBe(false);
});

/** The one finder over a Dedicated and a Serverless kind whose routes answer as given. */
function finderAnswering(dedicated: ApiError | "READY", serverless: ApiError | "READY") {
  const reader =
    (answer: ApiError | "READY"): ClusterReader =>
    async () => {
      if (answer instanceof ApiError) throw answer;
      return { state: "STATE_READY", going: false, dataplaneApiUrl: "", schemaRegistryUrl: "" };
    };
  const kind = (answer: ApiError | "READY"): Adoption => ({
    scope: "organization",
    import: byId,
    migrate: sameId,
    list: async () => [],
    cluster: reader(answer),
  });
  return clusterFinder({ Cluster: kind(dedicated), ServerlessCluster: kind(serverless) });
}

describe("a silent cluster's verdict, through the one finder", () => {
  const notFound = apiError(404, "NOT_FOUND");
  const denied = apiError(403, "PERMISSION_DENIED");
  // The verdict asks with the process's clients, which need credentials to be built (never used).
  const saved = process.env.REDPANDA_ACCESS_TOKEN;
  beforeAll(() => {
    process.env.REDPANDA_ACCESS_TOKEN = "unit-token";
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.REDPANDA_ACCESS_TOKEN;
    else process.env.REDPANDA_ACCESS_TOKEN = saved;
  });
  // Each case its own cluster: the verdicts are kept per cluster id for the process.
  const on = (id: string) => ({ ...props, dataplaneApiUrl: `http://127.0.0.1:9/dp/${id}` });
  const readFailure = (find: ClusterFinder, id: string) =>
    providerFailingWith(silent, true, find)
      .read("g", on(id), ctx)
      .then(
        () => "dropped",
        (e: unknown) => (e as Error).message.split("\n")[0],
      );

  it("every kind's NOT_FOUND drops the resource", async () => {
    const find = finderAnswering(notFound, notFound);
    expect(await readFailure(find, "a0000000000000000001")).toBe("dropped");
  });

  it("a Serverless cluster behind the Dedicated route's PERMISSION_DENIED is found, and kept", async () => {
    const find = finderAnswering(denied, "READY");
    expect(await readFailure(find, "a0000000000000000002")).toContain(
      "the control plane reports cluster a0000000000000000002 as STATE_READY, so the resource stays",
    );
  });

  it("a PERMISSION_DENIED beside a NOT_FOUND keeps the resource: not known", async () => {
    const find = finderAnswering(denied, notFound);
    expect(await readFailure(find, "a0000000000000000003")).toContain(
      "the control plane could not say whether cluster a0000000000000000003 exists (no cluster " +
        "kind has cluster a0000000000000000003, and the control plane refused to say for Cluster: ",
    );
  });
});
