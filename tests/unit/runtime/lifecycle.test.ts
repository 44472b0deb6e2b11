import * as z from "zod";
import { ApiError } from "../../../provider/errors";
import { agentArgs } from "../../../provider/kinds/cluster/byoc-agent";
import { declareKind } from "../../../provider/declare/declare";
import type { InputsOf } from "../../../provider/declare/declare";
import { deadline, duration } from "../../../provider/declare/fields";
import { cidrProblem } from "../../../provider/declare/validation";
import type { ResourceSpec } from "../../../provider/runtime/lifecycle";
import { UNKNOWN, isUnknown, makeProvider } from "../../../provider/runtime/lifecycle";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const widget = declareKind({
  type: "Widget",
  doc: "A widget with no API: only the shared rules are under test.",
  fields: {
    name: { schema: z.string().min(3), change: "replace", doc: "Name" },
    size: { schema: z.number().int().positive().optional(), change: "update", doc: "Size" },
    tags: { schema: z.record(z.string(), z.string()).default({}), change: "update", doc: "Tags" },
    timeouts: { schema: z.unknown().optional(), change: "none", doc: "Deadlines" },
  },
  outputs: {},
});
type In = InputsOf<typeof widget.fields>;
type Out = In & { id: string };

/** A spec with no I/O: only the shared rules are under test. */
const spec: ResourceSpec<typeof widget.fields, Out> = {
  kind: widget,
  deleteBeforeReplace: true,
  replaceWhen: (olds, news) =>
    news.size !== undefined && olds.size !== undefined && news.size < olds.size ? ["size"] : [],
  label: (i) => `widget ${i.name}`,
  create: async () => ({ id: "w", outs: {} as Out }),
  read: async () => undefined,
  update: async (_id, _o, n) => ({ ...n, id: "w" }),
  delete: async () => undefined,
};
const p = makeProvider(spec);
const olds = {
  __provider: "old code",
  _rpType: "Widget",
  id: "w",
  name: "abc",
  size: 3,
  tags: { a: "1" },
};

describe("diff", () => {
  it.each([
    [
      "nothing changed, even the shim text",
      { name: "abc", size: 3, tags: { a: "1" }, __provider: "new code" },
      { changes: false },
    ],
    ["key order only", { tags: { a: "1" }, size: 3, name: "abc" }, { changes: false }],
    ["an optional input left unset", { name: "abc", tags: { a: "1" } }, { changes: false }],
    [
      "timeouts only",
      { name: "abc", size: 3, tags: { a: "1" }, timeouts: { create: "5m" } },
      { changes: false },
    ],
    [
      "an updatable field",
      { name: "abc", size: 3, tags: { a: "2" } },
      { changes: true, replaces: [], deleteBeforeReplace: false },
    ],
    [
      "a growing size",
      { name: "abc", size: 5, tags: { a: "1" } },
      { changes: true, replaces: [], deleteBeforeReplace: false },
    ],
    [
      "a shrinking size",
      { name: "abc", size: 1, tags: { a: "1" } },
      { changes: true, replaces: ["size"], deleteBeforeReplace: true },
    ],
    [
      "a replace-only field",
      { name: "abcd", size: 3, tags: { a: "1" } },
      { changes: true, replaces: ["name"], deleteBeforeReplace: true },
    ],
    [
      "an unknown replace-only field at preview",
      { name: UNKNOWN, size: 3, tags: { a: "1" } },
      { changes: true, replaces: ["name"], deleteBeforeReplace: true },
    ],
    [
      "an unknown nested value",
      { name: "abc", size: 3, tags: { a: UNKNOWN } },
      { changes: true, replaces: [], deleteBeforeReplace: false },
    ],
  ])("%s", async (_what, news, expected) => {
    expect(await p.diff("w", olds, news, ctx)).toEqual(expected);
  });
});

describe("check", () => {
  it("fails with the property named and the type in the reason", async () => {
    expect(await p.check({}, { name: "ab", size: -1 }, ctx)).toEqual({
      inputs: { name: "ab", size: -1 },
      failures: [
        { property: "name", reason: "Widget name must have at least 3 characters" },
        { property: "size", reason: "Widget size must be more than 0" },
      ],
    });
  });

  it("does not fail on values that are unknown during preview", async () => {
    expect((await p.check({}, { name: UNKNOWN, size: -1 }, ctx)).failures).toEqual([
      { property: "size", reason: expect.any(String) },
    ]);
  });

  it("returns defaults, the type marker and the shim text with the inputs", async () => {
    expect(await p.check({}, { name: "abc", _rpType: "Widget", __provider: "code" }, ctx)).toEqual({
      inputs: { name: "abc", tags: {}, _rpType: "Widget", __provider: "code" },
      failures: [],
    });
  });
});

describe("undeclared inputs", () => {
  it("refuses an input the kind does not declare, naming it, the kind and the closest name", async () => {
    expect((await p.check({}, { name: "abc", tag: { a: "1" } }, ctx)).failures).toEqual([
      { property: "tag", reason: 'Widget has no input "tag"; did you mean "tags"?' },
    ]);
    expect((await p.check({}, { name: "abc", colour: "red" }, ctx)).failures).toEqual([
      { property: "colour", reason: 'Widget has no input "colour"' },
    ]);
  });

  it("refuses it even while its value is unknown, and beside the schema's failures", async () => {
    expect((await p.check({}, { name: "ab", nmae: UNKNOWN }, ctx)).failures).toEqual([
      { property: "nmae", reason: 'Widget has no input "nmae"; did you mean "name"?' },
      { property: "name", reason: "Widget name must have at least 3 characters" },
    ]);
  });

  it("accepts the keys the resource classes and the engine add", async () => {
    const news = { name: "abc", _rpType: "Widget", __provider: "code", size: undefined };
    expect((await p.check({}, news, ctx)).failures).toEqual([]);
  });
});

describe("secret inputs, preflight checks and failed resources", () => {
  const vault = declareKind({
    ...widget,
    type: "Vault",
    fields: { ...widget.fields, name: { ...widget.fields.name, secret: true } },
  });
  const secretive = makeProvider({
    ...spec,
    kind: vault,
    failed: (o) => (o as Out & { state?: string }).state === "STATE_FAILED",
    preflight: async (i, previous, known) =>
      previous.name === i.name || !known("size")
        ? []
        : [{ property: "size", reason: `Vault size taken by ${i.name}` }],
  });

  it("reports a failing secret input without a property, so the engine cannot print its value", async () => {
    expect((await secretive.check({}, { name: "ab" }, ctx)).failures).toEqual([
      { property: "", reason: "Vault name must have at least 3 characters" },
    ]);
  });

  it("runs the preflight once the inputs parse, skipping the values still unknown", async () => {
    expect((await secretive.check({}, { name: "abcd" }, ctx)).failures).toEqual([
      { property: "size", reason: "Vault size taken by abcd" },
    ]);
    expect((await secretive.check({ name: "abcd" }, { name: "abcd" }, ctx)).failures).toEqual([]);
    expect((await secretive.check({}, { name: "abcd", size: UNKNOWN }, ctx)).failures).toEqual([]);
    // An unknown input the preflight does not read does not silence it.
    expect(
      (await secretive.check({}, { name: "abcd", size: 3, tags: UNKNOWN }, ctx)).failures,
    ).toEqual([{ property: "size", reason: "Vault size taken by abcd" }]);
  });

  it("replaces a resource the API gave up on, deleting it first", async () => {
    expect(await secretive.diff("w", { ...olds, state: "STATE_FAILED" }, olds, ctx)).toEqual({
      changes: true,
      replaces: ["state"],
      deleteBeforeReplace: true,
    });
    expect(await secretive.diff("w", { ...olds, state: "STATE_READY" }, olds, ctx)).toEqual({
      changes: false,
    });
  });
});

describe("read and delete of a missing resource", () => {
  const status = (code: number, name: string) =>
    new ApiError({ status: code, code: name, apiMessage: "x", method: "GET", path: "/v1/w" });
  const failing = (err: Error) =>
    makeProvider({
      ...spec,
      read: async () => Promise.reject(err),
      delete: async () => Promise.reject(err),
    });

  it("read answers gone; delete of a 404 is done", async () => {
    expect(await p.read("w", olds, ctx)).toEqual({});
    const gone = failing(status(404, "NOT_FOUND"));
    expect(await gone.read("w", olds, ctx)).toEqual({});
    await expect(gone.delete("w", olds, ctx)).resolves.toBeUndefined();
  });

  it("any other failure of read or delete is reported, not taken for gone", async () => {
    const denied = failing(status(403, "PERMISSION_DENIED"));
    await expect(denied.read("w", olds, ctx)).rejects.toThrow(/PERMISSION_DENIED/);
    await expect(denied.delete("w", olds, ctx)).rejects.toThrow(/PERMISSION_DENIED/);
  });
});

describe("read of a live resource", () => {
  // The stored outputs carry the inputs plus what only the API knows (the id, a state).
  const stored = { ...olds, state: "STATE_READY" };
  const live = makeProvider({
    ...spec,
    read: async (_id, props) => ({ ...props, size: 4, state: "STATE_UPDATING" }),
    inputsOf: (outs) => ({ size: outs.size }),
  });

  it("returns the live outputs, and as inputs only the declared ones with the drift", async () => {
    expect(await live.read("w", stored, ctx)).toEqual({
      id: "w",
      props: { ...stored, size: 4, state: "STATE_UPDATING" },
      inputs: { name: "abc", size: 4, tags: { a: "1" }, _rpType: "Widget", __provider: "old code" },
    });
  });

  it("with no drift, gives back the inputs the program registered, key for key", async () => {
    const declared = { name: "abc", size: 3, _rpType: "Widget", __provider: "code" };
    const checked = (await p.check({}, declared, ctx)).inputs;
    const same = makeProvider({ ...spec, read: async (_id, props) => props, inputsOf: () => ({}) });
    expect(
      (await same.read("w", { ...checked, id: "w", state: "STATE_READY" }, ctx)).inputs,
    ).toEqual(checked);
  });
});

it("finds unknowns anywhere in a value", () => {
  expect(isUnknown({ a: [1, { b: UNKNOWN }] })).toBe(true);
  expect(isUnknown({ a: [1, { b: "x" }] })).toBe(false);
});

describe("validation helpers", () => {
  it.each([
    ["10.0.0.0/16", "TYPE_DEDICATED", undefined],
    ["172.16.0.0/20", "TYPE_DEDICATED", undefined],
    ["100.64.0.0/16", "TYPE_BYOC", undefined],
    [
      "100.64.0.0/16",
      "TYPE_DEDICATED",
      'cidrBlock "100.64.0.0/16" lies in 100.64.0.0/10, which only BYOC networks (clusterType TYPE_BYOC) may use: use a block within 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16',
    ],
    [
      "10.0.0.1/16",
      "TYPE_DEDICATED",
      'cidrBlock "10.0.0.1/16" is not an IPv4 network in CIDR notation (for example 10.1.0.0/20; host bits must be zero)',
    ],
    ["10.0.0.0/24", "TYPE_DEDICATED", 'cidrBlock must be a /16 to /20 block; "10.0.0.0/24" is /24'],
    [
      "8.8.0.0/16",
      "TYPE_DEDICATED",
      'cidrBlock "8.8.0.0/16" is not a private range: use a block within 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 (a BYOC network may also use 100.64.0.0/10)',
    ],
    ["100.64.0.0/16", undefined, undefined],
  ])("cidr %s for %s", (cidr, type, problem) => {
    expect(cidrProblem(cidr, type)).toBe(problem);
  });

  it("builds the vendor CLI's BYOC arguments per cloud", () => {
    expect(agentArgs("apply", "CLOUD_PROVIDER_GCP", "c1", { gcpProjectId: "p" })).toEqual([
      "cloud",
      "byoc",
      "gcp",
      "apply",
      "--redpanda-id",
      "c1",
      "--project-id",
      "p",
    ]);
    expect(
      agentArgs("apply", "CLOUD_PROVIDER_AZURE", "c1", {
        azureSubscriptionId: "s",
        extraArgs: ["--no-prompt"],
      }),
    ).toEqual([
      "cloud",
      "byoc",
      "azure",
      "apply",
      "--redpanda-id",
      "c1",
      "--subscription-id",
      "s",
      "--no-prompt",
    ]);
    expect(
      agentArgs("destroy", "CLOUD_PROVIDER_AZURE", "c1", { azureSubscriptionId: "s" }),
    ).toEqual([
      "cloud",
      "byoc",
      "azure",
      "destroy",
      "--redpanda-id",
      "c1",
      "--subscription-id",
      "s",
    ]);
    expect(agentArgs("destroy", "CLOUD_PROVIDER_AWS", "c1", {})).toEqual([
      "cloud",
      "byoc",
      "aws",
      "destroy",
      "--redpanda-id",
      "c1",
    ]);
  });

  it("reads durations and falls back to defaults", () => {
    expect(duration.parse("90m")).toBe(5_400_000);
    expect(duration.parse("30s")).toBe(30_000);
    expect(duration.parse(2)).toBe(120_000);
    expect(duration.safeParse("soon").success).toBe(false);
    expect(deadline({ create: "2h" }, "create", 1)).toBe(7_200_000);
    expect(deadline(undefined, "delete", 42)).toBe(42);
  });
});

it("refuses at load a kind whose inputs are not an object schema (diff could read no keys)", () => {
  const wrapped = { ...widget, inputs: widget.inputs.transform((v) => v) };
  expect(() => makeProvider({ ...spec, kind: wrapped as unknown as typeof widget })).toThrow(
    "Widget: its inputs must be an object schema",
  );
});
