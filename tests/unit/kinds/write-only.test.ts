// Write-only inputs (a user's password, a secret's value, a connector secret's data and name, a
// transform's module: the API never returns them) do not block adoption: an imported resource
// without them checks clean and diffs as no change; a new resource needs them, said at the check;
// setting one on an imported resource is an update; what the API cannot do without one is refused
// before any call, and an update never sends an empty secret.
import { configure, providerFor } from "../../../provider/runtime-entry";
import { updateOf } from "../../../provider/kinds/secret/kind";
import { secret } from "../../../provider/kinds/secret/spec";
import { user } from "../../../provider/kinds/user/spec";
import { connectorSecret } from "../../../provider/kinds/connector-secret/spec";
import { transform } from "../../../provider/kinds/transform/spec";
import { WASM_FIXTURE } from "../../support/bad-inputs";
import { testContext } from "../../support/call-context";

const ctx = testContext();

const URL = "https://dp.example.test";
const IMPORTED = {
  User: { dataplaneApiUrl: URL, name: "app", mechanism: "SASL_MECHANISM_SCRAM_SHA_256" },
  Secret: { dataplaneApiUrl: URL, name: "PG_PASSWORD", scopes: ["SCOPE_REDPANDA_CONNECT"] },
  ConnectorSecret: { dataplaneApiUrl: URL, connectClusterName: "redpanda" },
  Transform: {
    dataplaneApiUrl: URL,
    name: "redact",
    inputTopicName: "orders",
    outputTopicNames: ["orders-redacted"],
  },
};
const VALUES = {
  User: { password: "a-password" },
  Secret: { secretData: "a-value" },
  ConnectorSecret: { name: "sink", secretData: { key: "a-value" } },
  Transform: { wasmPath: WASM_FIXTURE },
};

beforeAll(() => configure({ get: () => undefined }));

describe.each(Object.keys(IMPORTED) as (keyof typeof IMPORTED)[])("%s", (type) => {
  const p = providerFor(type);
  const imported = IMPORTED[type];

  it("imported without its write-only inputs: checks clean, no change", async () => {
    const checked = await p.check(imported, imported, ctx);
    expect(checked.failures).toEqual([]);
    expect(await p.diff("x", imported, checked.inputs, ctx)).toEqual({ changes: false });
  });

  it("new without them: refused at the check, naming each", async () => {
    const { failures } = await p.check({}, imported, ctx);
    expect(failures.map((f) => f.property).sort()).toEqual(Object.keys(VALUES[type]).sort());
    expect(failures[0]?.reason).toMatch(
      /is required to create one \(an imported .* may leave it out/,
    );
  });

  it("set on an imported one: an update, never a replacement", async () => {
    const news = (await p.check(imported, { ...imported, ...VALUES[type] }, ctx)).inputs;
    const diff = await p.diff("x", imported, news, ctx);
    expect(diff).toMatchObject({ changes: true, replaces: [] });
  });
});

it("refuses what the API cannot do without the value, before any call", async () => {
  const u = {
    dataplaneApiUrl: URL,
    name: "app",
    mechanism: "SASL_MECHANISM_SCRAM_SHA_512" as const,
  };
  await expect(user.update("app", { ...u, id: "app" }, u, ctx)).rejects.toThrow(
    "user app: a new mechanism needs its password, which the API never returns: set password in the program",
  );
  await expect(user.create(u, ctx)).rejects.toThrow("user app: a new user needs its password");
  const cs = { dataplaneApiUrl: URL, connectClusterName: "redpanda", labels: { team: "a" } };
  await expect(connectorSecret.update("S1", { ...cs, id: "S1" }, cs, ctx)).rejects.toThrow(
    "connector secret S1: an update needs its secretData",
  );
  const s = { dataplaneApiUrl: URL, name: "PG", scopes: ["SCOPE_REDPANDA_CONNECT" as const] };
  await expect(secret.create(s, ctx)).rejects.toThrow(
    "secret PG: a new secret needs its secretData",
  );
  const tf = {
    dataplaneApiUrl: URL,
    name: "redact",
    inputTopicName: "orders",
    outputTopicNames: ["orders-redacted"],
    environmentVariables: [],
  };
  const env = [{ key: "LOG_LEVEL", value: "INFO" }];
  await expect(
    transform.update("redact", { ...tf, id: "redact" }, { ...tf, environmentVariables: env }, ctx),
  ).rejects.toThrow(
    "transform redact: a redeploy needs its module, which the API never returns: set wasmPath in the program",
  );
  await expect(transform.create(tf, ctx)).rejects.toThrow(
    "transform redact: a new transform needs its module",
  );
});

it("updates a secret without its value by leaving the value out, not by sending an empty one", () => {
  const i = { dataplaneApiUrl: URL, name: "PG", scopes: ["SCOPE_REDPANDA_CONNECT" as const] };
  expect(updateOf(i)).toEqual({ scopes: ["SCOPE_REDPANDA_CONNECT"], labels: {} });
  expect(updateOf({ ...i, secretData: "v" })).toEqual({
    secret_data: "dg==",
    scopes: ["SCOPE_REDPANDA_CONNECT"],
    labels: {},
  });
});
