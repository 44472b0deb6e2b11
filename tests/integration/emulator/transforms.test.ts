// Wasm transforms (`/v1/transforms`) over HTTP, once with the data plane in memory and once with its
// Kafka broker behind it: the multipart deploy of a real WebAssembly module (built here with Go,
// `GOOS=wasip1 GOARCH=wasm`) and the vendor's refusals (a body that is not WebAssembly, topics that
// do not exist, the request's rules, a redeploy that changes a topic, a cycle), list with paging,
// get with its partition statuses, delete; the inventory and `objectCount` (what `npm run destroy`
// checks) see transforms. Rules and sources: emulator/routes/transform.ts.
import { objectCount } from "../../../emulator";
import { DATA_PLANES } from "../../support/data-planes";
import type { ResponseBody, TestEmulator } from "../../support/emulator";
import {
  TOKEN,
  eventually,
  expectAllResponsesValid,
  readyServerlessCluster,
  startTestEmulator,
} from "../../support/emulator";
import { kafkaClient } from "../../support/kafka";
import { EMPTY_MODULE, buildModule } from "../../support/wasm";

interface Metadata {
  name?: unknown;
  input_topic_name?: unknown;
  output_topic_names?: unknown;
  environment_variables?: unknown;
  [other: string]: unknown;
}

/** Status, gRPC code, first ErrorInfo reason and message of an answer. */
const outcome = (r: { status: number; body: ResponseBody }) => [
  r.status,
  r.body?.code,
  r.body?.details?.[0]?.reason,
  r.body?.message,
];

/** The field violations of a 400, as [field, description]. */
const violations = (r: { body: ResponseBody }) =>
  (
    r.body.details.find((d: ResponseBody) => d["@type"].endsWith("BadRequest"))
      .field_violations as { field: string; description: string }[]
  ).map((v) => [v.field, v.description]);

describe.each(DATA_PLANES)("transforms, data plane %s", (mode, options) => {
  let t: TestEmulator;
  let clusterId: string;
  let dp: string;
  let brokers: string[];
  let wasm: Buffer;

  /** PUT /v1/transforms with a multipart body, as the vendor's clients send it. */
  async function deploy(
    metadata: Metadata | string | undefined,
    module: Buffer | null = EMPTY_MODULE,
  ): Promise<{ status: number; body: ResponseBody }> {
    const form = new FormData();
    if (metadata !== undefined)
      form.set("metadata", typeof metadata === "string" ? metadata : JSON.stringify(metadata));
    if (module !== null) form.set("wasm_binary", new Blob([module]), "transform.wasm");
    const res = await fetch(`${dp}/v1/transforms`, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }

  const meta = (name: string, input = "orders", outputs = ["orders-redacted"]): Metadata => ({
    name,
    input_topic_name: input,
    output_topic_names: outputs,
    environment_variables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
  });

  beforeAll(async () => {
    wasm = await buildModule();
    t = await startTestEmulator(options());
    const c = await readyServerlessCluster(t, `tf-${mode.replace(/\W+/g, "-")}`);
    clusterId = c.id;
    const full = (await t.call("GET", `/v1/serverless/clusters/${c.id}`)).body.serverless_cluster;
    dp = full.dataplane_api.url;
    brokers = full.kafka_api.seed_brokers;
    for (const [name, partitions] of [
      ["orders", 3],
      ["orders-redacted", 1],
      ["audit", 1],
    ] as const) {
      const made = await t.call("POST", `${dp}/v1/topics`, { name, partition_count: partitions });
      expect(made.status).toBe(201);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
    expectAllResponsesValid(t, `transforms, data plane ${mode}`);
  });

  it("deploys a real module: 201 with its metadata, INACTIVE partitions, then RUNNING", async () => {
    const made = await deploy(meta("redact-orders"), wasm);
    expect(made.status).toBe(201);
    expect(made.body).toEqual({
      name: "redact-orders",
      input_topic_name: "orders",
      output_topic_names: ["orders-redacted"],
      environment_variables: [{ key: "LOG_LEVEL", value: "DEBUG" }],
      statuses: [0, 1, 2].map((partition_id) => ({
        broker_id: 0,
        partition_id,
        status: "PARTITION_STATUS_INACTIVE",
        lag: 0,
      })),
    });
    const running = await eventually(async () => {
      const got = await t.call("GET", `${dp}/v1/transforms/redact-orders`);
      return got.body.transform.statuses.every(
        (s: ResponseBody) => s.status === "PARTITION_STATUS_RUNNING",
      )
        ? got.body.transform
        : undefined;
    });
    expect(running.statuses).toHaveLength(3);
    // The module is kept as its digest, never its bytes.
    const rec = t.emu.world().dataplanes[clusterId]?.transforms?.["redact-orders"];
    expect(rec?.wasm_bytes).toBe(wasm.length);
    expect(rec?.wasm_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts a body that is not WebAssembly (it fails once it runs), as newer brokers do", async () => {
    const r = await deploy(meta("not-wasm"), Buffer.from("#!/bin/sh\necho not wasm\n"));
    expect(r.status).toBe(201);
    const statuses = async () =>
      (
        (await t.call("GET", `${dp}/v1/transforms/not-wasm`)).body.transform.statuses as {
          status: string;
        }[]
      ).map((s) => s.status);
    await eventually(async () =>
      (await statuses()).every((s) => s === "PARTITION_STATUS_ERRORED") ? true : undefined,
    );
    expect((await t.call("DELETE", `${dp}/v1/transforms/not-wasm`)).status).toBe(204);
  });

  it("refuses a module over 10 MiB as an invalid source", async () => {
    for (const module of [Buffer.concat([EMPTY_MODULE, Buffer.alloc(10 * 1024 * 1024)])]) {
      const r = await deploy(meta("not-wasm"), module);
      expect(outcome(r)).toEqual([
        400,
        "INVALID_ARGUMENT",
        "REASON_REDPANDA_ADMIN_API_ERROR",
        "could not deploy wasm transform: Invalid transform source",
      ]);
      expect(r.body.details[0].metadata).toEqual({ adminapi_status_code: "400" });
    }
    expect((await t.call("GET", `${dp}/v1/transforms/not-wasm`)).status).toBe(404);
  });

  it("refuses topics that do not exist, internal outputs and a cycle", async () => {
    const refused = (message: string) => [
      400,
      "INVALID_ARGUMENT",
      "REASON_REDPANDA_ADMIN_API_ERROR",
      `could not deploy wasm transform: ${message}`,
    ];
    expect(outcome(await deploy(meta("no-input", "missing")))).toEqual(
      refused("Topic does not exists"),
    );
    expect(outcome(await deploy(meta("no-output", "orders", ["missing"])))).toEqual(
      refused("Topic does not exists"),
    );
    expect(outcome(await deploy(meta("to-offsets", "orders", ["__consumer_offsets"])))).toEqual(
      refused("Invalid create transform configuration"),
    );
    // orders → audit, then audit → orders would loop.
    expect((await deploy(meta("to-audit", "orders", ["audit"]))).status).toBe(201);
    expect(outcome(await deploy(meta("back", "audit", ["orders"])))).toEqual(
      refused("Invalid create transform configuration"),
    );
    expect((await t.call("DELETE", `${dp}/v1/transforms/to-audit`)).status).toBe(204);
  });

  it("checks the request's rules before the broker: names, one output topic, reserved keys", async () => {
    const r = await deploy({
      name: "has space",
      input_topic_name: "",
      output_topic_names: ["orders-redacted", "audit"],
      environment_variables: [
        { key: "REDPANDA_BROKERS", value: "x" },
        { key: "EMPTY", value: "" },
      ],
    });
    expect(outcome(r)).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_INVALID_INPUT",
      "provided parameters are invalid",
    ]);
    expect(violations(r)).toEqual([
      ["name", "value does not match regex pattern `^[a-zA-Z0-9._\\-]*$`"],
      ["input_topic_name", "value is required"],
      ["output_topic_names", "value must contain no more than 1 item(s)"],
      [
        "environment_variables[0].key",
        "Environment variable keys that start with 'REDPANDA_' are reserved.",
      ],
      ["environment_variables[1].value", "value is required"],
    ]);
    // protojson: JSON names are read too; unknown fields are refused.
    const camel = await deploy({
      name: "camel",
      inputTopicName: "orders",
      outputTopicNames: ["orders-redacted"],
    });
    expect(camel.status).toBe(201);
    expect((await t.call("DELETE", `${dp}/v1/transforms/camel`)).status).toBe(204);
    expect(outcome(await deploy({ ...meta("x"), compression: "gzip" }))).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_INVALID_INPUT",
      'unable to parse form field metadata: unknown field "compression"',
    ]);
  });

  it("answers a body without its parts as the vendor's handler does", async () => {
    const empty = await fetch(`${dp}/v1/transforms`, {
      method: "PUT",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(((await empty.json()) as ResponseBody).message).toBe(
      "request body must be a valid multipart/form-data payload, but sent body is empty",
    );
    expect(outcome(await deploy(meta("no-module"), null))).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_INVALID_INPUT",
      "could not find or parse form field wasm_binary: http: no such file",
    ]);
    expect((await deploy(undefined)).body.message).toBe(
      "could not find or parse form field metadata",
    );
    const json = await t.call("PUT", `${dp}/v1/transforms`, meta("json-body"));
    expect(json.body.message).toBe(
      "could not parse multipart form: request Content-Type isn't multipart/form-data",
    );
  });

  it("redeploys in place: a new module and environment, never other topics", async () => {
    const again = await deploy(
      { ...meta("redact-orders"), environment_variables: [{ key: "LOG_LEVEL", value: "INFO" }] },
      Buffer.concat([wasm, Buffer.from([0])]),
    );
    expect(again.status).toBe(201);
    expect(again.body.environment_variables).toEqual([{ key: "LOG_LEVEL", value: "INFO" }]);
    expect(again.body.statuses[0].status).toBe("PARTITION_STATUS_INACTIVE");
    expect(outcome(await deploy(meta("redact-orders", "audit")))).toEqual([
      400,
      "INVALID_ARGUMENT",
      "REASON_REDPANDA_ADMIN_API_ERROR",
      "could not deploy wasm transform: Invalid update to transform, topic configuration cannot change",
    ]);
  });

  it("lists by name with paging and a name filter", async () => {
    for (const name of ["page-b", "page-a", "page-c"])
      expect((await deploy(meta(name))).status).toBe(201);
    const first = await t.call("GET", `${dp}/v1/transforms?filter.name_contains=page-&page_size=2`);
    expect(first.body.transforms.map((x: ResponseBody) => x.name)).toEqual(["page-a", "page-b"]);
    expect(first.body.next_page_token).not.toBe("");
    const rest = await t.call(
      "GET",
      `${dp}/v1/transforms?filter.name_contains=page-&page_size=2&page_token=${first.body.next_page_token}`,
    );
    expect(rest.body).toMatchObject({ transforms: [{ name: "page-c" }], next_page_token: "" });
    const all = await t.call("GET", `${dp}/v1/transforms?page_size=-1`);
    expect(all.body.transforms.map((x: ResponseBody) => x.name)).toEqual([
      "page-a",
      "page-b",
      "page-c",
      "redact-orders",
    ]);
  });

  it("is in the inventory and counted; delete is 204, then 404 in the vendor's words", async () => {
    const inv = t.emu.inventory();
    expect(inv.dataplanes[clusterId]?.transforms.sort()).toEqual([
      "page-a",
      "page-b",
      "page-c",
      "redact-orders",
    ]);
    const before = objectCount(inv);
    expect((await t.call("DELETE", `${dp}/v1/transforms/page-a`)).status).toBe(204);
    expect(objectCount(t.emu.inventory())).toBe(before - 1);
    expect(outcome(await t.call("DELETE", `${dp}/v1/transforms/page-a`))).toEqual([
      404,
      "NOT_FOUND",
      "REASON_RESOURCE_NOT_FOUND",
      'the requested transform "page-a" does not exist',
    ]);
    expect((await t.call("GET", `${dp}/v1/transforms/page-a`)).status).toBe(404);
    // Out of band, as someone deleting it in the console would.
    await t.admin("DELETE", `/_admin/dataplane/${clusterId}/transforms/page-b`);
    expect((await t.call("GET", `${dp}/v1/transforms/page-b`)).status).toBe(404);
  });

  if (mode !== "in memory") {
    it("sees a topic made with a Kafka client, which the emulator's table did not hold", async () => {
      await t.call("POST", `${dp}/v1/users`, {
        name: "ops",
        password: "ops-password",
        mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
      });
      await t.call("POST", `${dp}/v1/acls`, {
        resource_type: "RESOURCE_TYPE_CLUSTER",
        resource_name: "kafka-cluster",
        resource_pattern_type: "RESOURCE_PATTERN_TYPE_LITERAL",
        principal: "User:ops",
        host: "*",
        operation: "OPERATION_ALL",
        permission_type: "PERMISSION_TYPE_ALLOW",
      });
      const login = { brokers, user: "ops", password: "ops-password" };
      expect(await kafkaClient("create-topic", login, { topic: "clicks", partitions: 2 })).toEqual({
        ok: true,
      });
      expect(t.emu.world().dataplanes[clusterId]?.topics.clicks).toBeUndefined();
      const made = await deploy(meta("from-clicks", "clicks", ["orders-redacted"]));
      expect(made.status).toBe(201);
      expect(made.body.statuses).toHaveLength(2);
    });
  }
});
