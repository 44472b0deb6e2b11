// Avro and JSON Schema texts in the form Redpanda's Schema Registry stores them (avro.cc's
// sanitize_avro_schema_definition; json.cc's make_canonical_json_schema), and the comparison the
// Schema kind makes with it.
import { sameSchemaText, storedForm } from "../../../provider/schema-form";

const avro = (text: string) => storedForm("AVRO", text);

it("Avro: compact, members in the registry's order, fields name before type", () => {
  const text = `{
    "fields": [ { "type": "string", "name": "id", "doc": "the id" } ],
    "doc": "An order",
    "type": "record",
    "name": "Order"
  }`;
  expect(avro(text)).toBe(
    '{"type":"record","name":"Order","doc":"An order","fields":[{"name":"id","type":"string","doc":"the id"}]}',
  );
});

it("Avro: full names split, redundant namespaces dropped, a leading dot alone stripped", () => {
  const text = JSON.stringify({
    type: "record",
    name: "shop.Order",
    fields: [
      {
        name: "total",
        type: { type: "record", name: "Money", namespace: "shop", fields: [] },
      },
      { name: "state", type: { type: "enum", name: ".State", symbols: ["NEW"] } },
      { name: "tags", type: ["null", ".Tag"] },
    ],
  });
  expect(avro(text)).toBe(
    '{"type":"record","name":"Order","namespace":"shop","fields":[' +
      '{"name":"total","type":{"type":"record","name":"Money","fields":[]}},' +
      '{"name":"state","type":{"type":"enum","name":"State","namespace":"","symbols":["NEW"]}},' +
      '{"name":"tags","type":["null","Tag"]}]}',
  );
});

it("Avro: enum, fixed, array and map members sorted; defaults, aliases and custom props kept", () => {
  expect(
    avro('{"symbols":["A","B"],"default":"A","aliases":["E"],"name":"x.E","type":"enum"}'),
  ).toBe(
    '{"type":"enum","name":"E","namespace":"x","symbols":["A","B"],"default":"A","aliases":["E"]}',
  );
  expect(avro('{"size":16,"type":"fixed","name":"Id"}')).toBe(
    '{"type":"fixed","name":"Id","size":16}',
  );
  expect(avro('{"default":[],"items":"long","type":"array"}')).toBe(
    '{"type":"array","items":"long","default":[]}',
  );
  expect(avro('{"values":"int","type":"map","x-owner":"team"}')).toBe(
    '{"type":"map","values":"int","x-owner":"team"}',
  );
  // A double stays a double, as rapidjson writes it.
  expect(
    avro('{"name":"R","type":"record","fields":[{"name":"f","type":"double","default":1.0}]}'),
  ).toBe('{"type":"record","name":"R","fields":[{"name":"f","type":"double","default":1.0}]}');
});

it("Avro: whitespace and member order are no change; a default, a doc or a field is", () => {
  const base = { type: "record", name: "R", fields: [{ name: "n", type: "int", default: 0 }] };
  const text = JSON.stringify(base);
  expect(
    sameSchemaText(
      "AVRO",
      text,
      '{\n "fields":[{"default":0,"type":"int","name":"n"}],\n "name":"R","type":"record"}',
    ),
  ).toBe(true);
  expect(sameSchemaText("AVRO", text, avro(text))).toBe(true);
  const withDefault = JSON.stringify({ ...base, fields: [{ name: "n", type: "int", default: 1 }] });
  expect(sameSchemaText("AVRO", text, withDefault)).toBe(false);
  expect(sameSchemaText("AVRO", text, JSON.stringify({ ...base, doc: "d" }))).toBe(false);
  expect(sameSchemaText("AVRO", text, JSON.stringify({ ...base, name: "S" }))).toBe(false);
  // What follows a JSON document is ignored by the registry but is not a valid input here.
  expect(sameSchemaText("AVRO", text, `${text} x`)).toBe(false);
  expect(avro(`${text} x`)).toBe(avro(text));
});

it("Avro: invalid names are refused as the registry refuses them", () => {
  expect(() => avro('{"type":"record","name":"","fields":[]}')).toThrow(
    /Invalid JSON Field "name"/,
  );
  expect(() => avro('{"type":"record","name":"R"}')).toThrow(/Missing JSON field "fields"/);
  expect(() => avro('{"type":')).toThrow(/offset/);
});

it("JSON Schema: compact, order kept; normalize sorts the top-level members only", () => {
  const text = '{ "type": "object", "properties": { "b": {}, "a": { "type": "string" } } }';
  expect(storedForm("JSON", text)).toBe(
    '{"type":"object","properties":{"b":{},"a":{"type":"string"}}}',
  );
  expect(storedForm("JSON", text, [], { normalize: true })).toBe(
    '{"properties":{"b":{},"a":{"type":"string"}},"type":"object"}',
  );
  expect(sameSchemaText("JSON", text, storedForm("JSON", text))).toBe(true);
  expect(sameSchemaText("JSON", text, text.replace('"b"', '"c"'))).toBe(false);
});
