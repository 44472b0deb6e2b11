// The Schema provider against the emulator's real registry: create, a subject someone else holds
// refused (then taken over with adoptId), a new version on change, drift and out-of-band deletion
// on read, delete soft then hard.
import type { TestEmulator } from "../../support/emulator";
import { configureRuntime, startTestEmulator } from "../../support/emulator";
import type { Props } from "../../support/runtime";
import { callRuntime as call } from "../../support/runtime";

let t: TestEmulator;
let sr: string;

const create = async (props: Props) =>
  (await call("create", (await call("check", {}, props)).inputs)) as { id: string; outs: Props };

beforeAll(async () => {
  t = await startTestEmulator();
  await configureRuntime(t);
  const rg = await create({ _rpType: "ResourceGroup", name: "schema-int" });
  const sl = await create({
    _rpType: "ServerlessCluster",
    name: "schema-int-sl",
    resourceGroupId: rg.id,
    serverlessRegion: "us-east-1",
  });
  sr = sl.outs.schemaRegistryUrl as string;
});
afterAll(() => t.close());

const record = (fields: string[]) =>
  JSON.stringify({
    type: "record",
    name: "R",
    fields: fields.map((name) => ({ name, type: "string", default: "" })),
  });

it("creates, versions, notices drift and deletion, and deletes", async () => {
  const base = { _rpType: "Schema", schemaRegistryUrl: sr, subject: "int-value" };
  const made = await create({ ...base, schema: record(["a"]) });
  expect(made.outs).toMatchObject({ schemaId: 1, version: 1 });

  const checked = (await call("check", made.outs, { ...base, schema: record(["a", "b"]) })) as {
    inputs: Props;
  };
  const { outs: updated } = (await call("update", made.id, made.outs, checked.inputs)) as {
    outs: Props;
  };
  expect(updated).toMatchObject({ version: 2, schemaId: 2 });

  // Someone registers a version out of band: refresh reports it as the schema.
  await t.call("POST", `${sr}/subjects/int-value/versions`, { schema: record(["a", "b", "c"]) });
  const read = (await call("read", made.id, updated)) as { props: Props };
  expect(read.props).toMatchObject({ schema: record(["a", "b", "c"]), version: 3 });

  await call("delete", made.id, updated);
  expect((await t.call("GET", `${sr}/subjects?deleted=true`)).body).not.toContain("int-value");
  expect(await call("read", made.id, updated)).toEqual({});
});

it("refuses a subject that holds another schema unless adopted", async () => {
  await t.call("POST", `${sr}/subjects/theirs-value/versions`, { schema: record(["x"]) });
  const base = { _rpType: "Schema", schemaRegistryUrl: sr, subject: "theirs-value" };
  await expect(create({ ...base, schema: record(["x", "y"]) })).rejects.toThrow(
    /already exists in the Schema Registry with another schema.*adoptId: "theirs-value"/,
  );
  const adopted = await create({ ...base, schema: record(["x", "y"]), adoptId: "theirs-value" });
  expect(adopted.outs).toMatchObject({ version: 2 });
});
