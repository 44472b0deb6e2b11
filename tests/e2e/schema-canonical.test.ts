// Schemas the registry rewrites (issue 31): the emulator stores Protobuf, Avro and JSON Schema in
// Redpanda's canonical form, as the real registry does, so what it returns differs from what the
// program wrote. Protobuf with an import (a reference) and Avro with a named reference, written
// with comments, whitespace and members out of the registry's order: up, then
// `pulumi preview --expect-no-changes` passes, after a refresh too (no drift, the written text
// kept in state); a field added shows as an update and registers a new version.
import type { Scenario } from "../support/stack-fixture";
import { openScenario } from "../support/stack-fixture";

const program = `
const pulumi = require("@pulumi/pulumi");
const redpanda = require("pulumi-redpanda-cloud");
const cfg = new pulumi.Config("e2e");
const rg = new redpanda.ResourceGroup("rg", { name: "canon" });
const sl = new redpanda.ServerlessCluster("sl", {
  name: "canon-sl", resourceGroupId: rg.id, serverlessRegion: "us-east-1",
});
const schemaRegistryUrl = sl.schemaRegistryUrl;

const money = new redpanda.Schema("proto-money", {
  schemaRegistryUrl, subject: "canon-money", schemaType: "PROTOBUF",
  schema: \`syntax = "proto3";
package shop;

// An amount of money.
message Money {
  int64 cents = 1;   // in cents
  Currency currency = 2;
}

enum Currency {
  CURRENCY_UNSPECIFIED = 0;
  CURRENCY_EUR = 1;
}
\`,
});
const orderFields = cfg.get("addField") === "true"
  ? "Money total = 1;\\n  string note = 2;"
  : "Money total = 1;";
new redpanda.Schema("proto-order", {
  schemaRegistryUrl, subject: "canon-order-value", schemaType: "PROTOBUF",
  schema: \`syntax = "proto3";
import "shop/money.proto";
package shop;
option java_multiple_files = true;
option java_package = "com.example.shop";

/* An order. */
message Order {
  \${orderFields}
}
\`,
  references: [{ name: "shop/money.proto", subject: money.subject, version: money.version }],
});

const avroMoney = new redpanda.Schema("avro-money", {
  schemaRegistryUrl, subject: "canon-avro-money",
  schema: JSON.stringify({
    fields: [
      { type: "long", name: "cents", doc: "in cents" },
      { name: "currency", type: { symbols: ["EUR", "USD"], type: "enum", name: "shop.Currency" } },
    ],
    namespace: "shop",
    name: "Money",
    type: "record",
  }, null, 2),
});
new redpanda.Schema("avro-order", {
  schemaRegistryUrl, subject: "canon-avro-order-value",
  schema: JSON.stringify({
    type: "record", name: "shop.Order",
    fields: [
      { default: "", type: "string", name: "id" },
      { name: "total", type: "shop.Money" },
    ],
  }, null, 4),
  references: [{ name: "shop.Money", subject: avroMoney.subject, version: avroMoney.version }],
});
new redpanda.Schema("json", {
  schemaRegistryUrl, subject: "canon-json-value", schemaType: "JSON",
  schema: JSON.stringify({ type: "object", properties: { id: { type: "string" } } }, null, 2),
});
`;

let s: Scenario;
beforeAll(async () => {
  s = await openScenario("schema-canonical", program);
});
afterAll(() => s?.disposeChecked("schema-canonical"));

const RESOURCES = 7;
const SCHEMAS = 5;

/** `pulumi preview --expect-no-changes` through the Automation API: it fails on any change. */
const expectNoChanges = () => s.stack.stack.preview({ expectNoChanges: true });

it("previews no change for schemas the registry rewrote, after up and after refresh; a field added updates", async () => {
  expect((await s.stack.up()).changes).toEqual({ create: RESOURCES });
  const clusterId = Object.keys(s.t.emu.world().dataplanes)[0]!;
  const registry = () => s.t.emu.world().dataplanes[clusterId]!.registry!;
  const latest = (subject: string) => {
    const r = registry();
    const versions = r.subjects[subject]!.versions;
    return r.schemas[versions[versions.length - 1]!.id]!.schema;
  };
  // The registry holds the canonical form, not what the program wrote.
  expect(latest("canon-order-value")).toBe(
    'syntax = "proto3";\npackage shop;\n\nimport "shop/money.proto";\n\n' +
      'option java_package = "com.example.shop";\noption java_multiple_files = true;\n\n' +
      "message Order {\n  .shop.Money total = 1;\n}\n",
  );
  expect(latest("canon-money")).toMatch(/^enum Currency \{$[^]*^message Money \{$/m);
  expect(latest("canon-avro-order-value")).toBe(
    '{"type":"record","name":"Order","namespace":"shop","fields":[{"name":"id","type":"string","default":""},{"name":"total","type":"shop.Money"}]}',
  );

  expect((await s.stack.preview()).changes).toEqual({ same: RESOURCES });
  await expectNoChanges();

  const refreshed = await s.stack.refresh();
  expect([refreshed.changes.update, refreshed.changes.delete]).toEqual([undefined, undefined]);
  // State keeps the text as written: what the program declares, so nothing to show.
  const inputs = Object.values(await s.stack.storedInputs()) as { schema?: string }[];
  const texts = inputs.map((i) => i.schema).filter((x): x is string => x !== undefined);
  expect(texts).toHaveLength(SCHEMAS);
  expect(texts.some((t) => t.includes("// An amount of money."))).toBe(true);
  await expectNoChanges();

  // A real change: a field added to the Protobuf order.
  await s.set("addField", "true");
  expect((await s.stack.preview()).changes).toEqual({ update: 1, same: RESOURCES - 1 });
  expect((await s.stack.up()).changes).toEqual({ update: 1, same: RESOURCES - 1 });
  expect(registry().subjects["canon-order-value"]!.versions.map((v) => v.version)).toEqual([1, 2]);
  expect(latest("canon-order-value")).toMatch(
    / {2}\.shop\.Money total = 1;\n {2}string note = 2;\n/,
  );
  await expectNoChanges();
  await s.stack.refresh();
  await expectNoChanges();

  expect((await s.stack.destroy()).changes).toEqual({ delete: RESOURCES });
});
