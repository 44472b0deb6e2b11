// The Schema kind compares its text with the registry's by meaning (the registry's canonical
// form): diff sees no change where only the form differs, a read keeps the text as written while
// the registry holds the same schema, and takes the registry's when it holds another.
import { fromApi, sameSchema } from "../../../provider/kinds/schema/kind";
import type { SchemaInputs } from "../../../provider/kinds/schema/kind";
import { providerFor } from "../../../provider/runtime-entry";
import { storedForm } from "../../../provider/schema-form";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const written = `syntax = "proto3";
package shop;
// An order.
message Order { Kind kind = 1; }
enum Kind { KIND_UNSPECIFIED = 0; }
`;
const inputs = {
  schemaRegistryUrl: "https://sr.example.test",
  subject: "orders-value",
  schemaType: "PROTOBUF",
  schema: written,
} as SchemaInputs;
const version = (schema: string) => ({
  subject: "orders-value",
  version: 3,
  id: 7,
  schemaType: "PROTOBUF",
  schema,
  references: [],
});

it("a read keeps the written text while the registry holds the same schema", () => {
  const canonical = storedForm("PROTOBUF", written);
  expect(canonical).not.toBe(written);
  expect(fromApi(version(canonical), inputs)).toMatchObject({
    schema: written,
    schemaId: 7,
    version: 3,
  });
  expect(sameSchema(inputs, version(canonical))).toBe(true);
  // Another schema registered since: the registry's text, which the next preview shows as drift.
  const other = storedForm(
    "PROTOBUF",
    written.replace("Kind kind = 1;", "Kind kind = 1; int32 n = 2;"),
  );
  expect(fromApi(version(other), inputs).schema).toBe(other);
  expect(sameSchema(inputs, version(other))).toBe(false);
});

it("diff: the registry's form or a reformatting is no change; a field is one", async () => {
  const p = providerFor("Schema");
  const olds = { ...inputs, id: "orders-value", schemaId: 7, version: 3, _rpType: "Schema" };
  const diff = (schema: string) =>
    p.diff("orders-value", olds, { ...inputs, schema, _rpType: "Schema" }, ctx);
  expect(await diff(storedForm("PROTOBUF", written))).toEqual({ changes: false });
  expect(await diff(written.replace("// An order.\n", ""))).toEqual({ changes: false });
  expect(await diff(written.replace("= 1;", "= 2;"))).toMatchObject({
    changes: true,
    replaces: [],
  });
  const avroOlds = {
    ...olds,
    schemaType: "AVRO",
    schema: '{"type": "record", "name": "R", "fields": []}',
  };
  const avroNews = (schema: string) => ({
    ...inputs,
    schemaType: "AVRO",
    schema,
    _rpType: "Schema",
  });
  expect(
    await p.diff("x", avroOlds, avroNews('{"fields":[],"name":"R","type":"record"}'), ctx),
  ).toEqual({
    changes: false,
  });
  expect(
    await p.diff(
      "x",
      avroOlds,
      avroNews('{"fields":[],"name":"R","type":"record","doc":"d"}'),
      ctx,
    ),
  ).toMatchObject({ changes: true });
});
