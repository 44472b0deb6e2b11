// The emulator's Schema Registry: compatibility really checked (avsc for Avro, protobufjs for
// Protobuf, ajv for JSON Schema), ids shared by identical schemas, references and referencedby,
// soft then hard delete, per-subject and global levels, and SR ACLs enforced for a SASL user.
import type { TestEmulator } from "../../support/emulator";
import { readyServerlessCluster, startTestEmulator } from "../../support/emulator";

let t: TestEmulator;
let sr: string;
let dp: string;

beforeAll(async () => {
  t = await startTestEmulator();
  const cluster = await readyServerlessCluster(t, "sr");
  sr = cluster.schema_registry.url;
  dp = cluster.dataplane_api.url;
});
afterAll(() => t.close());

const avro = (fields: unknown[]) =>
  JSON.stringify({ type: "record", name: "Order", namespace: "shop", fields });
const post = (subject: string, body: unknown) =>
  t.call("POST", `${sr}/subjects/${subject}/versions`, body);

it("serves at the URL the cluster record gives, on loopback", () => {
  expect(sr).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sr\/[a-v0-9]{20}$/);
});

it("Avro: a backward-compatible change is a new version; an incompatible one is refused", async () => {
  const v1 = await post("orders-value", { schema: avro([{ name: "id", type: "string" }]) });
  expect(v1.status).toBe(200);
  // The same schema again: the same id, no new version.
  const again = await post("orders-value", { schema: avro([{ name: "id", type: "string" }]) });
  expect(again.body.id).toBe(v1.body.id);
  const v2 = await post("orders-value", {
    schema: avro([
      { name: "id", type: "string" },
      { name: "note", type: "string", default: "" },
    ]),
  });
  expect(v2.status).toBe(200);
  expect((await t.call("GET", `${sr}/subjects/orders-value/versions`)).body).toEqual([1, 2]);
  // A new field without a default: the new schema cannot read old records (BACKWARD).
  const bad = await post("orders-value", {
    schema: avro([
      { name: "id", type: "string" },
      { name: "note", type: "string", default: "" },
      { name: "qty", type: "int" },
    ]),
  });
  expect(bad.status).toBe(409);
  expect(bad.body.message).toMatch(/incompatible.*BACKWARD/);
  const invalid = await post("orders-value", { schema: '{"type":"recrod"}' });
  expect([invalid.status, invalid.body.error_code]).toEqual([422, 42201]);
});

it("Avro with a reference; referencedby pins it against deletion", async () => {
  const id = await post("shop-id", {
    schema: JSON.stringify({ type: "fixed", name: "Id", namespace: "shop", size: 16 }),
  });
  expect(id.status).toBe(200);
  const user = await post("refs-value", {
    schema: JSON.stringify({
      type: "record",
      name: "Ref",
      namespace: "shop",
      fields: [{ name: "id", type: "shop.Id" }],
    }),
    references: [{ name: "shop.Id", subject: "shop-id", version: 1 }],
  });
  expect(user.status).toBe(200);
  expect((await t.call("GET", `${sr}/subjects/shop-id/versions/1/referencedby`)).body).toEqual([
    user.body.id,
  ]);
  expect((await t.call("DELETE", `${sr}/subjects/shop-id`)).body.error_code).toBe(42206);
});

it("FULL compatibility per subject; Protobuf and JSON Schema checked by their parsers", async () => {
  expect((await t.call("PUT", `${sr}/config/full-value`, { compatibility: "FULL" })).body).toEqual({
    compatibility: "FULL",
  });
  await post("full-value", { schema: avro([{ name: "id", type: "string" }]) });
  // Adding a field with a default is FULL-compatible; removing one without is not (FORWARD).
  expect(
    (
      await post("full-value", {
        schema: avro([
          { name: "id", type: "string" },
          { name: "n", type: "int", default: 0 },
        ]),
      })
    ).status,
  ).toBe(200);
  const removed = await post("full-value", {
    schema: avro([{ name: "n", type: "int", default: 0 }]),
  });
  expect(removed.status).toBe(409);

  const proto = (type: string) =>
    `syntax = "proto3";\npackage shop;\nmessage Item { string sku = 1; ${type} qty = 2; }`;
  expect(
    (await post("items-value", { schemaType: "PROTOBUF", schema: proto("int32") })).status,
  ).toBe(200);
  expect(
    (await post("items-value", { schemaType: "PROTOBUF", schema: proto("int64") })).status,
  ).toBe(200);
  const retyped = await post("items-value", { schemaType: "PROTOBUF", schema: proto("string") });
  expect(retyped.status).toBe(409);
  expect(retyped.body.message).toMatch(/field 2 of shop\.Item changed type/);
  const broken = await post("items-value", { schemaType: "PROTOBUF", schema: "message {" });
  expect(broken.status).toBe(422);

  const json = (required: string[]) =>
    JSON.stringify({ type: "object", properties: { a: { type: "string" } }, required });
  expect((await post("events-value", { schemaType: "JSON", schema: json([]) })).status).toBe(200);
  expect((await post("events-value", { schemaType: "JSON", schema: json(["a"]) })).status).toBe(
    409,
  );
});

it("deletes softly, then permanently", async () => {
  await post("gone-value", { schema: '"string"' });
  expect((await t.call("DELETE", `${sr}/subjects/gone-value?permanent=true`)).body.error_code).toBe(
    40405,
  );
  expect((await t.call("DELETE", `${sr}/subjects/gone-value`)).body).toEqual([1]);
  expect((await t.call("GET", `${sr}/subjects`)).body).not.toContain("gone-value");
  expect((await t.call("DELETE", `${sr}/subjects/gone-value?permanent=true`)).body).toEqual([1]);
  expect((await t.call("GET", `${sr}/subjects?deleted=true`)).body).not.toContain("gone-value");
});

it("enforces SR ACLs for a SASL user: PREFIXED grants the prefix, DENY wins", async () => {
  await t.call("POST", `${dp}/v1/users`, {
    name: "reader",
    password: "reader-pw",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_256",
  });
  const asReader = (path: string) =>
    fetch(`${sr}${path}`, {
      headers: { authorization: `Basic ${Buffer.from("reader:reader-pw").toString("base64")}` },
    });
  expect((await asReader("/subjects/orders-value/versions/1")).status).toBe(403);
  const acl = (permission: string, resource: string, pattern: string) => ({
    principal: "User:reader",
    resource,
    resource_type: "SUBJECT",
    pattern_type: pattern,
    host: "*",
    operation: "READ",
    permission,
  });
  expect(
    (await t.call("POST", `${sr}/security/acls`, [acl("ALLOW", "orders-", "PREFIXED")])).status,
  ).toBe(201);
  expect((await asReader("/subjects/orders-value/versions/1")).status).toBe(200);
  expect((await asReader("/subjects/items-value/versions/1")).status).toBe(403);
  await t.call("POST", `${sr}/security/acls`, [acl("DENY", "orders-value", "LITERAL")]);
  expect((await asReader("/subjects/orders-value/versions/1")).status).toBe(403);
  const wrong = await fetch(`${sr}/subjects`, {
    headers: { authorization: `Basic ${Buffer.from("reader:nope").toString("base64")}` },
  });
  expect(wrong.status).toBe(401);
});

it("stores schemas in Redpanda's canonical form; the same schema written otherwise is the same id", async () => {
  const money = 'syntax = "proto3";\npackage shop;\n// cents\nmessage Money { int64 cents = 1; }';
  expect((await post("canon-money", { schemaType: "PROTOBUF", schema: money })).status).toBe(200);
  const order = `syntax = "proto3";
import "shop/money.proto";
package shop;
message Order { Money total = 1; Kind kind = 2; }
enum Kind { KIND_UNSPECIFIED = 0; }`;
  const references = [{ name: "shop/money.proto", subject: "canon-money", version: 1 }];
  const first = await post("canon-order", { schemaType: "PROTOBUF", schema: order, references });
  expect(first.status).toBe(200);
  const got = await t.call("GET", `${sr}/subjects/canon-order/versions/1`);
  expect(got.body.schema).toBe(
    'syntax = "proto3";\npackage shop;\n\nimport "shop/money.proto";\n\n' +
      "enum Kind {\n  KIND_UNSPECIFIED = 0;\n}\n\n" +
      "message Order {\n  .shop.Money total = 1;\n  .shop.Kind kind = 2;\n}\n",
  );
  // The registry's own text, sent back: the same id, no new version.
  const again = await post("canon-order", {
    schemaType: "PROTOBUF",
    schema: got.body.schema,
    references,
  });
  expect(again.body.id).toBe(first.body.id);
  expect((await t.call("GET", `${sr}/subjects/canon-order/versions`)).body).toEqual([1]);
  // Looking the written text up finds the version.
  const found = await t.call("POST", `${sr}/subjects/canon-order`, {
    schemaType: "PROTOBUF",
    schema: order,
    references,
  });
  expect([found.status, found.body.version]).toEqual([200, 1]);

  // Avro: compact and sorted; reformatted, it is the same schema.
  const rec = { fields: [{ type: "long", name: "at" }], name: "shop.Tick", type: "record" };
  const a = await post("canon-tick", { schema: JSON.stringify(rec, null, 2) });
  const b = await post("canon-tick", { schema: JSON.stringify(rec) });
  expect(b.body.id).toBe(a.body.id);
  expect((await t.call("GET", `${sr}/subjects/canon-tick/versions/latest`)).body.schema).toBe(
    '{"type":"record","name":"Tick","namespace":"shop","fields":[{"name":"at","type":"long"}]}',
  );
});
