// A Transform's module is a file: the check reads it (refusing what is not a WebAssembly module,
// as the vendor's CLI does, and what the data plane refuses), derives its SHA-256, and the hash —
// not the path — decides whether it changed. The environment is compared as the broker keeps it
// (a map: any order), and the deploy's metadata is the vendor's DeployTransformRequest.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { fromApi, toApi, transformKind } from "../../../provider/kinds/transform/kind";
import type { TransformOutputs } from "../../../provider/kinds/transform/kind";
import { sha256 } from "../../../provider/kinds/transform/module";
import { providerFor } from "../../../provider/runtime-entry";
import { UNKNOWN } from "../../../provider/runtime/lifecycle";
import { testContext } from "../../support/call-context";

// The stack-wide opt-out of the deletion guard: replacements are among what these cases check.
const ctx = testContext((key) => (key === "allowDeletion" ? "true" : undefined));
const p = providerFor("Transform");

/** The smallest module: the magic number and version 1. */
const MODULE = Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
const OTHER = Buffer.concat([MODULE, Buffer.from([0x00, 0x01, 0x00])]);

let dir: string;
const file = (name: string, bytes?: Buffer) => {
  const at = path.join(dir, name);
  if (bytes) fs.writeFileSync(at, bytes);
  return at;
};

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "transform-unit-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const args = (wasmPath: string) => ({
  _rpType: "Transform",
  dataplaneApiUrl: "https://dp.example.test",
  name: "redact",
  inputTopicName: "orders",
  outputTopicNames: ["orders-redacted"],
  environmentVariables: [
    { key: "LOG_LEVEL", value: "DEBUG" },
    { key: "MASK", value: "****" },
  ],
  wasmPath,
});

describe("check", () => {
  it("derives the module's SHA-256 from the file, keeping the path as given", async () => {
    const at = file("redact.wasm", MODULE);
    const { inputs, failures } = await p.check({}, args(at), ctx);
    expect(failures).toEqual([]);
    expect(inputs).toMatchObject({ wasmPath: at, wasmSha256: sha256(MODULE) });
    expect(sha256(MODULE)).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [
      "a missing file",
      () => path.join(dir, "missing.wasm"),
      /cannot be read \(no such file, ENOENT\)/,
    ],
    ["a directory", () => dir, /is not a file/],
    [
      "a file that is not WebAssembly",
      () => file("main.go", Buffer.from("package main\n")),
      /is not a WebAssembly module \(it does not start with the magic number \\0asm/,
    ],
    [
      "a file shorter than the magic number",
      () => file("short.wasm", Buffer.from([0])),
      /is not a WebAssembly module/,
    ],
  ])("refuses %s, naming wasmPath, before any API call", async (_what, at, reason) => {
    const { failures } = await p.check({}, args(at()), ctx);
    expect(failures).toHaveLength(1);
    expect(failures[0]!.property).toBe("wasmPath");
    expect(failures[0]!.reason).toMatch(/^Transform wasmPath /);
    expect(failures[0]!.reason).toMatch(reason);
  });

  it("refuses a module over the data plane's 10 MiB", async () => {
    const at = file("big.wasm", MODULE);
    fs.truncateSync(at, 10 * 1024 * 1024 + 1);
    const { failures } = await p.check({}, args(at), ctx);
    expect(failures.map((f) => f.reason)).toEqual([
      `Transform wasmPath ${at} is 10.0 MiB: the data plane takes modules of at most 10 MiB`,
    ]);
  });

  it("requires wasmPath of a new transform; an imported one may leave it out", async () => {
    const imported: Record<string, unknown> = { ...args(""), wasmPath: undefined };
    const created = await p.check({}, imported, ctx);
    expect(created.failures.map((f) => f.property)).toEqual(["wasmPath"]);
    const adopted = await p.check({ ...imported, id: "redact" }, imported, ctx);
    expect(adopted.failures).toEqual([]);
    expect(adopted.inputs).not.toHaveProperty("wasmSha256");
  });

  it.each([
    [
      "a reserved key",
      [{ key: "REDPANDA_BROKERS", value: "x" }],
      /keys starting REDPANDA_ are reserved/,
    ],
    ["a key with =", [{ key: "A=B", value: "x" }], /may not hold = or a control character/],
    ["an empty value", [{ key: "A", value: "" }], /value is required/],
    [
      "a key twice",
      [
        { key: "A", value: "1" },
        { key: "A", value: "2" },
      ],
      /names A twice/,
    ],
  ])("refuses %s in environmentVariables", async (_what, environmentVariables, reason) => {
    const at = file("redact.wasm", MODULE);
    const { failures } = await p.check({}, { ...args(at), environmentVariables }, ctx);
    expect(failures.map((f) => f.property)).toEqual(["environmentVariables"]);
    expect(failures[0]!.reason).toMatch(reason);
  });

  it("refuses a second output topic and an adoptId that is not the name", async () => {
    const at = file("redact.wasm", MODULE);
    const two = await p.check({}, { ...args(at), outputTopicNames: ["a", "b"] }, ctx);
    expect(two.failures.map((f) => [f.property, f.reason])).toEqual([
      [
        "outputTopicNames",
        "Transform outputTopicNames takes one topic: the data plane deploys a transform with exactly one",
      ],
    ]);
    const adopt = await p.check({}, { ...args(at), adoptId: "other" }, ctx);
    expect(adopt.failures.map((f) => f.property)).toEqual(["adoptId"]);
  });
});

describe("diff: the module's content decides, not its path", () => {
  async function diffAfter(olds: Record<string, unknown>, news: Record<string, unknown>) {
    const checked = await p.check(olds, news, ctx);
    expect(checked.failures).toEqual([]);
    return p.diff("redact", olds, checked.inputs, ctx);
  }

  it("the same file: no change; new bytes under the same path: an update in place", async () => {
    const at = file("redact.wasm", MODULE);
    const olds = { ...(await p.check({}, args(at), ctx)).inputs, id: "redact" };
    expect(await diffAfter(olds, args(at))).toEqual({ changes: false });
    fs.writeFileSync(at, OTHER);
    expect(await diffAfter(olds, args(at))).toEqual({
      changes: true,
      replaces: [],
      deleteBeforeReplace: false,
    });
  });

  it("the same bytes at another path: no change", async () => {
    const olds = { ...(await p.check({}, args(file("a.wasm", MODULE)), ctx)).inputs, id: "redact" };
    expect(await diffAfter(olds, args(file("b.wasm", MODULE)))).toEqual({ changes: false });
  });

  it("a path still unknown at preview: a change", async () => {
    const olds = { ...(await p.check({}, args(file("a.wasm", MODULE)), ctx)).inputs, id: "redact" };
    const checked = await p.check(olds, args(UNKNOWN), ctx);
    expect(checked.inputs).toMatchObject({ wasmSha256: UNKNOWN });
    expect(await p.diff("redact", olds, checked.inputs, ctx)).toMatchObject({ changes: true });
  });

  it("the environment in another order: no change; another value: an update; a topic: a replacement", async () => {
    const at = file("redact.wasm", MODULE);
    const olds = { ...(await p.check({}, args(at), ctx)).inputs, id: "redact" };
    const env = args(at).environmentVariables;
    expect(
      await diffAfter(olds, { ...args(at), environmentVariables: [...env].reverse() }),
    ).toEqual({
      changes: false,
    });
    expect(
      await diffAfter(olds, {
        ...args(at),
        environmentVariables: [{ key: "LOG_LEVEL", value: "INFO" }],
      }),
    ).toMatchObject({ changes: true, replaces: [] });
    expect(await diffAfter(olds, { ...args(at), inputTopicName: "payments" })).toEqual({
      changes: true,
      replaces: ["inputTopicName"],
      deleteBeforeReplace: true,
    });
  });
});

describe("mappers", () => {
  const i = transformKind.inputs.parse({ ...args(""), wasmPath: undefined });

  it("sends the vendor's DeployTransformRequest", () => {
    expect(toApi(i)).toEqual({
      name: "redact",
      input_topic_name: "orders",
      output_topic_names: ["orders-redacted"],
      environment_variables: [
        { key: "LOG_LEVEL", value: "DEBUG" },
        { key: "MASK", value: "****" },
      ],
    });
  });

  it("reads the API's record back, keeping the declared order of the same variables", () => {
    const props: TransformOutputs = { ...i, id: "redact", wasmSha256: "abc" };
    const api = {
      name: "redact",
      input_topic_name: "orders",
      output_topic_names: ["orders-redacted"],
      environment_variables: [
        { key: "MASK", value: "****" },
        { key: "LOG_LEVEL", value: "DEBUG" },
      ],
      statuses: [],
    };
    expect(fromApi(api, props)).toEqual(props);
    const changed = { ...api, environment_variables: [{ key: "LOG_LEVEL", value: "INFO" }] };
    expect(fromApi(changed, props)).toEqual({
      ...props,
      environmentVariables: [{ key: "LOG_LEVEL", value: "INFO" }],
    });
  });
});
